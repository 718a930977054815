/**
 * The bridge: every event of the firehose onto the broker, at `<prefix>/<nodeId>/<stream>/<Type>`
 * with the envelope as payload. Types the service retains (their definitions name a retained slot)
 * go out with the retain flag, so a subscriber that comes later gets the cabinet's state from the
 * broker. Everything is QoS 1. While the broker is away the messages wait in a bounded outbox; on
 * reconnect the retained state the outbox does not hold is sent again (a restarted broker may have
 * lost it), then the outbox in order.
 */
import type { MqttClient } from 'mqtt'
import type { PublishedEvent } from '../core/event-bus.js'
import { FIREHOSE } from '../core/stream-table.js'
import { endConnection } from './connection.js'
import { Outbox, type OutgoingMessage } from './outbox.js'
import { CabinetSummary, type CabinetSummaryState } from './summary.js'
import type { CabinetTopics } from './topics.js'

/** A stream name for the few types only the firehose delivers. */
const firehoseTopicLevel = 'events'
const offlineAckWaitMs = 2000

export interface BridgeDeps {
  readonly client: MqttClient
  readonly topics: CabinetTopics
  readonly queueLimit: number
  readonly rawHooks: boolean
  /** The streams (firehose first) that deliver a type. */
  readonly streamsFor: (type: string) => string[]
  /** Retained messages sent on every (re)connect before anything else (info, discovery). */
  readonly announcements: () => OutgoingMessage[]
  readonly onConnect: () => void
  readonly now: () => Date
  readonly log: (message: string) => void
}

export interface BridgeStatus {
  readonly connected: boolean
  readonly queued: number
  readonly dropped: number
  readonly coalesced: number
  readonly published: number
  readonly connects: number
  readonly lastConnectedAt: string | null
  readonly lastError: string | null
}

export class MqttBridge {
  readonly #deps: BridgeDeps
  readonly #outbox: Outbox
  /** The latest retained message of every topic, to send again after a reconnect. */
  readonly #retained = new Map<string, OutgoingMessage>()
  /** Retained slot -> the topics published in it, emptied when an event clears the slot. */
  readonly #slotTopics = new Map<string, Set<string>>()
  readonly #topicLevels = new Map<string, string>()
  readonly #summary = new CabinetSummary()
  #published = 0
  #connects = 0
  #lastConnectedAt: string | null = null
  #lastError: string | null = null
  #stopping = false

  constructor (deps: BridgeDeps) {
    this.#deps = deps
    this.#outbox = new Outbox(deps.queueLimit)
    const { client } = deps
    client.on('connect', () => this.#connected())
    client.on('error', (error) => {
      if (this.#lastError !== error.message) deps.log(`MQTT broker: ${error.message}`)
      this.#lastError = error.message
    })
    client.on('offline', () => {
      if (!this.#stopping) deps.log('MQTT broker unreachable; queueing until it is back')
    })
    this.#retain(this.#summaryMessage())
  }

  /** Bus listener. */
  readonly onEvent = (event: PublishedEvent): void => {
    const { envelope } = event
    if (envelope.Type.startsWith('esevent.') && !this.#deps.rawHooks) return
    if (event.clearsSlot !== null) this.#clearSlot(event.clearsSlot)
    const topic = this.#deps.topics.event(this.#streamLevel(envelope.Type), envelope.Type)
    const message = { topic, payload: event.json, retain: event.retainSlot !== null, coalesceKey: event.coalesceKey }
    if (event.retainSlot !== null) {
      let topics = this.#slotTopics.get(event.retainSlot)
      if (topics === undefined) this.#slotTopics.set(event.retainSlot, topics = new Set())
      topics.add(topic)
    }
    this.#retainOrSend(message)
  }

  /** Applies a change to the summary, and sends it when it changed. */
  summarize (change: (state: CabinetSummaryState) => void): void {
    if (this.#summary.apply(change)) this.#retainOrSend(this.#summaryMessage())
  }

  /** Publishes now, or queues while the broker is away. */
  send (message: OutgoingMessage): void {
    if (this.#deps.client.connected) this.#publish(message)
    else this.#outbox.push(message)
  }

  status (): BridgeStatus {
    const { queued, dropped, coalesced } = this.#outbox.counts()
    return { connected: this.#deps.client.connected, queued, dropped, coalesced, published: this.#published, connects: this.#connects, lastConnectedAt: this.#lastConnectedAt, lastError: this.#lastError }
  }

  get summary (): CabinetSummary {
    return this.#summary
  }

  /** Says `offline` itself (the will is for deaths), then disconnects after what is in flight. */
  async stop (): Promise<void> {
    this.#stopping = true
    const { client } = this.#deps
    if (client.connected) {
      // A broker that takes the message but never acknowledges it must not hold the shutdown.
      const acknowledged = client.publishAsync(this.#deps.topics.status, 'offline', { qos: 1, retain: true }).catch(() => {})
      await Promise.race([acknowledged, new Promise((resolve) => setTimeout(resolve, offlineAckWaitMs).unref())])
    }
    await endConnection(client, !client.connected)
  }

  #retainOrSend (message: OutgoingMessage): void {
    if (message.retain) this.#retain(message)
    this.send(message)
  }

  #retain (message: OutgoingMessage): void {
    this.#retained.set(message.topic, message)
  }

  #summaryMessage (): OutgoingMessage {
    return { topic: this.#deps.topics.summary, payload: JSON.stringify(this.#summary.state), retain: true, coalesceKey: 'summary' }
  }

  #clearSlot (slot: string): void {
    for (const topic of this.#slotTopics.get(slot) ?? []) {
      // An empty retained message is how MQTT forgets a retained one.
      this.#retained.delete(topic)
      this.send({ topic, payload: '', retain: true, coalesceKey: null })
    }
    this.#slotTopics.delete(slot)
  }

  #streamLevel (type: string): string {
    let level = this.#topicLevels.get(type)
    if (level === undefined) {
      level = this.#deps.streamsFor(type).find((stream) => stream !== FIREHOSE) ?? firehoseTopicLevel
      this.#topicLevels.set(type, level)
    }
    return level
  }

  #connected (): void {
    this.#connects++
    this.#lastConnectedAt = this.#deps.now().toISOString()
    this.#lastError = null
    if (this.#connects > 1) this.#deps.log('MQTT broker reachable again; sending what waited')
    this.#publish({ topic: this.#deps.topics.status, payload: 'online', retain: true, coalesceKey: null })
    for (const message of this.#deps.announcements()) this.#publish(message)
    for (const message of this.#retained.values()) {
      if (!this.#outbox.holds(message.topic)) this.#publish(message)
    }
    for (const message of this.#outbox.take()) this.#publish(message)
    this.#deps.onConnect()
  }

  #publish (message: OutgoingMessage): void {
    this.#published++
    this.#deps.client.publish(message.topic, message.payload, { qos: 1, retain: message.retain }, (error) => {
      if (error !== undefined && error !== null) this.#lastError = error.message
    })
  }
}
