/**
 * One game on screen: for every selection the frontend can report (a game of a gamelist, a rom on
 * disk that no gamelist names, a game of another system, a running game, a system alone), the
 * hiscores, the surfaces and the control panels name the same game as `/api/v1/context/state`.
 * A gamelist's `<md5>` reaches `ui.game.selected`, `?md5=` and the signed record of a new entry.
 */
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { bcdHiscoreDefinition, bcdHiscoreSave } from '../support/hiscore-saves.js'
import { tempDir } from '../support/hub.js'
import { eventually } from '../support/sim.js'
import type { RecordingClient } from '../support/ws-client.js'

const md5 = '89625f073887a5915c3ce2e2e4da8875'

describe('one game on screen, every module', () => {
  let f: FrontendHub
  let ws: RecordingClient
  let hiscoreDir = ''
  const definitions = tempDir('hiscore-defs-')

  const inject = async (url: string) => {
    const response = await f.hub.app.inject({ method: 'GET', url })
    return { status: response.statusCode, body: response.json<Record<string, any>>() } // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  before(async () => {
    for (const rom of ['1943', 'pacman']) writeFileSync(path.join(definitions, `${rom}.xml`), bcdHiscoreDefinition)
    f = await startFrontendHub({ hiscoreDefinitions: definitions, hiscoreWatchPollMs: '50', hiscoreDebounceMs: '50', nodeId: 'cab-07' }, (tree) => {
      const gamelist = path.join(tree.roms, 'mame', 'gamelist.xml')
      writeFileSync(gamelist, readFileSync(gamelist, 'utf8').replace('<name>1943: The Battle of Midway</name>', `<name>1943: The Battle of Midway</name>\n    <md5>${md5.toUpperCase()}</md5>`))
      hiscoreDir = path.join(tree.root, 'saves', 'mame', 'hiscore')
      mkdirSync(hiscoreDir, { recursive: true })
      writeFileSync(path.join(hiscoreDir, '1943.hi'), bcdHiscoreSave([[5000, 'ALI'], [3000, 'BOB'], [2500, 'CAT'], [1000, 'DAN'], [500, 'EVE']]))
      writeFileSync(path.join(hiscoreDir, 'pacman.hi'), bcdHiscoreSave([[900, 'PAC'], [800, 'MAN'], [700, 'GHO'], [600, 'STS'], [500, 'INK']]))
    })
    ws = await f.hub.connect(`/ws`)
  })
  after(async () => {
    ws.socket.close()
    await f.close()
  })

  /** What each module names as the game on screen once the marquee of hook `sequence` went out. */
  async function namedAfter (sequence: number) {
    await ws.until((c) => c.frames.some((fr) => fr.Type === 'marquee.snapshot' && fr.Payload.Sequence === sequence))
    const state = (await inject('/api/v1/context/state')).body
    const game = state.runningGame ?? state.selectedGame
    const context = game === null ? `${state.selectedSystem.name}|` : `${game.systemId}|${game.romStem}`
    const hiscores = await inject('/api/v1/hiscores')
    const marquee = ws.frames.findLast((fr) => fr.Type === 'marquee.snapshot')!.Payload
    const panel = await inject('/api/v1/panels/current')
    return {
      context,
      hiscores: hiscores.status === 200 ? `${hiscores.body.system}|${hiscores.body.rom}` : String(hiscores.body.message),
      marquee: marquee.SelectionKey,
      // A panel is of a system, or of a game when a file names it: its system is the game's.
      panelSystem: panel.status === 200 ? `${panel.body.systemId}|` : String(panel.body.code)
    }
  }

  it('names the game of the context in the hiscores, the surfaces and the panels, whatever the frontend reported', async () => {
    const steps: Array<[string, string[], string]> = [
      ['game-selected', ['mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway'], 'mame|1943'],
      // ES lists every file of a system folder: a rom no gamelist names is still a game on screen.
      ['game-selected', ['mame', f.tree.rom('mame', 'pacman.zip'), 'pacman'], 'mame|pacman'],
      ['game-selected', ['snes', f.tree.rom('snes', 'Super Mario World (USA).sfc'), 'Super Mario World'], 'snes|Super Mario World (USA)'],
      ['game-start', [f.tree.rom('mame', '1943.zip'), '1943', '1943: The Battle of Midway'], 'mame|1943'],
      ['game-end', [], 'snes|Super Mario World (USA)'],
      ['system-selected', ['mame'], 'mame|']
    ]
    for (const [event, args, expected] of steps) {
      const sequence = await f.hook(event, ...args)
      const named = await namedAfter(sequence)
      assert.equal(named.context, expected, `${event}: the context`)
      assert.equal(named.marquee, expected, `${event}: the marquee`)
      assert.equal(named.panelSystem, expected.endsWith('|') ? 'NO_GAME' : `${expected.split('|')[0]!}|`, `${event}: the panel`)
      if (expected === 'snes|Super Mario World (USA)') assert.match(named.hiscores, /No hiscore table for snes\/Super Mario World \(USA\)/, `${event}: the hiscores name the game they have no table for`)
      else if (expected.endsWith('|')) assert.equal(named.hiscores, 'No game is selected or running', `${event}: no game, no table`)
      else assert.equal(named.hiscores, expected, `${event}: the hiscores`)
    }
  })

  it('carries the gamelist\'s md5 on the selection, answers ?md5= with it, and signs it into the record of a new entry', async () => {
    const sequence = await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    await ws.until((c) => c.frames.some((fr) => fr.Type === 'marquee.snapshot' && fr.Payload.Sequence === sequence))
    const selected = ws.frames.findLast((fr) => fr.Type === 'ui.game.selected')!.Payload
    assert.equal((selected.Selection as Record<string, unknown>).Md5, md5, 'lowercase, as records carry it')
    assert.equal((selected.Selection as Record<string, unknown>).GameId, '9001', 'the gamelist id stays the game id')
    const byMd5 = await inject(`/api/v1/hiscores?md5=${md5.toUpperCase()}`)
    assert.deepEqual([byMd5.status, byMd5.body.rom], [200, '1943'])
    assert.equal((await inject(`/api/v1/hiscores?md5=${'0'.repeat(32)}`)).status, 404)

    writeFileSync(path.join(hiscoreDir, '1943.hi'), bcdHiscoreSave([[9000, 'ZED'], [5000, 'ALI'], [3000, 'BOB'], [2500, 'CAT'], [1000, 'DAN']]))
    await ws.until((c) => c.frames.some((fr) => fr.Type === 'hiscore.entry.added' && fr.Payload.Name === 'ZED'))
    assert.equal(ws.frames.find((fr) => fr.Type === 'hiscore.entry.added' && fr.Payload.Name === 'ZED')!.Payload.RomMd5, md5)
    // The entry is admitted off the event's delivery, once it is on the disk.
    const zed = (index: { body: Record<string, unknown> }): Record<string, unknown> | undefined => (index.body.records as Array<Record<string, unknown>>).find((r) => r.player === 'ZED')
    const record = zed(await eventually(async () => inject('/api/v1/scores/index'), (index) => zed(index) !== undefined, 'the record of ZED'))
    assert.deepEqual({ ...record, id: undefined, at: undefined }, { id: undefined, at: undefined, kind: 'score', system: 'mame', rom: '1943', game: '1943: The Battle of Midway', value: 90000, better: 'higher', player: 'ZED', rom_md5: md5, node: 'cab-07' })
  })
})
