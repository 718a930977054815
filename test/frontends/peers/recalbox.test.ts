/**
 * Recalbox over a real Mosquitto: the simulated Recalbox tells its events on the broker as
 * Recalbox does, the service follows them with `--profile recalbox`, and launches go out as
 * `START|<system>|<file>` datagrams (to the test's own UDP port, which hands them on to the
 * simulator's launch listener).
 */
import assert from 'node:assert/strict'
import { createSocket, type Socket } from 'node:dgram'
import { once } from 'node:events'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { demoSystems } from '../../../src/sim/demo-tree/catalog-data.js'
import { writeDemoTree } from '../../../src/sim/index.js'
import { RecalboxSimulator } from '../../support/sim/recalbox/simulator.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { Broker, mosquittoSkip, publishWithMosquittoPub } from '../../support/mosquitto.js'
import { RecordingClient, type Frame } from '../../support/ws-client.js'

const metroid = 'Metroid (USA).nes'

async function eventSourceConnected (hub: TestHub): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = await (await fetch(`${hub.baseUrl}/api/v1/status`)).json() as { frontend: { eventSource: { connected: boolean } } }
    if (status.frontend.eventSource.connected) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the service never connected to the broker')
}

const ofType = (client: RecordingClient, type: string): Frame[] => client.frames.filter((frame) => frame.Type === type)

