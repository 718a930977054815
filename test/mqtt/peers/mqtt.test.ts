/**
 * Cabinets and a venue on a real Mosquitto, with mosquitto_sub as the independent reader of what
 * reaches the broker.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../../support/hub.js'
import { Broker, mosquittoSkip, payloadOf as json, publishWithMosquittoPub as mosquittoPub, SubReader, subscribedReader } from '../../support/mosquitto.js'
import { startPanelHub, type PanelHub } from '../../support/panels.js'
import { eventually } from '../../support/sim.js'
import { ingestHook as hook, startVenue, statusSection } from '../../support/venue.js'
import { RecordingClient } from '../../support/ws-client.js'

const mqttStatus = async (hub: TestHub) => statusSection(hub.baseUrl, 'mqtt')

describe('two cabinets and a venue on Mosquitto', { skip: mosquittoSkip }, () => {
  let broker: Broker
  let reader: SubReader
  let cabA: PanelHub
  let cabB: TestHub
  let venue: TestHub

  before(async () => {
    broker = await Broker.start()
    reader = SubReader.start(broker, ['cabinethub/#'])
    venue = await startVenue(broker.url, {}, { listen: true })
    cabA = await startPanelHub({ mqttUrl: broker.url, nodeId: 'cab-a', mqttCommands: true, mqttHomeassistant: true }, {}, { listen: true })
    cabB = await startHub({ listen: true, options: { mqttUrl: broker.url, nodeId: 'cab-b' } })
    await reader.until((r) => r.on('cabinethub/cab-a/status').length > 0 && r.on('cabinethub/cab-b/status').length > 0)
  })
  after(async () => {
    await cabA?.close()
    await cabB?.close()
    await venue?.close()
    await reader?.stop()
    await broker?.stop()
  })

  it('puts a selection on the broker, and a late subscriber gets the retained panel state, marquee snapshot and status', async () => {
    const rom = cabA.tree.rom('mame', 'sf2.zip')
    await cabA.hook('game-selected', 'mame', rom, 'Street Fighter II')
    // The marquee snapshot follows the selection asynchronously; a late subscriber that arrives
    // before it would get it live, not retained.
    const onSf2 = (r: SubReader, topic: string) => r.on(`cabinethub/cab-a/${topic}`).some((m) => json(m).Payload.SelectionKey === 'mame|sf2')
    await reader.until((r) => onSf2(r, 'panel/panel.state') && onSf2(r, 'marquee/marquee.snapshot'))
    const selected = reader.on('cabinethub/cab-a/frontend/ui.game.selected').map(json)
    assert.equal(selected.length, 1)
    assert.deepEqual([selected[0]!.Type, selected[0]!.NodeId, selected[0]!.Payload.GameName], ['ui.game.selected', 'cab-a', 'Street Fighter II'])
    assert.equal(reader.messages.filter((m) => m.topic.includes('/esevent/')).length, 0, 'raw hooks only with --mqtt-raw-hooks')

    const late = SubReader.start(broker, ['cabinethub/cab-a/#'])
    try {
      await late.until((r) => ['status', 'marquee/marquee.snapshot', 'panel/panel.state'].every((t) => r.on(`cabinethub/cab-a/${t}`).length > 0))
      const status = late.on('cabinethub/cab-a/status')[0]!
      assert.deepEqual([status.payload, status.retained], ['online', true])
      const marquee = late.on('cabinethub/cab-a/marquee/marquee.snapshot')[0]!
      assert.equal(marquee.retained, true)
      assert.equal(json(marquee).Payload.SelectionKey, 'mame|sf2')
      const panel = late.on('cabinethub/cab-a/panel/panel.state')[0]!
      assert.equal(panel.retained, true)
      assert.equal(json(panel).Payload.SelectionKey, 'mame|sf2')
      // Events that are not state are not retained: the late subscriber does not get the selection event.
      assert.equal(late.on('cabinethub/cab-a/frontend/ui.game.selected').length, 0)
    } finally {
      await late.stop()
    }
  })

  it('publishes Home Assistant discovery for the cabinet that asks for it, tied to its status topic', async () => {
    const discovery = SubReader.start(broker, ['homeassistant/#'])
    try {
      await discovery.until((r) => r.messages.some((m) => m.topic.endsWith('/frontend_running/config')))
      await new Promise((resolve) => setTimeout(resolve, 200))
      const configs = new Map(discovery.messages.map((m) => [m.topic, json(m)]))
      for (const [component, key] of [['sensor', 'state'], ['sensor', 'system'], ['sensor', 'game'], ['image', 'game_art'], ['sensor', 'score'], ['binary_sensor', 'frontend_running'], ['button', 'tap_right']]) {
        const config = configs.get(`homeassistant/${component}/cabinethub_cab-a/${key}/config`)
        assert.ok(config, `${component} ${key}`)
        assert.equal(config.availability_topic, 'cabinethub/cab-a/status')
        assert.equal(config.unique_id, `cabinethub_cab-a_${key}`)
        assert.deepEqual(config.device.identifiers, ['cabinethub_cab-a'])
      }
      assert.ok(discovery.messages.every((m) => m.retained))
      assert.equal(configs.get('homeassistant/button/cabinethub_cab-a/tap_right/config')!.command_topic, 'cabinethub/cab-a/commands/tap')
      assert.ok(![...configs.keys()].some((topic) => topic.includes('cab-b')), 'cab-b did not ask for discovery')
    } finally {
      await discovery.stop()
    }
  })

  it('removes the discovery with --uninstall-homeassistant', async () => {
    const uninstall = await startHub({ listen: true, options: { mqttUrl: broker.url, nodeId: 'cab-u', mqttHomeassistant: true } })
    const installed = SubReader.start(broker, ['homeassistant/+/cabinethub_cab-u/#'])
    await installed.until((r) => r.messages.length >= 6)
    await installed.stop()
    await uninstall.close()
    const remover = await startHub({ listen: true, options: { mqttUrl: broker.url, nodeId: 'cab-u', uninstallHomeassistant: true } })
    try {
      await eventually(async () => (await mqttStatus(remover)).connected as boolean, (connected) => connected, 'connected')
      const late = await subscribedReader(broker, 'homeassistant/#', 'homeassistant/probe')
      try {
        assert.deepEqual(late.messages.filter((m) => m.topic.includes('cabinethub_cab-u')), [], 'no discovery config of cab-u is retained any more')
      } finally {
        await late.stop()
      }
    } finally {
      await remover.close()
    }
  })

  it('merges the hiscores the cabinets publish: the best score of each player, with its cabinet', async () => {
    const table = (nodeId: string, scores: Array<[string, string]>) => JSON.stringify({ Type: 'hiscore.updated', Ts: new Date().toISOString(), NodeId: nodeId, Payload: { System: 'mame', RomName: '1943', Scores: scores.map(([Name, Score], i) => ({ Rank: String(i + 1), Name, Score })) } })
    await mosquittoPub(broker, 'cabinethub/cab-a/hiscore/hiscore.updated', table('cab-a', [['AAA', '50000'], ['BOB', '20000']]))
    await mosquittoPub(broker, 'cabinethub/cab-b/hiscore/hiscore.updated', table('cab-b', [['BOB', '42000'], ['AAA', '10000'], ['CAT', '9000']]))
    const merged = await eventually(async () => (await fetch(`${venue.baseUrl}/api/v1/venue/hiscores/mame/1943`)).json() as Promise<{ scores?: unknown[] }>, (body) => body.scores?.length === 3, 'merged hiscores')
    assert.deepEqual(merged.scores, [
      { rank: 1, name: 'AAA', score: 50000, nodeId: 'cab-a' },
      { rank: 2, name: 'BOB', score: 42000, nodeId: 'cab-b' },
      { rank: 3, name: 'CAT', score: 9000, nodeId: 'cab-b' }
    ])
    const unknown = await fetch(`${venue.baseUrl}/api/v1/venue/hiscores/mame/pacman`)
    assert.equal(unknown.status, 404)
    assert.equal((await unknown.json() as { code: string }).code, 'NO_HISCORES')
    // A message that is not an envelope is counted and ignored; the venue keeps serving.
    await mosquittoPub(broker, 'cabinethub/cab-b/hiscore/hiscore.updated', '{"Type":"hiscore.updated"}')
    const status = await eventually(async () => statusSection(venue.baseUrl, 'venue'), (v) => v.rejected === 1, 'rejected counted')
    assert.equal(status.rejected, 1)
  })

  it('shows both cabinets in the venue, and relays their events on /ws/venue with their own NodeId', async () => {
    const client = await RecordingClient.connect(`${venue.wsBase}/ws/venue`)
    try {
      await hook(cabB, 'game-selected', 'snes', '/cab/roms/snes/smw.sfc', 'Super Mario World')
      await client.until((c) => c.frames.some((f) => f.Type === 'ui.game.selected' && f.NodeId === 'cab-b'))
      const relayed = client.frames.find((f) => f.Type === 'ui.game.selected' && f.NodeId === 'cab-b')!
      assert.equal(relayed.Payload.GameName, 'Super Mario World')
      const cabinets = await eventually(async () => (await (await fetch(`${venue.baseUrl}/api/v1/venue/cabinets`)).json() as { cabinets: Array<Record<string, unknown>> }).cabinets,
        (list) => list.find((c) => c.nodeId === 'cab-b')?.game === 'Super Mario World', 'cab-b in the venue')
      const byNode = new Map(cabinets.map((c) => [c.nodeId, c]))
      assert.deepEqual(Object.fromEntries(['nodeId', 'online', 'state', 'system', 'game'].map((k) => [k, byNode.get('cab-b')![k]])), { nodeId: 'cab-b', online: true, state: 'browsing', system: 'snes', game: 'Super Mario World' })
      assert.equal(byNode.get('cab-a')?.online, true)
      assert.equal(byNode.get('cab-a')?.system, 'mame')
      assert.equal((await statusSection(venue.baseUrl, 'venue')).mqttVersion, '5', 'Mosquitto 2 speaks MQTT 5')
    } finally {
      client.socket.close()
    }
  })

  it('runs commands through the REST routes and answers with the correlation id, acknowledged on /ws/control', async () => {
    const control = await RecordingClient.connect(`${cabA.hub.wsBase}/ws/control`)
    const results = SubReader.start(broker, ['cabinethub/cab-a/commands/+/result'])
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      await mosquittoPub(broker, 'cabinethub/cab-a/commands/tap', JSON.stringify({ correlationId: 'tap-1', input: 'right', count: 2 }))
      await mosquittoPub(broker, 'cabinethub/cab-a/commands/notify', JSON.stringify({ correlationId: 'notify-1', message: 'Game on' }))
      await mosquittoPub(broker, 'cabinethub/cab-a/commands/tap', JSON.stringify({ correlationId: 'tap-bad', input: 'sideways' }))
      await mosquittoPub(broker, 'cabinethub/cab-a/commands/combo', 'not json')
      await mosquittoPub(broker, 'cabinethub/cab-a/commands/launch', JSON.stringify({ correlationId: 'launch-1', romPath: cabA.tree.rom('mame', '1943.zip') }))
      await results.until((r) => r.messages.length >= 5)
      const byId = new Map(results.messages.map((m) => [json(m).correlationId as string, { ...json(m), topic: m.topic } as ReturnType<typeof json>]))

      const tap = byId.get('tap-1')!
      assert.deepEqual([tap.topic, tap.ok, tap.status, tap.body.action, tap.body.success], ['cabinethub/cab-a/commands/tap/result', true, 200, 'tap', true])
      const notify = byId.get('notify-1')!
      assert.deepEqual([notify.ok, notify.status], [true, 200])
      assert.ok(cabA.es.calls.includes('notify Game on'), cabA.es.calls.join(', '))
      const bad = byId.get('tap-bad')!
      assert.deepEqual([bad.ok, bad.status, bad.body.code], [false, 400, 'VALIDATION_ERROR'])
      assert.match(bad.body.message, /input/)
      const garbage = results.messages.map((m) => json(m)).find((r) => r.command === 'combo')!
      assert.deepEqual([garbage.ok, garbage.status, garbage.body.code], [false, 400, 'INVALID_JSON'])
      const launch = byId.get('launch-1')!
      assert.deepEqual([launch.topic, launch.ok, launch.status, launch.body.status], ['cabinethub/cab-a/commands/launch/result', true, 202, 'launching'])
      assert.ok(cabA.es.launches.includes(cabA.tree.rom('mame', '1943.zip')))

      await control.until((c) => c.frames.filter((f) => f.Type === 'commands.mqtt.completed').length >= 5)
      const acks = control.frames.filter((f) => f.Type === 'commands.mqtt.completed')
      assert.deepEqual(acks.find((f) => f.CorrelationId === 'tap-1')?.Payload, { Command: 'tap', Ok: true, Status: 200 })
      assert.deepEqual(acks.find((f) => f.CorrelationId === 'tap-bad')?.Payload, { Command: 'tap', Ok: false, Status: 400, Code: 'VALIDATION_ERROR' })
      assert.ok(control.frames.some((f) => f.Type === 'commands.launch.accepted'), 'the launch route acknowledges as for REST')
      assert.ok(control.frames.some((f) => f.Type === 'es-control.action.completed'), 'the tap route acknowledges as for REST')
      // The service kept running.
      assert.equal((await fetch(`${cabA.hub.baseUrl}/api/v1/health`)).status, 200)
    } finally {
      control.socket.close()
      await results.stop()
    }
  })

  it('puts a burst of selections and their panels on the broker in the very order WebSocket clients get them', async () => {
    const firehose = await RecordingClient.connect(`${cabA.hub.wsBase}/ws`)
    const ordered = await subscribedReader(broker, 'cabinethub/cab-a/+/+', 'cabinethub/cab-a/probe/order')
    try {
      const roms = ['sf2.zip', '1943.zip', 'galaga.zip', 'pacman.zip']
      for (let n = 0; n < 20; n++) await cabA.hook('game-selected', 'mame', cabA.tree.rom('mame', roms[n % roms.length]!), `Game ${n}`)
      const key = (type: string, payload: { SelectionKey?: string, GameName?: string }): string => `${type} ${payload.SelectionKey ?? ''} ${payload.GameName ?? ''}`
      const onSocket = (): string[] => firehose.frames.filter((f) => f.Type === 'ui.game.selected' || f.Type === 'panel.state').map((f) => key(f.Type, f.Payload as { SelectionKey?: string }))
      const onBroker = (): string[] => ordered.messages.filter((m) => /\/(ui\.game\.selected|panel\.state)$/.test(m.topic)).map((m) => json(m)).map((e) => key(e.Type, e.Payload))
      // The selection leaves at once and its panel in the same turn's later write: the burst is over once the last selection's panel is in.
      const lastPanelIn = (socket: readonly string[]): boolean => socket.slice(socket.findIndex((k) => k.includes('Game 19')) + 1).some((k) => k.startsWith('panel.state')) && socket.some((k) => k.includes('Game 19'))
      await eventually(() => [onSocket(), onBroker()] as const, ([socket, onTheBroker]) => lastPanelIn(socket) && onTheBroker.length >= socket.length, 'the burst on both transports')
      assert.ok(onSocket().length >= 4)
      assert.deepEqual(onBroker(), onSocket())
    } finally {
      firehose.socket.close()
      await ordered.stop()
    }
  })
})
