/**
 * The fakes the fast tier drives the emulator sources with, held to the real programs (design.md
 * §7): what MAME 0.251 `-output network` writes for a run of the `nes` machine on the tiny
 * counter cartridge, and how RetroArch 1.14 + nestopia answers the network commands the multiemu
 * source sends, against what FakeOutputServer and FakeMultiemu send for the same.
 */
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { configuredSources } from '../../../src/game-events/source-kinds.js'
import { parseReply } from '../../../src/game-events/multiemu/replies.js'
import { FakeMultiemu } from '../../support/fake-multiemu.js'
import { FakeOutputServer } from '../../support/fake-output-server.js'
import { tempDir } from '../../support/hub.js'
import { holdMameOutputPort, mameOutputPort } from '../../support/mame-output-port.js'
import { counterRom } from '../../support/nes-rom.js'
import { findPeer } from '../../support/peers.js'
import { freeUdpPort, retroarchSkip, runContentless, runCounter, type RetroarchRun } from '../../support/retroarch.js'
import { startSourceService, type RecordedEvent, type SourceService } from '../../support/source-service.js'

const mame = findPeer('MAME', 'mame', ['/usr/games/mame', '/usr/bin/mame'])
const deadlineMs = 60_000

const sleep = async (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor (what: string, holds: () => boolean): Promise<void> {
  const deadline = Date.now() + deadlineMs
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`)
    await sleep(20)
  }
}

/** Everything one plain client of an output server receives until the server closes the connection. */
interface WireRecording {
  readonly text: () => string
  readonly closed: Promise<unknown>
}

/** Connects to the output server on `port` as soon as it listens. */
async function recordWire (port: number): Promise<WireRecording> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    const socket = connect({ host: '127.0.0.1', port })
    socket.on('error', () => undefined)
    if (await new Promise<boolean>((resolve) => { socket.once('connect', () => resolve(true)); socket.once('close', () => resolve(false)) })) {
      let text = ''
      socket.setEncoding('latin1')
      socket.on('data', (chunk: string) => { text += chunk })
      return { text: () => text, closed: once(socket, 'close') }
    }
    if (Date.now() > deadline) throw new Error(`nothing listened on TCP ${port}`)
    await sleep(50)
  }
}

/** One run as a raw client and the service's cabemu source (with its events) saw it. */
interface SessionSeen {
  readonly wire: string
  readonly events: readonly RecordedEvent[]
}

/** Output changes the run makes after both clients are connected, in order: toggles, score digits, a negative value. */
const steps: ReadonlyArray<readonly [string, number]> = [['lamp0', 1], ['lamp0', 0], ['score0', 5], ['score1', 2], ['credit', -3]]

/** One change a frame once the go file exists, then the machine exits. */
const steppingScript = `
local steps = { ${steps.map(([name, value]) => `{ "${name}", ${value} }`).join(', ')} }
local n = 0
emu.register_periodic(function()
  if n == 0 then
    local f = io.open(os.getenv("STEP_GO_FILE"), "r")
    if f == nil then return end
    f:close()
  end
  n = n + 1
  if n <= #steps then manager.machine.output:set_value(steps[n][1], steps[n][2]) else manager.machine:exit() end
end)
`

const hasType = (type: string) => (events: readonly RecordedEvent[]): boolean => events.some((e) => e.type === type)

/** Connects a raw client and a cabemu source to the output server on `port` once `play` has it running; `play` then makes the run, which ends with the server closing. */
async function seeSession (port: number, play: { greeted (): Promise<void> | void }): Promise<SessionSeen> {
  let service: SourceService | undefined
  try {
    service = await startSourceService({ cabemuEnabled: true, cabemuPort: String(port) }, configuredSources)
    const wire = await recordWire(port)
    await service.until(hasType('cabemu.session.started'), deadlineMs)
    await waitFor('the greeting on the wire', () => wire.text().includes('\r'))
    await play.greeted()
    await wire.closed
    await service.until(hasType('cabemu.session.stopped'), deadlineMs)
    return { wire: wire.text(), events: [...service.events] }
  } finally {
    service?.close()
  }
}

/** The events with the output server's port (8000 for MAME, a free one for the fake) taken out. */
const withoutPort = (events: readonly RecordedEvent[]): unknown[] => events.map(({ type, payload }) => ({ type, payload: { ...payload, Port: 'the port' } }))

describe('FakeOutputServer parity with a real MAME -output network', { skip: mame.skip }, () => {
  let releasePort: (() => void) | undefined
  let child: ChildProcess | undefined
  let real: SessionSeen
  let fake: SessionSeen

  before(async () => {
    // MAME 0.251 has no option for the output port: it is always 8000, so wait for it to be free.
    releasePort = await holdMameOutputPort()
    const work = tempDir('cabinet-hub-mame-parity-')
    const rom = path.join(work, 'counter.nes')
    writeFileSync(rom, counterRom())
    const scriptFile = path.join(work, 'steps.lua')
    writeFileSync(scriptFile, steppingScript)
    const goFile = path.join(work, 'steps.go')
    child = spawn(mame.path!, ['nes', '-cart', rom, '-output', 'network', '-video', 'none', '-sound', 'none', '-nothrottle', '-seconds_to_run', '600',
      '-autoboot_script', scriptFile, '-autoboot_delay', '0'], {
      cwd: work,
      env: { ...process.env, HOME: work, SDL_VIDEODRIVER: 'dummy', SDL_AUDIODRIVER: 'dummy', STEP_GO_FILE: goFile },
      stdio: 'ignore'
    })
    real = await seeSession(mameOutputPort, { greeted: () => writeFileSync(goFile, 'go') })

    const server = await FakeOutputServer.start()
    try {
      // As with MAME, the machine runs before the clients connect: they learn it from the greeting.
      server.startMachine('nes')
      fake = await seeSession(server.port, {
        greeted: () => {
          for (const [name, value] of steps) server.setOutput(name, value)
          server.exitMachine()
        }
      })
    } finally {
      await server.close()
    }
  })
  after(() => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    releasePort?.()
  })

  it('MAME writes `name = value` lines ended by a CR alone: the start line naming the machine, each change, the stop line, then closes', () => {
    assert.deepEqual(real.wire.split('\r'), ['mame_start = nes', ...steps.map(([name, value]) => `${name} = ${value}`), 'mame_stop = 1', ''])
    assert.doesNotMatch(real.wire, /\n/)
  })

  it('the fake writes the same bytes for the same run', () => {
    assert.equal(fake.wire, real.wire)
  })

  it('the cabemu source publishes the same events for both: session started, every change and the score it composes, session stopped', () => {
    assert.deepEqual(withoutPort(fake.events), withoutPort(real.events))
    assert.deepEqual(real.events.filter((e) => e.type.startsWith('cabemu.')).map((e) => e.type),
      ['cabemu.session.started', ...steps.map(() => 'cabemu.output.changed'), 'cabemu.session.stopped'])
    assert.equal(real.events.find((e) => e.type === 'cabemu.session.started')!.payload.MachineName, 'nes')
    assert.equal(real.events.find((e) => e.type === 'cabemu.session.stopped')!.payload.Reason, 'stopped')
    assert.deepEqual(real.events.filter((e) => e.type === 'score.live.changed').map((e) => e.payload.Score), [5, 25])
  })
})

/** The first datagram that answers any of `commands`, sent in order from one socket; null when none comes within `waitMs`. */
async function firstAnswer (port: number, commands: readonly string[], waitMs = 5000): Promise<{ text: string, fromPort: number } | null> {
  const socket = createSocket('udp4')
  socket.bind(0, '127.0.0.1')
  await once(socket, 'listening')
  try {
    const answer = new Promise<{ text: string, fromPort: number } | null>((resolve) => {
      socket.once('message', (data, from) => resolve({ text: data.toString('latin1'), fromPort: from.port }))
      setTimeout(() => resolve(null), waitMs)
    })
    for (const command of commands) socket.send(command, port, '127.0.0.1')
    return await answer
  } finally {
    socket.close()
  }
}

/** A memory read worded as the multiemu poller words it. */
const read = (command: 'READ_CORE_MEMORY' | 'READ_CORE_RAM', address: number, length: number): string => `${command} ${address.toString(16)} ${length}`

/** An answer with the values of read bytes masked (the real counter moves); command echo, address, separators, byte count and case, line end kept. */
function shape (answer: string): string {
  const bytes = /^(READ_CORE_RAM \S+)((?: [0-9A-F]{2})+)(\n)$/.exec(answer)
  return bytes === null ? answer : `${bytes[1]!}${bytes[2]!.replace(/[0-9A-F]{2}/g, '##')}${bytes[3]!}`
}

/** What the service's own reply parser makes of an answer, read bytes counted rather than compared. */
function parsed (answer: string): unknown {
  const reply = parseReply(answer)
  return reply?.kind === 'memory' ? { ...reply, bytes: reply.bytes?.length ?? null } : reply
}

describe('FakeMultiemu parity with a real RetroArch network command interface', { skip: retroarchSkip }, () => {
  const runs: RetroarchRun[] = []
  let playingPort: number
  let contentlessPort: number
  let fake: FakeMultiemu

  before(async () => {
    playingPort = await freeUdpPort()
    contentlessPort = await freeUdpPort()
    const commands = (port: number): Record<string, string> => ({ network_cmd_enable: 'true', network_cmd_port: String(port) })
    runs.push(runCounter(tempDir('cabinet-hub-retroarch-parity-'), commands(playingPort)))
    runs.push(runContentless(tempDir('cabinet-hub-retroarch-parity-'), commands(contentlessPort)))
    fake = await FakeMultiemu.start()
    fake.memory.set([0x2a, 0x00], 0x10)
    for (const [port, state] of [[playingPort, 'PLAYING'], [contentlessPort, 'CONTENTLESS']] as const) {
      const deadline = Date.now() + deadlineMs
      while (!((await firstAnswer(port, ['GET_STATUS'], 200))?.text.startsWith(`GET_STATUS ${state}`) ?? false)) {
        if (Date.now() > deadline) throw new Error(`RetroArch on UDP ${port} never answered GET_STATUS ${state}:\n${runs.map((r) => r.log()).join('\n')}`)
      }
    }
  })
  after(() => {
    for (const run of runs) run.stop()
    fake?.close()
  })

  /** Sends `command` to RetroArch and to the fake: both answer from the command port, in the same shape, read alike by the service. */
  async function assertSameAnswer (retroarchPort: number, command: string): Promise<string> {
    const real = await firstAnswer(retroarchPort, [command])
    const faked = await firstAnswer(fake.port, [command])
    assert.ok(real !== null, `RetroArch answers ${command}`)
    assert.ok(faked !== null, `the fake answers ${command}`)
    assert.equal(real.fromPort, retroarchPort, 'RetroArch answers from its command port')
    assert.equal(faked.fromPort, fake.port, 'the fake answers from its command port')
    assert.equal(shape(faked.text), shape(real.text), command)
    assert.deepEqual(parsed(faked.text), parsed(real.text), `${command}: the service reads both alike`)
    return real.text
  }

  it('with content running: the status line and the memory reads the multiemu source sends, mapped and unmapped', async () => {
    // As the fast tests set it for this cartridge.
    fake.status = 'PLAYING Nestopia,counter,crc32=ccd09037'
    assert.equal(await assertSameAnswer(playingPort, 'GET_STATUS'), 'GET_STATUS PLAYING Nestopia,counter,crc32=ccd09037\n')
    assert.equal(await assertSameAnswer(playingPort, read('READ_CORE_MEMORY', 0x10, 2)), 'READ_CORE_MEMORY 10 -1 no memory map defined\n')
    assert.match(await assertSameAnswer(playingPort, read('READ_CORE_RAM', 0x10, 2)), /^READ_CORE_RAM 10 [0-9A-F]{2} [0-9A-F]{2}\n$/)
    assert.match(await assertSameAnswer(playingPort, read('READ_CORE_RAM', 0x7ff, 1)), /^READ_CORE_RAM 7ff [0-9A-F]{2}\n$/)
    assert.equal(await assertSameAnswer(playingPort, read('READ_CORE_MEMORY', 0xffff, 2)), 'READ_CORE_MEMORY ffff -1 no memory map defined\n')
    assert.equal(await assertSameAnswer(playingPort, read('READ_CORE_RAM', 0xffff, 2)), 'READ_CORE_RAM ffff -1\n')
  })

  it('with no content: CONTENTLESS without a line end, and every read refused', async () => {
    fake.status = 'CONTENTLESS'
    assert.equal(await assertSameAnswer(contentlessPort, 'GET_STATUS'), 'GET_STATUS CONTENTLESS')
    assert.equal(await assertSameAnswer(contentlessPort, read('READ_CORE_RAM', 0x10, 2)), 'READ_CORE_RAM 10 -1\n')
    assert.equal(await assertSameAnswer(contentlessPort, read('READ_CORE_MEMORY', 0x10, 2)), 'READ_CORE_MEMORY 10 -1 no memory map defined\n')
  })

  it('no answer to an unknown command or a malformed read: the first answer is the status asked after them', async () => {
    fake.status = 'PLAYING Nestopia,counter,crc32=ccd09037'
    const commands = ['NO_SUCH_COMMAND', 'READ_CORE_RAM zz 2', 'READ_CORE_RAM', 'GET_STATUS']
    for (const port of [playingPort, fake.port]) assert.match((await firstAnswer(port, commands))?.text ?? 'none', /^GET_STATUS PLAYING /, `UDP ${port}`)
  })
})