describe('a Recalbox simulator over a real Mosquitto', { skip: mosquittoSkip }, () => {
  let broker: Broker
  let recalbox: RecalboxSimulator
  let hub: TestHub
  let relay: Socket
  const datagrams: string[] = []
  const root = tempDir('cabinet-hub-recalbox-')
  const stateFile = path.join(root, 'es_state.inf')

  before(async () => {
    broker = await Broker.start()
    await writeDemoTree(root, 'recalbox')
    recalbox = new RecalboxSimulator({ root, brokerUrl: broker.url, stateFile, playSeconds: 3 })
    const { apiUrl, launchPort } = await recalbox.start()
    // The test's own launch port: it keeps each datagram and hands it on to the simulated Recalbox.
    relay = createSocket('udp4')
    relay.on('message', (datagram) => {
      datagrams.push(datagram.toString('utf8'))
      relay.send(datagram, launchPort, '127.0.0.1')
    })
    relay.bind(0, '127.0.0.1')
    await once(relay, 'listening')
    // Asked what runs only after a launch (1.5 s later, the game runs 3 s): the events themselves must say start and end.
    hub = await startHub({ listen: true, options: { reconcileIntervalMs: '600000', frontendRoot: root, profile: 'recalbox', recalboxHost: `127.0.0.1:${broker.port}`, recalboxApiPort: new URL(apiUrl).port, recalboxLaunchPort: String(relay.address().port), recalboxStateFile: stateFile } })
    await eventSourceConnected(hub)
  })
  after(async () => {
    await hub?.close()
    await recalbox?.stop()
    relay?.close()
    await broker?.stop()
  })

  it('launches over UDP as START|<system>|<file>, and rungame/endgame become ui.game.started/ended with the gamelist\'s name and media', async () => {
    const client = await RecordingClient.connect(`${hub.wsBase}/ws/frontend`)
    const romPath = path.join(root, 'roms', 'nes', metroid)
    const launch = await fetch(`${hub.baseUrl}/api/v1/commands/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ romPath }) })
    assert.equal(launch.status, 202, await launch.clone().text())
    assert.equal((await launch.json() as { esResponse: string }).esResponse, `START|nes|${metroid}`)
    await client.until((c) => ofType(c, 'ui.game.started').length > 0, 15_000)
    // While it runs, the game's media are the gamelist's, served by the service.
    const current = await (await fetch(`${hub.baseUrl}/api/v1/context/current-game`)).json() as { name: string, details: { image: string } }
    assert.equal(current.name, 'Metroid')
    assert.match(current.details.image, /^\/api\/v1\/media\//)
    const image = await fetch(`${hub.baseUrl}${current.details.image}`)
    assert.equal(image.status, 200)
    assert.deepEqual(Buffer.from(await image.arrayBuffer()), readFileSync(path.join(root, 'roms', 'nes', 'media', 'images', 'Metroid (USA)-image.png')))
    await client.until((c) => ofType(c, 'ui.game.ended').length > 0, 15_000)
    assert.deepEqual(datagrams, [`START|nes|${metroid}`])
    for (const type of ['ui.game.started', 'ui.game.ended']) {
      const [frame] = ofType(client, type)
      const payload = frame!.Payload as { Source: string, EventName: string, GamePath: string, SystemId: string, Selection: { Name: string, Image: string, Developer: string }, Context: { Frontend: string } }
      assert.equal(payload.Source, 'mqtt')
      assert.equal(payload.EventName, type === 'ui.game.started' ? 'rungame' : 'endgame')
      assert.equal(payload.GamePath, romPath)
      assert.equal(payload.SystemId, 'nes')
      assert.equal(payload.Context.Frontend, 'recalbox')
      assert.equal(payload.Selection.Name, 'Metroid', 'the gamelist\'s name')
      assert.equal(payload.Selection.Developer, 'Nintendo R&D1')
      assert.equal(payload.Selection.Image, './media/images/Metroid (USA)-image.png', 'the gamelist\'s image, under media/')
    }
    // Recalbox shows the gamelist again after a game: endgame is followed by gamelistbrowsing.
    await client.until((c) => c.types().indexOf('ui.game.selected') > c.types().indexOf('ui.game.ended'), 5000)
    const state = await (await fetch(`${hub.baseUrl}/api/v1/context/state`)).json() as { state: string, selectedSystem: { name: string, fullname?: string } }
    assert.equal(state.state, 'browsing')
    const shown = demoSystems.find((system) => system.name === state.selectedSystem.name)
    assert.ok(shown !== undefined, state.selectedSystem.name)
    assert.equal(state.selectedSystem.fullname, shown.fullname, 'the full name from systemlist.xml')
    client.socket.close()
  })

  it('answers notify with 501 FRONTEND_UNSUPPORTED, and a rom name the datagram cannot carry with 400, sending nothing', async () => {
    const notify = await fetch(`${hub.baseUrl}/api/v1/es/controller/notify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'hello' }) })
    assert.equal(notify.status, 501)
    assert.equal((await notify.json() as { code: string }).code, 'FRONTEND_UNSUPPORTED')
    const pipe = path.join(root, 'roms', 'nes', 'A|B.nes')
    writeFileSync(pipe, 'rom')
    const before = datagrams.length
    const launch = await fetch(`${hub.baseUrl}/api/v1/commands/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ romPath: pipe }) })
    assert.equal(launch.status, 400)
    assert.equal((await launch.json() as { code: string }).code, 'ES_REJECTED')
    assert.equal(datagrams.length, before)
  })
})

describe('an older Recalbox (Event and es_state.inf, no EventJson) and a doubled JSON payload', { skip: mosquittoSkip }, () => {
  let broker: Broker
  let hub: TestHub
  const root = tempDir('cabinet-hub-recalbox-old-')
  const stateFile = path.join(root, 'es_state.inf')

  before(async () => {
    broker = await Broker.start()
    await writeDemoTree(root, 'recalbox')
    hub = await startHub({ listen: true, options: { frontendRoot: root, profile: 'recalbox', recalboxHost: `127.0.0.1:${broker.port}`, recalboxStateFile: stateFile } })
    await eventSourceConnected(hub)
  })
  after(async () => {
    await hub?.close()
    await broker?.stop()
  })

  it('reads the event from es_state.inf (CRLF) when only the action name is published, then takes the first of two JSON copies', async () => {
    const client = await RecordingClient.connect(`${hub.wsBase}/ws/frontend`)
    const romPath = path.join(root, 'roms', 'snes', 'Super Metroid (USA).sfc')
    writeFileSync(stateFile, ['Version=2.0', 'Action=gamelistbrowsing', `ActionData=${romPath}`, 'System=Super Nintendo Entertainment System', 'SystemId=snes', 'Game=Super Metroid', `GamePath=${romPath}`, 'ImagePath=', 'State=selected', ''].join('\r\n'))
    await publishWithMosquittoPub(broker, 'Recalbox/EmulationStation/Event', 'gamelistbrowsing')
    await client.until((c) => ofType(c, 'ui.game.selected').length === 1, 10_000)
    const selected = ofType(client, 'ui.game.selected')[0]!.Payload as { GamePath: string, SystemId: string, Selection: { Name: string } }
    assert.deepEqual([selected.GamePath, selected.SystemId, selected.Selection.Name], [romPath, 'snes', 'Super Metroid'])

    const zelda = path.join(root, 'roms', 'nes', 'Legend of Zelda, The (USA).nes')
    const json = JSON.stringify({ Action: 'gamelistbrowsing', Parameter: zelda, Version: '2.0', System: { System: 'Nintendo Entertainment System', SystemId: 'nes' }, Game: { Game: 'The Legend of Zelda', GamePath: zelda } })
    await publishWithMosquittoPub(broker, 'Recalbox/EmulationStation/EventJson', `${json}${json}`)
    await client.until((c) => ofType(c, 'ui.game.selected').length === 2, 10_000)
    const doubled = ofType(client, 'ui.game.selected')[1]!.Payload as { GamePath: string, Selection: { Name: string } }
    assert.deepEqual([doubled.GamePath, doubled.Selection.Name], [zelda, 'The Legend of Zelda'])
    const status = await (await fetch(`${hub.baseUrl}/api/v1/status`)).json() as { frontend: { eventSource: { reading: string, rejected: number } } }
    assert.deepEqual([status.frontend.eventSource.reading, status.frontend.eventSource.rejected], ['json', 0])
    client.socket.close()
  })
})
