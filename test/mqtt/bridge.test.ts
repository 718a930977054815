import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { discoveryMessages, uninstallMessages } from '../../src/mqtt/homeassistant.js'
import { onScreenService, type FrontendFacts } from '../../src/frontend/index.js'
import { gameFactsService, type GameEventFacts } from '../../src/game-events/index.js'
import { CabinetTopics, mqttModule, readCabinetTopic } from '../../src/mqtt/index.js'
import { Outbox, type OutgoingMessage } from '../../src/mqtt/outbox.js'
import { CabinetSummary, ended, selected, started } from '../../src/mqtt/summary.js'
import { surfaceFactsService, type SurfaceFacts } from '../../src/surfaces/index.js'
import { fake, newTestModule, testFacts } from '../support/test-module.js'

const event = (topic: string, payload: string, coalesceKey: string | null = null): OutgoingMessage => ({ topic, payload, retain: coalesceKey !== null, coalesceKey })

describe('the outbox while the broker is away', () => {
  it('keeps publish order, replaces a queued snapshot by a newer one of the same key, and drops the oldest beyond the bound, counted', () => {
    const outbox = new Outbox(3)
    outbox.push(event('c/marquee/marquee.snapshot', 'm1', 'marquee'))
    outbox.push(event('c/panel/panel.input.pressed', 'p1'))
    outbox.push(event('c/marquee/marquee.snapshot', 'm2', 'marquee'))
    assert.deepEqual(outbox.counts(), { queued: 2, dropped: 0, coalesced: 1 })
    outbox.push(event('c/panel/panel.input.pressed', 'p2'))
    outbox.push(event('c/panel/panel.input.pressed', 'p3'))
    assert.deepEqual(outbox.counts(), { queued: 3, dropped: 1, coalesced: 1 })
    assert.equal(outbox.holds('c/marquee/marquee.snapshot'), true)
    assert.deepEqual(outbox.take().map((m) => m.payload), ['m2', 'p2', 'p3'])
    assert.deepEqual(outbox.counts(), { queued: 0, dropped: 1, coalesced: 1 })
    assert.equal(outbox.holds('c/marquee/marquee.snapshot'), false)
  })

  it('never coalesces events without a key (inputs, outputs)', () => {
    const outbox = new Outbox(10)
    for (const payload of ['a', 'b', 'c']) outbox.push(event('c/arcade/cabemu.output.changed', payload))
    assert.deepEqual(outbox.take().map((m) => m.payload), ['a', 'b', 'c'])
  })
})

describe('the topic scheme', () => {
  const topics = new CabinetTopics('venue/hall-1', 'cab-07')

  it('names event, status, summary, info and command topics under <prefix>/<nodeId>', () => {
    assert.equal(topics.event('frontend', 'ui.game.selected'), 'venue/hall-1/cab-07/frontend/ui.game.selected')
    assert.deepEqual([topics.status, topics.summary, topics.info], ['venue/hall-1/cab-07/status', 'venue/hall-1/cab-07/summary', 'venue/hall-1/cab-07/info'])
    assert.deepEqual([topics.command('tap'), topics.commandResult('tap'), topics.commandFilter], ['venue/hall-1/cab-07/commands/tap', 'venue/hall-1/cab-07/commands/tap/result', 'venue/hall-1/cab-07/commands/+'])
  })

  it('reads them back, and nothing else', () => {
    assert.deepEqual(readCabinetTopic('venue/hall-1', topics.event('marquee', 'marquee.snapshot')), { kind: 'event', nodeId: 'cab-07', stream: 'marquee', type: 'marquee.snapshot' })
    assert.deepEqual(readCabinetTopic('venue/hall-1', topics.status), { kind: 'status', nodeId: 'cab-07' })
    assert.deepEqual(readCabinetTopic('venue/hall-1', topics.summary), { kind: 'summary', nodeId: 'cab-07' })
    for (const other of [topics.command('tap'), topics.commandResult('tap'), 'venue/hall-1/cab-07', 'venue/hall-2/cab-07/status', 'venue/hall-1//status']) {
      assert.equal(readCabinetTopic('venue/hall-1', other), null, other)
    }
  })
})

describe('the cabinet summary', () => {
  it('follows selection, game start and end, the marquee, the live score and the frontend process', () => {
    const summary = new CabinetSummary()
    const game = { system: 'mame', rom: '1943', gamePath: '/roms/mame/1943.zip', gameName: '1943', gameId: 'x', md5: null }
    assert.equal(summary.apply(selected('mame', game, false)), true)
    summary.apply((state) => { state.image = '/api/v1/media/systems/arcade/games/1943/artwork/marquee/m.png' })
    summary.apply(started(game))
    summary.apply((state) => { state.score = 1200 })
    summary.apply((state) => { state.frontendRunning = true })
    assert.deepEqual(summary.state, { state: 'playing', system: 'mame', game: '1943', gameName: '1943', image: '/api/v1/media/systems/arcade/games/1943/artwork/marquee/m.png', score: 1200, frontendRunning: true })
    assert.equal(summary.apply(started(game)), true, 'a new start clears the score')
    assert.equal(summary.apply(started(game)), false, 'the same state is no change')
    summary.apply(ended)
    summary.apply(selected('snes', null, false))
    assert.deepEqual([summary.state.state, summary.state.system, summary.state.game], ['browsing', 'snes', null])
  })
})

