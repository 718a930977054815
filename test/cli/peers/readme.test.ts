import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { run } from '../../support/cli.js'

const root = new URL('../../../', import.meta.url).pathname
const readme = readFileSync(new URL('README.md', `file://${root}`), 'utf8')

describe('the README\'s command lines', () => {
  it('run as written: npx finds cabinet-hub in this folder, and every verb shown is one --help lists', () => {
    const npx = spawnSync('npm', ['exec', '--offline', '--no', '--', 'cabinet-hub', '--version'], { cwd: root, encoding: 'utf8' })
    assert.equal(npx.status, 0, npx.stderr)
    assert.equal(npx.stdout.trim(), JSON.parse(readFileSync(new URL('package.json', `file://${root}`), 'utf8')).version)

    const verbs = [...readme.matchAll(/npx cabinet-hub ([a-z][a-z-]*)/g)].map((m) => m[1]!)
    assert.ok(verbs.length >= 4, verbs.join(' '))
    const help = run(['--help']).stdout
    for (const verb of new Set(verbs)) assert.ok(help.includes(`cabinet-hub ${verb}`) || help.includes(`cabinet-hub [options] ${verb}`), verb)
    assert.doesNotMatch(readme, /^cabinet-hub /m, 'no bare cabinet-hub at the start of a command line: it is not on the PATH after npm ci')
  })
})
