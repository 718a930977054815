/**
 * The MQTT bridge: the cabinet's events on a broker the owner already runs, commands from it, and
 * Home Assistant discovery. Off unless --mqtt-url is set.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { AddressInfo } from 'node:net'
import { defineModule, type HubApp } from '../core/module.js'
import { isLoopbackHostname } from '../core/security.js'
import { serviceVersion } from '../version.js'
import { MqttBridge } from './bridge.js'
import { MqttCommands } from './commands.js'
import { brokerLabel, connectBroker } from './connection.js'
import { mqttEvents } from './events.js'
import { onScreenService } from '../frontend/index.js'
import { gameFactsService } from '../game-events/index.js'
import { surfaceFactsService } from '../surfaces/index.js'
import { discoveryMessages, uninstallMessages } from './homeassistant.js'
import { ended, selected, started } from './summary.js'
import { mqttOptions } from './options.js'
import { CabinetTopics } from './topics.js'

/** Where other machines reach this service: the configured URL, else the address it listens on. */
function publicUrlOf (scope: HubApp, configured: string | null, host: string, port: number): string {
  if (configured !== null) return configured.replace(/\/+$/, '')
  const address = scope.server.address() as AddressInfo | null
  const shownHost = host === '0.0.0.0' || host === '::' ? hostname() : host.includes(':') ? `[${host}]` : host
  return `http://${shownHost}:${address?.port ?? port}`
}

export const mqttModule = defineModule({
  name: 'mqtt',
  gate: null,
  options: mqttOptions,
  events: mqttEvents,
  transport: true,
  needs: [onScreenService, gameFactsService, surfaceFactsService],
  register: async (scope, context) => {
    const { options, core, logger } = context
    const { mqttUrl } = options
    if (mqttUrl === null) {
      context.addStatusSection('mqtt', () => ({ enabled: false }))
      return
    }
    const topics = new CabinetTopics(options.mqttTopicPrefix, core.nodeId)
    const client = await connectBroker({ ...options, mqttUrl }, {
      clientId: `cabinethub-${core.nodeId}-${randomUUID().slice(0, 8)}`,
      will: { topic: topics.status, payload: Buffer.from('offline'), qos: 1, retain: true }
    })
    const publicUrl = (): string => publicUrlOf(scope, options.mqttPublicUrl, core.host, core.port)
    // Another machine (a venue page, Home Assistant) loads this cabinet's media without the API key
    // header: the read-only link goes with the address. A cabinet on loopback only needs none.
    const readQuery = isLoopbackHostname(core.host) ? null : context.readLinkQuery()
    const commands = new MqttCommands({ app: scope, topics, publisher: context.publisher, send: (message) => bridge.send(message), log: (message) => logger.warn(message) })
    const bridge: MqttBridge = new MqttBridge({
      client,
      topics,
      queueLimit: options.mqttQueueLimit,
      rawHooks: options.mqttRawHooks,
      streamsFor: context.streamsFor,
      now: context.now,
      log: (message) => logger.warn(message),
      announcements: () => {
        const discovery = { topics, publicUrl: publicUrl(), readQuery, commands: options.mqttCommands }
        const info = { topic: topics.info, payload: JSON.stringify({ nodeId: core.nodeId, version: serviceVersion, baseUrl: publicUrl(), readQuery }), retain: true, coalesceKey: null }
        if (options.uninstallHomeassistant) return [info, ...uninstallMessages(discovery)]
        return options.mqttHomeassistant ? [info, ...discoveryMessages(discovery)] : [info]
      },
      onConnect: () => {
        if (options.mqttCommands) client.subscribe(topics.commandFilter, { qos: 1 })
      }
    })
    if (options.mqttCommands) {
      client.on('message', (topic, payload) => {
        commands.handle(topic, payload).catch((error: unknown) => logger.error({ err: error }, `MQTT command on ${topic} failed`))
      })
    }
    const onScreen = context.deps.onScreen
    const unsubscribe = [
      context.subscribe(bridge.onEvent),
      onScreen.facts.on('SelectionChanged', ({ system, game }) => { bridge.summarize(selected(system, game, onScreen.state === 'playing')) }),
      onScreen.facts.on('GameStarted', ({ game }) => { bridge.summarize(started(game)) }),
      onScreen.facts.on('GameEnded', () => { bridge.summarize(ended) }),
      onScreen.facts.on('FrontendLifecycle', ({ running }) => { bridge.summarize((state) => { state.frontendRunning = running }) }),
      context.deps.gameFacts.on('ScoreChanged', ({ score }) => { bridge.summarize((state) => { state.score = score }) }),
      context.deps.surfaceFacts.on('MarqueeShown', ({ image }) => { bridge.summarize((state) => { state.image = image }) })
    ]
    context.onStart('mqtt-bridge', async () => { client.connect() })
    context.onStop(async () => {
      for (const stop of unsubscribe) stop()
      await bridge.stop()
    })
    context.addStatusSection('mqtt', () => ({ enabled: true, broker: brokerLabel(mqttUrl), topicRoot: topics.root, commands: options.mqttCommands, homeAssistant: options.mqttHomeassistant, ...bridge.status() }))
    logger.info(`MQTT bridge to ${brokerLabel(mqttUrl)} under ${topics.root}/`)
  }
})

export { CabinetTopics, readCabinetTopic } from './topics.js'
export { connectBroker, brokerLabel, endConnection, isAnsweredRefusal } from './connection.js'
export { mqttConnectionOptions } from './options.js'
export type { CabinetSummaryState } from './summary.js'
