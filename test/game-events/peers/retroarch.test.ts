/**
 * Against the real Debian RetroArch + nestopia (design.md §7), headless with null drivers and
 * the network command interface on a port of its own, running an iNES image written here whose
 * program increments a RAM counter every frame.
 */
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { putDefinition, quietPeers } from '../../support/game-events.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { counterRom } from '../../support/nes-rom.js'
import { freeUdpPort, nestopia, retroarch, retroarchSkip } from '../../support/retroarch.js'
import { RecordingClient, type Frame } from '../../support/ws-client.js'

const skip = retroarchSkip

async function sendCommand (port: number, command: string): Promise<void> {
  const socket = createSocket('udp4')
  await new Promise<void>((resolve, reject) => socket.send(command, port, '127.0.0.1', (error) => error === null ? resolve() : reject(error)))
  socket.close()
}

const scores = (client: RecordingClient): number[] => client.frames.filter((f) => f.Type === 'score.live.changed').map((f) => f.Payload.Score as number)
const memoryValues = (client: RecordingClient, type: string): number[] => client.frames.filter((f) => f.Type === type).map((f) => type === 'ingame.memory.changed' ? (f.Payload.Signal as { Value: number }).Value : f.Payload.Value as number)
const increasing = (values: number[]): boolean => values.every((v, i) => i === 0 || v > values[i - 1]!)

describe('multiemu memory from a real RetroArch + nestopia', { skip }, () => {
  let hub: TestHub
  let work: string
  let port: number
  let child: ChildProcess

  before(async () => {
    work = tempDir('cabinet-hub-retroarch-')
    port = await freeUdpPort()
    hub = await startHub({ listen: true, options: { ...quietPeers, multiemuEnabled: true, multiemuPort: String(port) } })
  })
  after(async () => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await hub.close()
  })

  it('reads a watched counter as a live score after a definition PUT for the running content', async () => {
    const ingame = await RecordingClient.connect(`${hub.wsBase}/ws/ingame`)
    const score = await RecordingClient.connect(`${hub.wsBase}/ws/score`)
    const firehose = await RecordingClient.connect(`${hub.wsBase}/ws`)
    const rom = path.join(work, 'counter.nes')
    writeFileSync(rom, counterRom())
    const config = path.join(work, 'retroarch.cfg')
    writeFileSync(config, [
      'video_driver = "null"', 'audio_driver = "null"', 'input_driver = "null"', 'input_joypad_driver = "null"', 'joypad_driver = "null"', 'menu_driver = "null"',
      'network_cmd_enable = "true"', `network_cmd_port = "${port}"`, 'config_save_on_exit = "false"',
      // Null video has no vsync: without this the core runs as fast as the CPU allows.
      'vrr_runloop_enable = "true"'
    ].join('\n'))
    child = spawn(retroarch.path!, ['--config', config, '-L', nestopia.path!, rom], { cwd: work, env: { ...process.env, HOME: work }, stdio: 'ignore' })

    await ingame.until((c) => c.types().includes('multiemu.content.started'), 60_000)
    const started = ingame.frames.find((f) => f.Type === 'multiemu.content.started')!.Payload
    assert.equal(started.ContentName, 'counter')
    assert.match(started.Crc32 as string, /^[0-9a-f]{1,8}$/)

    const put = await putDefinition(hub, started.SystemId as string, 'counter', {
      watches: [{ key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score', player: 1, description: 'frame counter' }]
    })
    assert.equal(put.status, 200)
    assert.equal((await put.json() as { inUse: boolean }).inUse, true)

    await score.until((c) => scores(c).length >= 10, 30_000)
    await ingame.until((c) => memoryValues(c, 'ingame.memory.changed').length >= 10)
    assert.ok(increasing(scores(score)), `scores only go up: ${scores(score).join(',')}`)
    assert.ok(increasing(memoryValues(ingame, 'ingame.memory.changed')), 'memory values only go up')
    assert.ok(increasing(memoryValues(ingame, 'multiemu.memory.changed')))
    const last = score.frames.at(-1)!.Payload
    assert.equal(last.SystemId, started.SystemId)
    assert.equal(last.Rom, 'counter')
    assert.equal(last.Source, 'ingame.memory')

    // On the firehose every score follows the memory change it was derived from.
    const ordered = firehose.frames.filter((f) => f.Type === 'ingame.memory.changed' || f.Type === 'score.live.changed')
    for (const [i, frame] of ordered.entries()) {
      if (frame.Type !== 'score.live.changed') continue
      const previous: Frame | undefined = ordered[i - 1]
      assert.equal(previous?.Type, 'ingame.memory.changed')
      assert.equal((previous.Payload.Signal as { Value: number }).Value, frame.Payload.Score)
    }

    const status = await (await fetch(`${hub.baseUrl}/api/v1/ingame/status`)).json() as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.equal(status.runningContent.contentName, 'counter')
    assert.equal(status.definition.watchCount, 1)
    assert.equal(status.sources.multiemu.memoryCommand, 'READ_CORE_RAM', 'nestopia has no memory map: reads fell back to READ_CORE_RAM')
    assert.equal(status.lastValues[0].key, 'P1_SCORE')
    for (const c of [ingame, firehose, score]) c.close()
  })

  it('replays the last score at once to a late /ws/score client', async () => {
    const early = await RecordingClient.connect(`${hub.wsBase}/ws/score`)
    await early.until((c) => c.frames.length >= 3)
    await sendCommand(port, 'PAUSE_TOGGLE')
    // Paused: wait until the score stops moving.
    let seen = -1
    while (seen !== early.frames.length) {
      seen = early.frames.length
      await new Promise((resolve) => setTimeout(resolve, 700))
    }
    const late = await RecordingClient.connect(`${hub.wsBase}/ws/score`)
    await late.until((c) => c.frames.length >= 1)
    assert.equal(late.frames[0]!.Type, 'score.live.changed')
    assert.equal(late.frames[0]!.Payload.Score, early.frames.at(-1)!.Payload.Score)
    await sendCommand(port, 'PAUSE_TOGGLE')
    await late.until((c) => c.frames.length >= 2)
    assert.ok((late.frames[1]!.Payload.Score as number) > (late.frames[0]!.Payload.Score as number), 'scores move again after unpausing')
    early.close()
    late.close()
  })

  it('reports the content stopped when RetroArch is killed mid-game, and keeps serving', async () => {
    const ingame = await RecordingClient.connect(`${hub.wsBase}/ws/ingame`)
    await ingame.until((c) => c.frames.length >= 2)
    child.kill('SIGKILL')
    await ingame.until((c) => c.types().includes('multiemu.content.stopped'), 30_000)
    const stopped = ingame.frames.find((f) => f.Type === 'multiemu.content.stopped')!.Payload
    assert.equal(stopped.ContentName, 'counter')
    assert.equal(stopped.Reason, 'unreachable')
    assert.equal((await fetch(`${hub.baseUrl}/api/v1/health`)).status, 200)
    const status = await (await fetch(`${hub.baseUrl}/api/v1/ingame/status`)).json() as { runningContent: unknown, sources: { multiemu: { reachable: boolean } } }
    assert.equal(status.runningContent, null)
    assert.equal(status.sources.multiemu.reachable, false)
    ingame.close()
  })
})
