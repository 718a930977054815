/**
 * Custom collections as EmulationStation reads them: POST /api/v1/collections writes
 * `collections/custom-<name>.cfg` in the frontend's config folder, one rom path per line, whatever
 * the path holds (spaces, quotes, non-ASCII), from the gamelists' favorites, the hiscore tables
 * the player stands on or a romset filter; a bad name or filter changes nothing.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { bcdHiscoreDefinition, bcdHiscoreSave } from '../support/hiscore-saves.js'
import { tempDir } from '../support/hub.js'
import type { RecordingClient } from '../support/ws-client.js'

const favoriteRoms = ['Bubble Bobble (Japan) [b].nes', 'Mike Tyson\'s "Punch-Out!!".nes', 'ドラゴンクエスト Ü.nes']
/** Genre and players of each favorite, in order, for the romset filters. */
const favoriteFields = ['<genre>Platform</genre><players>1-2</players>', '<genre>Sports / Boxing</genre><players>1</players>', '<genre>Role Playing Game</genre>']

const nesGamelist = `<?xml version="1.0"?>
<gameList>
${favoriteRoms.map((file, i) => `  <game><path>./${file.replace(/&/g, '&amp;')}</path><name>${file}</name><favorite>true</favorite>${favoriteFields[i]}</game>`).join('\n')}
  <game><path>./Tetris.nes</path><name>Tetris</name><favorite>false</favorite><genre>Puzzle</genre><players>2</players></game>
  <game><path>./Zelda.nes</path><name>Zelda</name></game>
</gameList>
`

