/**
 * Against the real RetroArch + nestopia (design.md §7) running the counter image: the live score
 * read from its memory during a game the frontend's hooks start and end is entered in the game's
 * table under the current player; the table survives a restart of the service with `isMe`.
 */
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { putDefinition } from '../../support/game-events.js'
import { tempDir } from '../../support/hub.js'
import { counterRom } from '../../support/nes-rom.js'
import { freeUdpPort, nestopia, retroarch } from '../../support/retroarch.js'
import { RecordingClient } from '../../support/ws-client.js'


async function put (f: FrontendHub, route: string, body: unknown) {
  const response = await fetch(`${f.hub.baseUrl}${route}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: await response.json() as Record<string, unknown> }
}

describe('console score capture from a real RetroArch + nestopia', { skip: retroarch.skip || nestopia.skip }, () => {
  const dataDir = tempDir('cabinet-hub-capture-')
  const work = tempDir('cabinet-hub-capture-ra-')
  let child: ChildProcess | undefined
  const hubs: FrontendHub[] = []
  after(async () => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    for (const f of hubs) await f.close().catch(() => {})
  })

  it('enters the session\'s best score at game end under the current player; after a restart it is still there, flagged isMe', async () => {
    const port = await freeUdpPort()
    let rom = ''
    const f = await startFrontendHub({ dataDir, multiemuEnabled: true, multiemuPort: String(port) }, (tree) => {
      mkdirSync(path.join(tree.roms, 'nes'), { recursive: true })
      rom = path.join(tree.roms, 'nes', 'counter.nes')
      writeFileSync(rom, counterRom())
    }, { listen: true })
    hubs.push(f)
    assert.equal((await put(f, '/api/v1/players/current', { name: 'Carol' })).status, 200)
    assert.equal((await putDefinition(f.hub, 'nes', 'counter', { watches: [{ key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score', player: 1 }] })).status, 200)
    const hiscore = await RecordingClient.connect(`${f.hub.wsBase}/ws/hiscore`)
    const score = await RecordingClient.connect(`${f.hub.wsBase}/ws/score`)

    await f.hook('game-selected', 'nes', rom, 'Counter')
    await f.hook('game-start', rom, 'counter', 'Counter')
    const config = path.join(work, 'retroarch.cfg')
    writeFileSync(config, [
      'video_driver = "null"', 'audio_driver = "null"', 'input_driver = "null"', 'input_joypad_driver = "null"', 'joypad_driver = "null"', 'menu_driver = "null"',
      'network_cmd_enable = "true"', `network_cmd_port = "${port}"`, 'config_save_on_exit = "false"', 'vrr_runloop_enable = "true"'
    ].join('\n'))
    child = spawn(retroarch.path!, ['--config', config, '-L', nestopia.path!, rom], { cwd: work, env: { ...process.env, HOME: work }, stdio: 'ignore' })

    const live = (c: RecordingClient): number[] => c.frames.filter((fr) => fr.Type === 'score.live.changed' && fr.Payload.Rom === 'counter').map((fr) => fr.Payload.Score as number)
    await score.until((c) => live(c).length >= 10, 60_000)
    const seenBeforeEnd = Math.max(...live(score))
    await f.hook('game-end')
    await hiscore.until((c) => c.types().includes('hiscore.console.score.captured'), 30_000)
    child.kill('SIGKILL')
    const captured = hiscore.frames.find((fr) => fr.Type === 'hiscore.console.score.captured')!.Payload
    assert.equal(captured.SystemId, 'nes')
    assert.equal(captured.Rom, 'counter')
    assert.equal(captured.Player, 'Carol')
    assert.ok((captured.Score as number) >= seenBeforeEnd, `the best of the session (${String(captured.Score)}) is at least the last score seen (${seenBeforeEnd})`)
    await hiscore.until((c) => c.types().includes('hiscore.entry.added'))
    const added = hiscore.frames.find((fr) => fr.Type === 'hiscore.entry.added')!.Payload
    assert.deepEqual([added.Name, added.Value, added.Rank], ['Carol', captured.Score, 1])
    hiscore.close()
    score.close()
    await f.close()
    hubs.length = 0

    const again = await startFrontendHub({ dataDir }, () => {}, { listen: true })
    hubs.push(again)
    const table = await again.get('/api/v1/hiscores/nes/counter')
    assert.equal(table.status, 200)
    assert.equal(table.body.Me, 'Carol')
    assert.equal(table.body.sourceType, 'captured')
    assert.deepEqual(table.body.scores, [{ rank: 1, score: String(captured.Score), value: captured.Score, name: 'Carol', isMe: true }])
  })
})
