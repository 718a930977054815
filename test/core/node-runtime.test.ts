import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { nodeVersion, oldestNodeVersion, thisMachine } from '../../scripts/bundles/targets.js'

describe('the Node.js the project runs on', () => {
  it('is the one its bundles ship, which package.json brings for this machine whatever the system has (npm scripts run node_modules/.bin/node), or the oldest the app supports (test:fast:node22)', () => {
    if (thisMachine() === undefined) {
      // Numeric collation compares each run of digits as a number: 22.16.0 comes after 22.9.1.
      assert.ok(process.versions.node.localeCompare(oldestNodeVersion(), 'en', { numeric: true }) >= 0, `no Node.js package for this machine: the system's must be ${oldestNodeVersion()} or newer`)
      return
    }
    assert.ok([nodeVersion(), oldestNodeVersion()].includes(process.versions.node), `Node.js ${process.versions.node}, neither ${nodeVersion()} nor ${oldestNodeVersion()}`)
  })
})
