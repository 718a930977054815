/**
 * The built command line: `hiscore decode` as an owner runs it on a definition it has never seen
 * and saves laid out as MAME writes them, and `install-mame-plugin` writing and removing only
 * its own files.
 */
import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { run } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'

/** Three scores in the .hi file, three more in the nvram file `scores`, as one table of six. */
const definition = `<hi2txt>
  <structure file=".hi">
    <check><size>12</size></check>
    <loop count="3"><elt id="SCORE" type="int" size="2" endianness="little_endian"/><elt id="NAME" type="text" size="2" ascii-offset="64"/></loop>
  </structure>
  <structure file="scores">
    <loop count="3" start="3"><elt id="SCORE" type="int" size="2" endianness="little_endian"/><elt id="NAME" type="text" size="2" ascii-offset="64"/></loop>
    <elt id="LEVEL" type="int" size="1"/>
  </structure>
  <output>
    <table id="TOP"><column id="RANK" src="index" format="+1"/><column id="SCORE"/><column id="NAME"/></table>
    <field id="LEVEL" display="extra"/>
  </output>
</hi2txt>`

const entry = (score: number, name: string) => [score & 0xff, score >> 8, ...[...name].map((c) => c.charCodeAt(0) - 64)]

describe('hiscore decode and install-mame-plugin on the command line', () => {
  const dir = tempDir('hiscore-cli-')
  const defs = path.join(dir, 'defs')
  mkdirSync(defs)
  writeFileSync(path.join(defs, 'blaster.xml'), definition)
  writeFileSync(path.join(defs, 'blasterj.xml'), '<hi2txt><sameas id="blaster"/></hi2txt>')
  const hi = path.join(dir, 'hiscore', 'blasterj.hi')
  const nvram = path.join(dir, 'nvram', 'blasterj', 'scores')
  mkdirSync(path.dirname(hi), { recursive: true })
  mkdirSync(path.dirname(nvram), { recursive: true })
  writeFileSync(hi, Buffer.from([...entry(900, 'AB'), ...entry(800, 'CD'), ...entry(700, 'EF')]))
  writeFileSync(nvram, Buffer.from([...entry(600, 'GH'), ...entry(500, 'IJ'), ...entry(400, 'KL'), 7]))

  it('prints the tables and fields of a sameas definition over a .hi file and an nvram file, cell for cell', () => {
    const result = run(['hiscore', 'decode', '--definition', path.join(defs, 'blasterj.xml'), '--file', hi, '--file', nvram, '--level', 'extra'])
    assert.equal(result.status, 0, result.stderr)
    assert.deepEqual(JSON.parse(result.stdout), {
      Tables: [
        { Id: 'TOP', Columns: ['RANK', 'SCORE', 'NAME'], Rows: [['1', '900', 'AB'], ['2', '800', 'CD'], ['3', '700', 'EF'], ['4', '600', 'GH'], ['5', '500', 'IJ'], ['6', '400', 'KL']] }
      ],
      Fields: [{ Id: 'LEVEL', Value: '7' }]
    })
  })

  it('exits 1 with one line on stderr for a save that fails the checks, and for a broken definition', () => {
    const short = path.join(dir, 'hiscore', 'short.hi')
    writeFileSync(short, Buffer.alloc(5))
    const bad = run(['hiscore', 'decode', '--definition', path.join(defs, 'blaster.xml'), '--file', short])
    assert.equal(bad.status, 1)
    assert.equal(bad.stdout, '')
    assert.equal(bad.stderr.trim().split('\n').length, 1)
    assert.match(bad.stderr, /save: .*5 bytes.*12/)
    writeFileSync(path.join(defs, 'broken.xml'), '<hi2txt><structure file=".hi"><elt id="A" size="1"/></structure')
    const broken = run(['hiscore', 'decode', '--definition', path.join(defs, 'broken.xml'), '--file', hi])
    assert.equal(broken.status, 1)
    assert.match(broken.stderr, /definition: not well-formed XML/)
  })

  it('installs the cabinethub plugin idempotently and removes only its own files', () => {
    const plugins = path.join(dir, 'plugins')
    mkdirSync(path.join(plugins, 'cabinethub'), { recursive: true })
    writeFileSync(path.join(plugins, 'cabinethub', 'notes.txt'), 'mine')
    const dataDir = path.join(dir, 'data')
    assert.equal(run(['install-mame-plugin', '--plugins-dir', plugins, '--data-dir', dataDir]).status, 0)
    const first = readFileSync(path.join(plugins, 'cabinethub', 'init.lua'), 'utf8')
    assert.ok(first.includes(path.join(dataDir, 'ingame', 'definitions')), 'the plugin reads the service\'s definitions')
    assert.equal(JSON.parse(readFileSync(path.join(plugins, 'cabinethub', 'plugin.json'), 'utf8')).plugin.name, 'cabinethub')
    assert.equal(run(['install-mame-plugin', '--plugins-dir', plugins, '--data-dir', dataDir]).status, 0)
    assert.equal(readFileSync(path.join(plugins, 'cabinethub', 'init.lua'), 'utf8'), first)
    assert.equal(run(['install-mame-plugin', '--plugins-dir', plugins, '--uninstall']).status, 0)
    assert.deepEqual(readdirSync(path.join(plugins, 'cabinethub')), ['notes.txt'])
    assert.equal(run(['install-mame-plugin']).status, 2)
  })
})
