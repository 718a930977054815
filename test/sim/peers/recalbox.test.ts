/**
 * The simulated Recalbox as a consumer on its broker sees it (mosquitto_sub): each event on
 * `Recalbox/EmulationStation/Event` then `.../EventJson`, es_state.inf written first (CRLF, keys
 * in Recalbox's order), userscripts run after with `-action -statefile -param`, an event the same
 * as the one before dropped, and `endgame` followed by `gamelistbrowsing`.
 */
import assert from 'node:assert/strict'
import { createSocket } from 'node:dgram'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { RecalboxSimulator } from '../../support/sim/recalbox/simulator.js'
import { tempDir } from '../../support/hub.js'
import { Broker, mosquittoSkip, SubReader } from '../../support/mosquitto.js'

const gamelist = `<?xml version="1.0"?>
<gameList>
  <game><path>./Metroid (USA).nes</path><name>Metroid</name><image>./media/images/metroid.png</image><developer>Nintendo R&amp;D1</developer></game>
  <game><path>./Mega Man 2 (USA).nes</path><name>Mega Man 2</name></game>
</gameList>
`

describe('the simulated Recalbox on a real Mosquitto', { skip: mosquittoSkip }, () => {
  let broker: Broker
  let reader: SubReader
  let recalbox: RecalboxSimulator
  let apiUrl: string
  let launchPort: number
  const root = tempDir('cabinet-hub-sim-recalbox-')
  const stateFile = path.join(root, 'es_state.inf')
  const scriptLog = path.join(root, 'userscripts.log')
  const nes = path.join(root, 'roms', 'nes')

  before(async () => {
    mkdirSync(nes, { recursive: true })
    writeFileSync(path.join(nes, 'gamelist.xml'), gamelist)
    for (const rom of ['Metroid (USA).nes', 'Mega Man 2 (USA).nes']) writeFileSync(path.join(nes, rom), 'rom')
    mkdirSync(path.join(root, 'system'), { recursive: true })
    writeFileSync(path.join(root, 'system', 'recalbox.conf'), 'nes.emulator=libretro\nnes.core=nestopia\n')
    // A (sync) script limited to two events: it sees the state file of its own event.
    const script = path.join(root, 'userscripts', 'record[gamelistbrowsing,rungame](sync).sh')
    mkdirSync(path.dirname(script), { recursive: true })
    writeFileSync(script, `printf '%s|' "$@" >> '${scriptLog}'\ngrep '^Action=' "$4" | tr -d '\\r' >> '${scriptLog}'\n`)
    chmodSync(script, 0o644)
    broker = await Broker.start()
    reader = SubReader.start(broker, ['Recalbox/EmulationStation/#'])
    // mosquitto_sub is subscribed once it receives what is published after it.
    await new Promise((resolve) => setTimeout(resolve, 500))
    recalbox = new RecalboxSimulator({ root, brokerUrl: broker.url, stateFile, playSeconds: 0.3 })
    ;({ apiUrl, launchPort } = await recalbox.start())
  })
  after(async () => {
    await recalbox?.stop()
    await reader?.stop()
    await broker?.stop()
  })

  const actions = (): string[] => reader.on('Recalbox/EmulationStation/Event').map((message) => message.payload)
  const press = async (input: string): Promise<void> => {
    const response = await fetch(`${apiUrl}/sim/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input }) })
    assert.equal(response.status, 204)
  }

  it('tells start, browsing, a UDP launch and its end in Recalbox\'s order and shapes', async () => {
    await reader.until(() => actions().length >= 2)
    // One system: `right` comes back to it, and the same systembrowsing again is dropped.
    await press('right')
    await press('right')
    await press('b')
    await press('down')
    const socket = createSocket('udp4')
    await new Promise<void>((resolve) => socket.send('START|nes|Metroid (USA).nes', launchPort, '127.0.0.1', () => resolve()))
    socket.close()
    await reader.until(() => actions().length >= 7)
    await new Promise((resolve) => setTimeout(resolve, 300))
    assert.deepEqual(actions(), ['start', 'systembrowsing', 'gamelistbrowsing', 'gamelistbrowsing', 'rungame', 'endgame', 'gamelistbrowsing'])

    // Each action name comes just before its EventJson.
    const messages = reader.messages
    assert.equal(messages.length, 14)
    for (let index = 0; index < messages.length; index += 2) {
      assert.equal(messages[index]!.topic, 'Recalbox/EmulationStation/Event')
      assert.equal(messages[index + 1]!.topic, 'Recalbox/EmulationStation/EventJson')
      assert.equal(JSON.parse(messages[index + 1]!.payload).Action, messages[index]!.payload)
      assert.equal(messages[index]!.retained, false)
    }
    const run = JSON.parse(messages[9]!.payload) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    const metroid = path.join(nes, 'Metroid (USA).nes')
    assert.deepEqual(run.System, { System: 'nes', SystemId: 'nes', DefaultEmulator: { Emulator: 'libretro', Core: 'nestopia' } })
    assert.equal(run.Game.Game, 'Metroid')
    assert.equal(run.Game.GamePath, metroid)
    assert.equal(run.Game.ImagePath, './media/images/metroid.png')
    assert.equal(run.Game.Favorite, false)
    assert.deepEqual(run.Game.SelectedEmulator, { Emulator: 'libretro', Core: 'nestopia' })
    assert.equal(run.Parameter, metroid)
    assert.equal(JSON.parse(messages[1]!.payload).System, undefined, 'start has no system')

    // The list is sorted by name (Mega Man 2, Metroid); after the game the cursor's game is back: the last state is its gamelistbrowsing, CRLF, keys in order.
    const state = readFileSync(stateFile, 'utf8')
    assert.ok(state.endsWith('State=selected\r\n'))
    assert.equal(state.split('\r\n').filter((line) => line.includes('\n')).length, 0, 'every line ends in CRLF')
    assert.deepEqual(state.split('\r\n').map((line) => line.split('=')[0]).slice(0, 9), ['Version', 'Action', 'ActionData', 'System', 'SystemId', 'Game', 'GamePath', 'ImagePath', 'IsFolder'])
    assert.match(state, /\r\nAction=gamelistbrowsing\r\n/)
    assert.match(state, /\r\nGame=Metroid\r\n/)

    const status = await (await fetch(`${apiUrl}/api/status`)).json() as { Action: string, Game: { Game: string } }
    assert.deepEqual([status.Action, status.Game.Game], ['gamelistbrowsing', 'Metroid'])

    // The script ran for its two events only, with Recalbox's arguments, after the state file was written.
    const lines = readFileSync(scriptLog, 'utf8').trim().split('\n')
    const megaMan = path.join(nes, 'Mega Man 2 (USA).nes')
    assert.deepEqual(lines, [
      `-action|gamelistbrowsing|-statefile|${stateFile}|-param|${megaMan}|Action=gamelistbrowsing`,
      `-action|gamelistbrowsing|-statefile|${stateFile}|-param|${metroid}|Action=gamelistbrowsing`,
      `-action|rungame|-statefile|${stateFile}|-param|${metroid}|Action=rungame`,
      `-action|gamelistbrowsing|-statefile|${stateFile}|-param|${metroid}|Action=gamelistbrowsing`
    ])
  })

  it('ignores datagrams that are no START of a known game, as Recalbox does', async () => {
    const before = actions().length
    const socket = createSocket('udp4')
    for (const frame of ['STOP|nes|Metroid (USA).nes', 'START|snes|Metroid (USA).nes', 'START|nes|Tetris.nes', 'START|nes']) {
      await new Promise<void>((resolve) => socket.send(frame, launchPort, '127.0.0.1', () => resolve()))
    }
    socket.close()
    await new Promise((resolve) => setTimeout(resolve, 500))
    assert.equal(actions().length, before)
  })
})
