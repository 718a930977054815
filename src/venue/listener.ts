/**
 * The venue's reader of the broker: `<prefix>/+/#`. Availability, summaries and media addresses
 * update the registry; every cabinet event is checked against the envelope schema and passed on
 * unchanged (its own NodeId) to the venue's streams.
 */
import type { MqttClient } from 'mqtt'
import { Compile } from 'typebox/compile'
import { EnvelopeSchema, type Envelope } from '../core/envelope.js'
import { isAnsweredRefusal, readCabinetTopic } from '../mqtt/index.js'
import type { VenueCabinet, VenueRegistry } from './registry.js'

export interface ListenerDeps {
  readonly client: MqttClient
  readonly prefix: string
  readonly registry: VenueRegistry
  /** Passes an envelope on, with its JSON text as received. */
  readonly relay: (envelope: Envelope, json: string) => void
  /** Whether the venue relays this event type: the ones its cabinets' modules declare (a newer cabinet may publish others). */
  readonly relays: (type: string) => boolean
  readonly onCabinet: (cabinet: VenueCabinet) => void
  readonly log: (message: string) => void
}

export interface ListenerStatus {
  readonly connected: boolean
  readonly messages: number
  readonly rejected: number
  readonly lastError: string | null
}

/** Compiled once: every message of every cabinet goes through it. */
const envelopeCheck = Compile(EnvelopeSchema)

function parseObject (text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, unknown> : null
  } catch {
    return null
  }
}

export class VenueListener {
  #messages = 0
  #rejected = 0
  #lastError: string | null = null

  constructor (readonly deps: ListenerDeps) {
    const { client, prefix } = deps
    client.on('connect', () => { client.subscribe(`${prefix}/+/#`, { qos: 1 }) })
    client.on('message', (topic, payload) => this.#receive(topic, payload))
    client.on('error', (error) => {
      if (isAnsweredRefusal(error)) return
      if (this.#lastError !== error.message) deps.log(`MQTT broker: ${error.message}`)
      this.#lastError = error.message
    })
  }

  status (): ListenerStatus {
    return { connected: this.deps.client.connected, messages: this.#messages, rejected: this.#rejected, lastError: this.#lastError }
  }

  #receive (topic: string, payload: Buffer): void {
    const message = readCabinetTopic(this.deps.prefix, topic)
    // Empty payloads are retained messages being cleared.
    if (message === null || payload.length === 0) return
    this.#messages++
    const { registry, onCabinet } = this.deps
    if (message.kind === 'status') {
      onCabinet(registry.status(message.nodeId, payload.toString('utf8')))
      return
    }
    const text = payload.toString('utf8')
    const body = parseObject(text)
    if (body === null) return this.#reject(topic, 'not a JSON object')
    if (message.kind === 'summary') return onCabinet(registry.summary(message.nodeId, body))
    if (message.kind === 'info') return onCabinet(registry.info(message.nodeId, body))
    if (!envelopeCheck.Check(body) || body.Type !== message.type) return this.#reject(topic, 'not an event envelope of the topic\'s type')
    if (!this.deps.relays(message.type)) return this.#reject(topic, 'an event type the venue does not know')
    const envelope = body as unknown as Envelope
    registry.seen(message.nodeId)
    if (envelope.Type === 'hiscore.updated') registry.hiscore(message.nodeId, envelope.Payload)
    this.deps.relay(envelope, text)
  }

  #reject (topic: string, why: string): void {
    // One line per bad message would let one broken publisher flood the log: the first one, then a count.
    if (this.#rejected === 0) this.deps.log(`ignored a message on ${topic}: ${why} (further ones are counted in the status)`)
    this.#rejected++
  }
}