describe('Home Assistant discovery', () => {
  const topics = new CabinetTopics('cabinethub', 'cab 1')

  it('describes one device whose entities read the summary, available with the status topic; buttons only with commands', () => {
    const configs = discoveryMessages({ topics, publicUrl: 'http://cab1.local:12345', readQuery: null, commands: false })
    assert.ok(configs.every((m) => m.retain && m.topic.startsWith('homeassistant/') && m.topic.includes('/cabinethub_cab_1/')))
    const parsed = configs.map((m) => JSON.parse(m.payload) as Record<string, any>) // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.deepEqual(new Set(parsed.map((c) => c.availability_topic)), new Set(['cabinethub/cab 1/status']))
    assert.deepEqual(new Set(parsed.map((c) => c.device.identifiers[0])), new Set(['cabinethub_cab_1']))
    assert.equal(configs.filter((m) => m.topic.startsWith('homeassistant/button/')).length, 0)
    const withButtons = discoveryMessages({ topics, publicUrl: 'http://cab1.local:12345', readQuery: null, commands: true })
    const tap = JSON.parse(withButtons.find((m) => m.topic === 'homeassistant/button/cabinethub_cab_1/tap_right/config')!.payload) as { command_topic: string, payload_press: string }
    assert.deepEqual([tap.command_topic, JSON.parse(tap.payload_press)], ['cabinethub/cab 1/commands/tap', { input: 'right' }])
  })

  it('gives the art\'s URL the read-only link of a cabinet that listens beyond loopback, since Home Assistant sends no API key', () => {
    const art = (readQuery: string | null) => JSON.parse(discoveryMessages({ topics, publicUrl: 'http://cab1.local:12345', readQuery, commands: false })
      .find((m) => m.topic === 'homeassistant/image/cabinethub_cab_1/game_art/config')!.payload) as { url_template: string }
    assert.match(art('token=abc').url_template, /http:\/\/cab1\.local:12345\{\{ i \}\}\?token=abc\{% else %\}/)
    assert.doesNotMatch(art(null).url_template, /token/)
  })

  it('uninstalls by sending every config topic empty', () => {
    const removal = uninstallMessages({ topics, publicUrl: 'http://cab1.local:12345', readQuery: null, commands: false })
    assert.deepEqual(removal.map((m) => m.topic), discoveryMessages({ topics, publicUrl: 'http://cab1.local:12345', readQuery: null, commands: true }).map((m) => m.topic))
    assert.ok(removal.every((m) => m.payload === '' && m.retain))
  })
})

/** The bridge alone, nothing on screen, no game or surface facts told. */
async function startBridge (options: Record<string, string> = {}, skipStart = false) {
  return await newTestModule(mqttModule, {
    options,
    skipStart,
    deps: [
      fake(onScreenService, { facts: testFacts<FrontendFacts>(), state: 'browsing', selectedSystem: null, selected: null, running: null, current: null }),
      fake(gameFactsService, testFacts<GameEventFacts>()),
      fake(surfaceFactsService, testFacts<SurfaceFacts>())
    ]
  })
}

describe('the bridge options', () => {
  it('is off without --mqtt-url, and says so in GET /api/v1/status', async () => {
    const hub = await startBridge()
    try {
      const status = (await hub.app.inject({ url: '/api/v1/status' })).json() as { mqtt: unknown }
      assert.deepEqual(status.mqtt, { enabled: false })
    } finally {
      await hub.close()
    }
  })

  it('refuses a broker URL that is not mqtt:// or mqtts://, and a prefix with wildcards, naming the option', async () => {
    await assert.rejects(startBridge({ mqttUrl: 'http://broker:1883' }), /--mqtt-url/)
    await assert.rejects(startBridge({ mqttUrl: 'mqtt://127.0.0.1:1', mqttTopicPrefix: 'cabinets/#' }), /--mqtt-topic-prefix/)
  })

  it('never shows the password in the effective configuration', async () => {
    const hub = await startBridge({ mqttUrl: 'mqtt://127.0.0.1:1', mqttPassword: 'hunter2-secret' }, true)
    try {
      const response = await hub.app.inject({ url: '/api/v1/config/effective' })
      assert.equal(response.statusCode, 200)
      assert.ok(!response.body.includes('hunter2-secret'))
      assert.equal((response.json() as { options: Record<string, unknown> }).options.mqttPassword, '***')
    } finally {
      await hub.close()
    }
  })
})
