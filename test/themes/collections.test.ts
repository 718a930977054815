/**
 * Custom collections as EmulationStation reads them: POST /api/v1/collections writes
 * `collections/custom-<name>.cfg` in the frontend's config folder, one rom path per line, whatever
 * the path holds (spaces, quotes, non-ASCII); a bad name changes nothing.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { RecordingClient } from '../support/ws-client.js'

const favoriteRoms = ['Bubble Bobble (Japan) [b].nes', 'Mike Tyson\'s "Punch-Out!!".nes', 'ドラゴンクエスト Ü.nes']

const nesGamelist = `<?xml version="1.0"?>
<gameList>
${favoriteRoms.map((file) => `  <game><path>./${file.replace(/&/g, '&amp;')}</path><name>${file}</name><favorite>true</favorite></game>`).join('\n')}
  <game><path>./Tetris.nes</path><name>Tetris</name><favorite>false</favorite></game>
  <game><path>./Zelda.nes</path><name>Zelda</name></game>
</gameList>
`

describe('custom collections', () => {
  let f: FrontendHub
  let system: RecordingClient
  let collections = ''

  const post = async (body: unknown) => {
    const response = await fetch(`${f.hub.baseUrl}/api/v1/collections`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: response.status, body: await response.json() as Record<string, unknown> }
  }

  before(async () => {
    f = await startFrontendHub({}, (tree) => {
      const nes = path.join(tree.roms, 'nes')
      mkdirSync(nes, { recursive: true })
      writeFileSync(path.join(nes, 'gamelist.xml'), nesGamelist)
      for (const file of [...favoriteRoms, 'Tetris.nes', 'Zelda.nes']) writeFileSync(path.join(nes, file), 'rom')
    })
    collections = path.join(f.tree.esConfigDir, 'collections')
    system = await RecordingClient.connect(`${f.hub.wsBase}/ws/system`)
  })
  after(async () => {
    system.socket.close()
    await f.close()
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

  for (const name of ['../escape', 'a/b', 'a\\b', '..', '']) {
    it(`refuses the name ${JSON.stringify(name)} with a 400 naming the field, writing nothing`, async () => {
      const answer = await post({ name, from: 'favorites' })
      assert.equal(answer.status, 400)
      assert.match(String(answer.body.message), /name/)
      assert.deepEqual(readdirSync(collections), ['custom-Ma sélection.cfg'])
      assert.equal(existsSync(path.join(f.tree.esConfigDir, 'custom-escape.cfg')), false)
    })
  }

  it('refuses a source it does not know with a 400 naming the field', async () => {
    const answer = await post({ name: 'x', from: 'everything' })
    assert.equal(answer.status, 400)
    assert.match(String(answer.body.message), /from/)
  })
})
