import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { nodeVersion, targets } from '../../scripts/bundles/targets.js'

describe('the Node.js the project runs on', () => {
  it('is the one its bundles ship, which package.json brings for this machine whatever the system has (npm scripts run node_modules/.bin/node)', () => {
    const machine = `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`
    if (!targets.some((t) => t.name === machine)) {
      assert.ok(Number(process.versions.node.split('.')[0]) >= 24, `no Node.js package for ${machine}: the system's must be 24 or newer`)
      return
    }
    assert.equal(process.versions.node, nodeVersion())
  })
})
