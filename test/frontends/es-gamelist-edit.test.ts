import assert from 'node:assert/strict'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { GamelistChangedError, rewriteGamelist, setTag } from '../../src/frontends/index.js'
import { tempDir } from '../support/hub.js'

const bom = '\xEF\xBB\xBF'
/** As a user's editor and the frontend leave it: BOM, CRLF, a second root, a comment, a byte that is no UTF-8, an entity pugixml keeps. */
const original = Buffer.concat([
  Buffer.from(`${bom}<?xml version="1.0"?>\r\n<alternativeEmulator><label>MAME</label></alternativeEmulator>\r\n<gameList>\r\n\t<!-- `, 'latin1'),
  Buffer.from([0xff]),
  Buffer.from(' -->\r\n\t<game>\r\n\t\t<path>./1943.zip</path>\r\n\t\t<name>1943 &nbsp;</name>\r\n\t\t<desc/>\r\n\t</game>\r\n\t<game><path>./galaga.zip</path></game>\r\n</gameList>\r\n', 'latin1')
])

describe('gamelist edits: only the bytes changed change', () => {
  const dir = tempDir()
  after(() => rmSync(dir, { recursive: true, force: true }))
  const file = path.join(dir, 'gamelist.xml')
  const backups = path.join(dir, 'backups')

  it('adds, fills and replaces tags where they belong, keeping every other byte', async () => {
    writeFileSync(file, original)
    const written = await rewriteGamelist({
      file, backupDir: backups, dryRun: false, now: new Date(0),
      plan: (text, games) => {
        assert.deepEqual(games.map((g) => g.path), ['./1943.zip', './galaga.zip'])
        const [g1943, galaga] = games
        return { edits: [setTag(text, g1943!, 'hidden', 'true'), setTag(text, g1943!, 'desc', 'Über & <more>'), setTag(text, galaga!, 'players', '2')], result: null }
      }
    })
    assert.equal(written.changed, 3)
    assert.deepEqual(readFileSync(written.backup!), original)
    const expected = Buffer.from(original.toString('latin1')
      .replace('\t\t<desc/>', `\t\t<desc>${Buffer.from('Über', 'utf8').toString('latin1')} &amp; &lt;more&gt;</desc>\r\n\t\t<hidden>true</hidden>`)
      .replace('<path>./galaga.zip</path></game>', '<path>./galaga.zip</path><players>2</players></game>'), 'latin1')
    assert.deepEqual(readFileSync(file), expected)
  })

  it('changes nothing on a dry run', async () => {
    writeFileSync(file, original)
    const written = await rewriteGamelist({ file, backupDir: backups, dryRun: true, now: new Date(1), plan: (text, games) => ({ edits: [setTag(text, games[0]!, 'hidden', 'true')], result: null }) })
    assert.equal(written.backup, null)
    assert.deepEqual(readFileSync(file), original)
  })

  it('refuses to replace a file the frontend wrote meanwhile, and leaves its text and no temporary file', async () => {
    writeFileSync(file, original)
    const frontendWrote = Buffer.from('<?xml version="1.0"?>\n<gameList />\n')
    await assert.rejects(rewriteGamelist({
      file, backupDir: backups, dryRun: false, now: new Date(2),
      plan: (text, games) => {
        writeFileSync(file, frontendWrote)
        return { edits: [setTag(text, games[0]!, 'hidden', 'true')], result: null }
      }
    }), GamelistChangedError)
    assert.deepEqual(readFileSync(file), frontendWrote)
    assert.deepEqual(readdirSync(dir).filter((name) => name.endsWith('.tmp')), [])
  })

  it('refuses a file that is not XML', async () => {
    writeFileSync(file, '<gameList><game><path>x</game>')
    await assert.rejects(rewriteGamelist({ file, backupDir: backups, dryRun: true, now: new Date(3), plan: () => ({ edits: [], result: null }) }), /unexpected close tag/)
    writeFileSync(file, '<gameList><game><path>x</path>')
    await assert.rejects(rewriteGamelist({ file, backupDir: backups, dryRun: true, now: new Date(3), plan: () => ({ edits: [], result: null }) }), /unclosed tag/)
  })
})
