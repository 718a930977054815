/**
 * Hiscores through the service, as a scoreboard sees them: a MAME save dropped while its game is
 * selected reaches /ws/hiscore and GET /api/v1/hiscores with `Me`; a console session's best live
 * score is entered at game end; players are chosen and refused like any API input.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { defineModule } from '../../../src/core/module.js'
import { currentPlayerService, type CurrentPlayer, type CurrentPlayerService } from '../../../src/hiscores/index.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { LiveScoreEmulator } from '../../support/live-score.js'
import { bcdHiscoreDefinition as definition, bcdHiscoreSave as save } from '../../support/hiscore-saves.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

async function send (hub: FrontendHub, method: string, route: string, body: unknown) {
  const response = await fetch(`${hub.hub.baseUrl}${route}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: await response.json() as Record<string, any> } // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('hiscores', () => {
  let f: FrontendHub
  let ws: RecordingClient
  let emulator: LiveScoreEmulator
  const definitions = tempDir('hiscore-defs-')
  let hiscoreDir = ''
  before(async () => {
    writeFileSync(path.join(definitions, '1943.xml'), definition)
    emulator = await LiveScoreEmulator.start()
    f = await startFrontendHub({ hiscoreDefinitions: definitions, devEventsIngest: true, hiscoreWatchPollMs: '50', hiscoreDebounceMs: '50', ...emulator.options }, (tree) => {
      writeFileSync(path.join(tree.esConfigDir, 'es_settings.cfg'), '<?xml version="1.0"?>\n<config>\n\t<string name="global.retroachievements.username" value="Alice" />\n</config>\n')
    }, { listen: true })
    hiscoreDir = path.join(f.tree.root, 'saves', 'mame', 'hiscore')
    ws = await RecordingClient.connect(`${f.hub.wsBase}/ws/highscores`)
  })
  after(async () => {
    ws.socket.close()
    await f.close()
    emulator.close()
  })

  it('takes the frontend\'s user name as the player until one is chosen', async () => {
    assert.deepEqual((await f.get('/api/v1/players/current')).body, { name: 'Alice', initials: 'ALI', aliases: [], source: 'frontend' })
  })

  it('answers 400 HISCORE_UNSUPPORTED for a selected game without a table, and publishes that it has none', async () => {
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    await ws.until((c) => c.frames.some((fr) => fr.Type === 'hiscore.updated' && fr.Payload.Rom === '1943'))
    assert.equal(ws.frames.at(-1)?.Payload.Status, 'not_found')
    const answer = await f.get('/api/v1/hiscores')
    assert.equal(answer.status, 400)
    assert.equal(answer.body.code, 'HISCORE_UNSUPPORTED')
  })

  it('decodes a .hi file dropped while its game is selected: /ws/hiscore and GET /api/v1/hiscores carry the table and Me', async () => {
    mkdirSync(hiscoreDir, { recursive: true })
    writeFileSync(path.join(hiscoreDir, '1943.hi'), save([[5000, 'ALI'], [3000, 'BOB'], [2500, 'ALI'], [1000, 'CAT'], [500, 'DAN']]))
    await ws.until((c) => c.frames.some((fr) => fr.Type === 'hiscore.updated' && fr.Payload.Status === 'ok'))
    const frame = ws.frames.find((fr) => fr.Type === 'hiscore.updated' && fr.Payload.Status === 'ok')!
    assert.equal(frame.Payload.Me, 'Alice')
    assert.equal(frame.Payload.SourceType, 'hi')
    assert.deepEqual((frame.Payload.Scores as unknown[])[0], { Rank: 1, Score: '50000', Value: 50000, Name: 'ALI', IsMe: true })
    const answer = await f.get('/api/v1/hiscores')
    assert.equal(answer.status, 200)
    assert.equal(answer.body.Me, 'Alice')
    assert.equal(answer.body.game, '1943: The Battle of Midway')
    assert.deepEqual(answer.body.scores.map((s: { name: string, isMe: boolean }) => [s.name, s.isMe]), [['ALI', true], ['BOB', false], ['ALI', true], ['CAT', false], ['DAN', false]])
    const mine = await f.get('/api/v1/hiscores/mame/1943/me')
    assert.deepEqual(mine.body.best, { rank: 1, score: '50000', value: 50000 })
    assert.equal(mine.body.next, null)
  })

  it('answers ?ids= and ?md5= only for the current game, and 404 HISCORE_NOT_FOUND for games without a table', async () => {
    assert.equal((await f.get('/api/v1/hiscores?ids=9001,1943')).status, 200)
    const other = await f.get('/api/v1/hiscores?ids=sf')
    assert.deepEqual([other.status, other.body.code], [404, 'HISCORE_NOT_FOUND'])
    assert.equal((await f.get(`/api/v1/hiscores?md5=${'0'.repeat(32)}`)).status, 404)
    assert.equal((await f.get('/api/v1/hiscores?md5=nothex')).status, 400)
    for (const route of ['/api/v1/hiscores/mame/sf', '/api/v1/hiscores/mame/..%2F..%2F1943', '/api/v1/hiscores/mame/sf/me']) {
      const missing = await f.get(route)
      assert.deepEqual([missing.status, missing.body.code], [404, 'HISCORE_NOT_FOUND'], route)
    }
  })

  it('publishes hiscore.entry.added for a row that is new since the previous decode', async () => {
    writeFileSync(path.join(hiscoreDir, '1943.hi'), save([[9000, 'EVE'], [5000, 'ALI'], [3000, 'BOB'], [2500, 'ALI'], [1000, 'CAT']]))
    await ws.until((c) => c.types().includes('hiscore.entry.added'))
    const added = ws.frames.filter((fr) => fr.Type === 'hiscore.entry.added')
    assert.equal(added.length, 1)
    assert.deepEqual({ ...added[0]!.Payload, At: 'x' }, { System: 'mame', Rom: '1943', Game: '1943: The Battle of Midway', Name: 'EVE', Value: 90000, Score: '90000', Rank: 1, At: 'x', RomMd5: null })
    const mine = await f.get('/api/v1/hiscores/mame/1943/me')
    assert.deepEqual(mine.body.best, { rank: 2, score: '50000', value: 50000 })
    assert.deepEqual(mine.body.next, { rank: 1, name: 'EVE', score: '90000', value: 90000, toBeat: 90001 })
  })

  it('a save that fails its checks gives status error with the reason, and the service keeps answering', async () => {
    writeFileSync(path.join(hiscoreDir, '1943.hi'), Buffer.alloc(7))
    await ws.until((c) => c.frames.some((fr) => fr.Type === 'hiscore.updated' && fr.Payload.Status === 'error'))
    const answer = await f.get('/api/v1/hiscores')
    assert.equal(answer.body.status, 'error')
    assert.match(answer.body.message, /7 bytes.*30/)
    assert.deepEqual(answer.body.scores, [])
    writeFileSync(path.join(hiscoreDir, '1943.hi'), save([[9000, 'EVE'], [5000, 'ALI'], [3000, 'BOB'], [2500, 'ALI'], [1000, 'CAT']]))
    await ws.until((c) => c.frames.at(-1)?.Type === 'hiscore.updated' && c.frames.at(-1)?.Payload.Status === 'ok')
  })

  it('refuses bad player names with 400 naming the field and changes nothing', async () => {
    for (const name of ['', '   ', 'x'.repeat(33), 'bad\u0007name']) {
      const answer = await send(f, 'PUT', '/api/v1/players/current', { name })
      assert.equal(answer.status, 400, name)
      assert.match(answer.body.message, /name/)
    }
    assert.equal((await f.get('/api/v1/players/current')).body.name, 'Alice')
  })

  it('choosing another player publishes hiscore.player.changed and re-marks the table', async () => {
    await send(f, 'POST', '/api/v1/players', { name: 'Bob Smith', initials: 'BOB', aliases: ['EVE'] })
    const chosen = await send(f, 'PUT', '/api/v1/players/current', { name: 'bob smith' })
    assert.deepEqual(chosen.body, { name: 'Bob Smith', initials: 'BOB', aliases: ['EVE'], source: 'chosen' })
    await ws.until((c) => c.types().includes('hiscore.player.changed'))
    assert.deepEqual(ws.frames.find((fr) => fr.Type === 'hiscore.player.changed')!.Payload, { Name: 'Bob Smith', Initials: 'BOB' })
    const answer = await f.get('/api/v1/hiscores')
    assert.equal(answer.body.Me, 'Bob Smith')
    assert.deepEqual(answer.body.scores.filter((s: { isMe: boolean }) => s.isMe).map((s: { name: string }) => s.name), ['EVE', 'BOB'])
    const mine = await f.get('/api/v1/hiscores/mame/1943/me')
    assert.deepEqual(mine.body.best, { rank: 1, score: '90000', value: 90000 })
    const list = await f.get('/api/v1/players')
    assert.deepEqual(list.body.players.map((p: { name: string }) => p.name), ['Bob Smith'])
  })

  it('a scoreboard that connects late gets the table on screen at once', async () => {
    const late = await RecordingClient.connect(`${f.hub.wsBase}/ws/hiscore`)
    await late.until((c) => c.frames.length > 0)
    assert.equal(late.frames[0]?.Type, 'hiscore.updated')
    assert.equal(late.frames[0]?.Payload.Rom, '1943')
    late.socket.close()
  })

  it('a save of a game not on screen is published under its gamelist name, but a late client only ever gets the table of the game on screen', async () => {
    writeFileSync(path.join(definitions, 'sf.xml'), definition.replace('</output>', '<field id="TOP SCORE" src="SCORE" format="*10"/></output>'))
    const sfSave = (top: number) => save([[top, 'RYU'], [6000, 'KEN'], [5000, 'GUY'], [4000, 'CHU'], [3000, 'ZAN']])
    const sfTables = (c: RecordingClient) => c.frames.filter((fr) => fr.Type === 'hiscore.updated' && fr.Payload.Rom === 'sf')
    writeFileSync(path.join(hiscoreDir, 'sf.hi'), sfSave(7000))
    await ws.until((c) => sfTables(c).length === 1)
    // Game is the frontend's name for it, not the rom.
    assert.deepEqual([sfTables(ws)[0]?.Payload.Game, sfTables(ws)[0]?.Payload.Status], ['Street Fighter', 'ok'])
    // The definition's fields ride with the table.
    assert.deepEqual(sfTables(ws)[0]?.Payload.Fields, [{ Id: 'TOP SCORE', Value: '70000' }])
    const rest = (await f.get('/api/v1/hiscores/mame/sf')).body
    assert.deepEqual([rest.game, rest.fields], ['Street Fighter', [{ id: 'TOP SCORE', value: '70000' }]])

    // 1943 is on screen: a client joining now is replayed 1943's table, and only that; sf's next table reaches it live.
    const late = await RecordingClient.connect(`${f.hub.wsBase}/ws/hiscore`)
    writeFileSync(path.join(hiscoreDir, 'sf.hi'), sfSave(8000))
    await late.until((c) => sfTables(c).length === 1)
    assert.deepEqual(late.frames.filter((fr) => fr.Type === 'hiscore.updated').map((fr) => fr.Payload.Rom), ['1943', 'sf'])
    late.socket.close()

    // No game on screen (a system is selected): the retained table is dropped, so a client joining now is replayed none.
    await f.hook('system-selected', 'mame')
    await ws.until((c) => c.types().includes('hiscore.cleared'))
    const later = await RecordingClient.connect(`${f.hub.wsBase}/ws/hiscore`)
    writeFileSync(path.join(hiscoreDir, 'sf.hi'), sfSave(9000))
    await later.until((c) => sfTables(c).length === 1)
    assert.deepEqual(later.frames.filter((fr) => fr.Type === 'hiscore.updated').map((fr) => fr.Payload.Rom), ['sf'])
    later.socket.close()
  })

  it('follows a scrolling player: the last table published is the last selection\'s, and a late client gets only that one', async () => {
    const scroll = [['sf', 'Street Fighter'], ['1943', '1943: The Battle of Midway'], ['sf', 'Street Fighter'], ['1943', '1943: The Battle of Midway']] as const
    const before = ws.frames.length
    // Each hook is in before the next is sent; the saves are read while the next selections arrive.
    for (const [rom, name] of scroll) await f.hook('game-selected', 'mame', f.tree.rom('mame', `${rom}.zip`), name)
    const tables = (c: RecordingClient) => c.frames.slice(before).filter((fr) => fr.Type === 'hiscore.updated')
    // A scroll's selections are published as a burst (the first, then the latest per interval, always the last).
    await ws.until((c) => tables(c).at(-1)?.Payload.Rom === '1943')
    // Answered after the work the selections queued.
    assert.equal((await f.get('/api/v1/hiscores')).body.rom, '1943')
    assert.equal(tables(ws).at(-1)?.Payload.Rom, '1943', `tables published: ${tables(ws).map((fr) => String(fr.Payload.Rom)).join(', ')}`)
    const late = await RecordingClient.connect(`${f.hub.wsBase}/ws/hiscore`)
    await late.until((c) => c.frames.length > 0)
    assert.deepEqual(late.frames.map((fr) => [fr.Type, fr.Payload.Rom]), [['hiscore.updated', '1943']])
    late.socket.close()
  })

  it('enters a console session\'s best valid score at game end under the current player, once', async () => {
    const rom = f.tree.rom('snes', 'Super Mario World (USA).sfc')
    await emulator.watch(f.hub, 'snes', 'Super Mario World (USA)')
    for (const round of [1, 2]) {
      await emulator.setScore(0)
      await f.hook('game-selected', 'snes', rom, 'Super Mario World')
      await f.hook('game-start', rom, 'Super Mario World (USA)', 'Super Mario World')
      // Memory not initialized yet reads as one byte repeated.
      await emulator.setScore(0xffffff)
      await emulator.setScore(1200)
      await emulator.setScore(800)
      await f.hook('game-end')
      await ws.until((c) => c.frames.filter((fr) => fr.Type === 'hiscore.console.score.captured').length === round)
    }
    const captured = ws.frames.filter((fr) => fr.Type === 'hiscore.console.score.captured').map((fr) => fr.Payload)
    assert.deepEqual(captured[0], { SystemId: 'snes', Rom: 'Super Mario World (USA)', Score: 1200, Player: 'Bob Smith' })
    assert.ok(ws.frames.some((fr) => fr.Type === 'hiscore.console.score.ignored' && fr.Payload.Reason === 'uninitialized'))
    const added = ws.frames.filter((fr) => fr.Type === 'hiscore.entry.added' && fr.Payload.System === 'snes')
    assert.equal(added.length, 1, 'the same score twice is one entry')
    const table = await f.get('/api/v1/hiscores/snes/Super%20Mario%20World%20(USA)')
    assert.equal(table.body.sourceType, 'captured')
    assert.deepEqual(table.body.scores, [{ rank: 1, score: '1200', value: 1200, name: 'Bob Smith', isMe: true }])
  })
})

describe('the current-player service other modules use', () => {
  const seen: CurrentPlayer[] = []
  const consumer = defineModule({
    name: 'current-player-consumer',
    gate: null,
    needs: [currentPlayerService],
    register: async (_scope, context) => {
      const players: CurrentPlayerService = context.deps.currentPlayer
      context.onStart('consumer', async () => { seen.push(players.current()) })
    }
  })
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true, modules: [consumer], options: { player: 'Dana Scully' } }) })
  after(async () => hub.close())

  it('gives { name, initials, aliases, source }: here the --player option', () => {
    assert.deepEqual(seen, [{ name: 'Dana Scully', initials: 'DAN', aliases: [], source: 'option' }])
  })
})

describe('the default player', () => {
  let f: FrontendHub
  const definitions = tempDir('hiscore-default-')
  before(async () => {
    writeFileSync(path.join(definitions, '1943.xml'), definition)
    f = await startFrontendHub({ hiscoreDefinitions: definitions }, (tree) => {
      mkdirSync(path.join(tree.root, 'saves', 'mame', 'hiscore'), { recursive: true })
      writeFileSync(path.join(tree.root, 'saves', 'mame', 'hiscore', '1943.hi'), save([[5000, 'PLA'], [3000, 'BOB'], [2500, 'PLA'], [1000, 'CAT'], [500, 'DAN']]))
    }, { listen: true })
  })
  after(async () => f.close())

  it('is PLAYER with no initials: a PLA on a table is not taken for it', async () => {
    assert.deepEqual((await f.get('/api/v1/players/current')).body, { name: 'PLAYER', initials: '', aliases: [], source: 'default' })
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    const answer = await f.get('/api/v1/hiscores')
    assert.deepEqual(answer.body.scores.map((s: { name: string, isMe: boolean }) => [s.name, s.isMe]), [['PLA', false], ['BOB', false], ['PLA', false], ['CAT', false], ['DAN', false]])
  })
})