describe('custom collections', () => {
  let f: FrontendHub
  let system: RecordingClient
  let collections = ''

  const post = async (body: unknown) => {
    const response = await f.hub.fetch(`/api/v1/collections`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: response.status, body: await response.json() as Record<string, unknown> }
  }

  const definitions = tempDir('themes-hiscore-defs-')

  before(async () => {
    for (const rom of ['1943', 'sf']) writeFileSync(path.join(definitions, `${rom}.xml`), bcdHiscoreDefinition)
    f = await startFrontendHub({ hiscoreDefinitions: definitions, hiscoreWatchPollMs: '50', hiscoreDebounceMs: '50' }, (tree) => {
      writeFileSync(path.join(tree.esConfigDir, 'es_settings.cfg'), '<?xml version="1.0"?>\n<config>\n\t<string name="global.retroachievements.username" value="Alice" />\n</config>\n')
      const nes = path.join(tree.roms, 'nes')
      mkdirSync(nes, { recursive: true })
      writeFileSync(path.join(nes, 'gamelist.xml'), nesGamelist)
      for (const file of [...favoriteRoms, 'Tetris.nes', 'Zelda.nes']) writeFileSync(path.join(nes, file), 'rom')
    })
    collections = path.join(f.tree.esConfigDir, 'collections')
    system = await f.hub.connect(`/ws/system`)
  })
  after(async () => {
    system.socket.close()
    await f.close()
    rmSync(definitions, { recursive: true, force: true })
  })

  it('writes the favorites, one rom path per line, spaces, quotes and non-ASCII kept as they are', async () => {
    const answer = await post({ name: 'Ma sélection', from: 'favorites' })
    const file = path.join(collections, 'custom-Ma sélection.cfg')
    assert.equal(answer.status, 201, JSON.stringify(answer.body))
    assert.deepEqual(answer.body, { name: 'Ma sélection', from: 'favorites', file, games: 3 })
    assert.deepEqual(readFileSync(file, 'utf8').split('\n'), [...favoriteRoms.map((rom) => f.tree.rom('nes', rom)), ''])
    await system.until((client) => client.types().includes('collections.updated'))
    assert.deepEqual(system.frames.find((frame) => frame.Type === 'collections.updated')!.Payload, { Name: 'Ma sélection', From: 'favorites', Path: file, Games: 3 })
  })

  it('writes the games on whose hiscore table the player stands, by their initials', async () => {
    const hiscore = await f.hub.connect(`/ws/hiscore`)
    const saves = path.join(f.tree.root, 'saves', 'mame', 'hiscore')
    mkdirSync(saves, { recursive: true })
    writeFileSync(path.join(saves, '1943.hi'), bcdHiscoreSave([[5000, 'CAP'], [4000, 'ALI'], [3000, 'KEV'], [2000, 'P38'], [1000, 'MID']]))
    writeFileSync(path.join(saves, 'sf.hi'), bcdHiscoreSave([[5000, 'RYU'], [4000, 'KEN'], [3000, 'GUY'], [2000, 'CHU'], [1000, 'ZAN']]))
    await hiscore.until((client) => ['1943', 'sf'].every((rom) => client.frames.some((frame) => frame.Type === 'hiscore.updated' && frame.Payload.Rom === rom)))
    hiscore.socket.close()
    const answer = await post({ name: 'My hiscores', from: 'hiscores-me' })
    assert.equal(answer.status, 201, JSON.stringify(answer.body))
    assert.equal(answer.body.games, 1)
    assert.equal(readFileSync(path.join(collections, 'custom-My hiscores.cfg'), 'utf8'), `${f.tree.rom('mame', '1943.zip')}\n`)
  })

  for (const name of ['../escape', 'a/b', 'a\\b', '..', '']) {
    it(`refuses the name ${JSON.stringify(name)} with a 400 naming the field, writing nothing`, async () => {
      const answer = await post({ name, from: 'favorites' })
      assert.equal(answer.status, 400)
      assert.match(String(answer.body.message), /name/)
      assert.deepEqual(readdirSync(collections).sort(), ['custom-Ma sélection.cfg', 'custom-My hiscores.cfg'])
      assert.equal(existsSync(path.join(f.tree.esConfigDir, 'custom-escape.cfg')), false)
    })
  }

  it('refuses a source it does not know with a 400 naming the field', async () => {
    const answer = await post({ name: 'x', from: 'everything' })
    assert.equal(answer.status, 400)
    assert.match(String(answer.body.message), /from/)
  })

  describe('from a romset filter', () => {
    const written = (name: string): string[] => readFileSync(path.join(collections, `custom-${name}.cfg`), 'utf8').split('\n').filter((line) => line !== '')

    it('keeps the games of the systems asked for that support the player count', async () => {
      const answer = await post({ name: 'Two players', from: 'romset-filter', systems: ['nes'], players: 2 })
      assert.equal(answer.status, 201, JSON.stringify(answer.body))
      assert.deepEqual(written('Two players'), [f.tree.rom('nes', favoriteRoms[0]!), f.tree.rom('nes', 'Tetris.nes')])
      await system.until((client) => client.frames.some((frame) => frame.Type === 'collections.updated' && frame.Payload.From === 'romset-filter'))
    })

    it('matches rom file names by glob or /regular expression/, any case, quotes and non-ASCII included', async () => {
      assert.equal((await post({ name: 'glob', from: 'romset-filter', romPattern: '*"punch*' })).status, 201)
      assert.deepEqual(written('glob'), [f.tree.rom('nes', favoriteRoms[1]!)])
      assert.equal((await post({ name: 'regex', from: 'romset-filter', romPattern: '/^ドラゴン.* ü\\.nes$/i' })).status, 201)
      assert.deepEqual(written('regex'), [f.tree.rom('nes', favoriteRoms[2]!)])
    })

    it('looks through every system with a gamelist by default, and keeps a genre by any part of it', async () => {
      assert.equal((await post({ name: 'zips', from: 'romset-filter', romPattern: '*.ZIP' })).status, 201)
      assert.deepEqual(written('zips'), [f.tree.rom('mame', '1943.zip'), f.tree.rom('mame', 'sf.zip')])
      const answer = await post({ name: 'shooters', from: 'romset-filter', genre: 'SHOOT' })
      assert.deepEqual([answer.status, answer.body.games], [201, 1])
      assert.deepEqual(written('shooters'), [f.tree.rom('mame', '1943.zip')])
    })

    const refused: Array<[string, Record<string, unknown>, RegExp]> = [
      ['a regular expression that does not compile', { romPattern: '/[unclosed/' }, /romPattern.*regular expression/],
      ['a system without a gamelist', { systems: ['nes', 'amiga'] }, /systems.*amiga/],
      ['a player count below 1', { players: 0 }, /^body\/players must be >= 1$/],
      ['an empty system list', { systems: [] }, /systems/],
      ['a field of another source', { genre: 'Puzzle', from: 'favorites' }, /genre/]
    ]
    for (const [what, fields, message] of refused) {
      it(`refuses ${what} with a 400 naming the field, writing nothing`, async () => {
        const before = readdirSync(collections).sort()
        const answer = await post({ name: 'refused', from: 'romset-filter', ...fields })
        assert.equal(answer.status, 400, JSON.stringify(answer.body))
        assert.match(String(answer.body.message), message)
        assert.doesNotMatch(String(answer.body.message), /anyOf/, 'only the failures of the source asked for')
        assert.deepEqual(readdirSync(collections).sort(), before)
      })
    }
  })
})
