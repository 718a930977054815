/**
 * Recalbox's events from its own broker (MQTT.js). Each event reaches `Recalbox/EmulationStation/Event`
 * (the action name), then `.../EventJson` (the whole state, Recalbox 9.2 and later). JSON is used
 * when the broker sends it; until the first one arrives an action name waits `jsonWaitMs` for it,
 * and without it every event is read from es_state.inf, which EmulationStation writes first.
 */
import { readFile } from 'node:fs/promises'
import type { MqttClient } from 'mqtt'
import type { FrontendEvent, FrontendEventSource } from '../adapter.js'
import { eventFromJson, eventFromStateFile, interpretRecalboxEvent, type RecalboxEvent } from './events.js'
import { parseStateFile } from './state-file.js'

const eventTopic = 'Recalbox/EmulationStation/Event'
const eventJsonTopic = 'Recalbox/EmulationStation/EventJson'

/** How long an action name waits for its EventJson before the broker counts as one that sends none. */
const jsonWaitMs = 500

type Mode = 'waiting-for-json' | 'json' | 'state-file'

export interface MqttEventSourceOptions {
  readonly broker: { readonly host: string, readonly port: number }
  readonly stateFile: string
  readonly localPath: (recalboxPath: string) => string
}

export class MqttEventSource implements FrontendEventSource {
  readonly name = 'mqtt' as const
  readonly #options: MqttEventSourceOptions
  /** The client once MQTT.js is loaded: only a service following a Recalbox loads it. */
  #client: Promise<MqttClient> | null = null
  #mode: Mode = 'waiting-for-json'
  /** Action names heard before the broker showed whether it sends JSON. */
  #held: string[] = []
  #heldTimer: NodeJS.Timeout | null = null
  /** Deliveries in arrival order: a state-file read must not let a later event overtake it. */
  #tail: Promise<void> = Promise.resolve()
  #deliver: (event: FrontendEvent) => void = () => {}
  #onProblem: (message: string) => void = () => {}
  #lastProblem: string | null = null
  #connected = false
  #delivered = 0
  #rejected = 0

  constructor (options: MqttEventSourceOptions) {
    this.#options = options
  }

  open (deliver: (event: FrontendEvent) => void, onProblem: (message: string) => void): void {
    this.#deliver = deliver
    this.#onProblem = onProblem
    this.#client = this.#connect()
  }

  async #connect (): Promise<MqttClient> {
    const { default: mqtt } = await import('mqtt')
    const { host, port } = this.#options.broker
    const client = mqtt.connect({ host, port, protocol: 'mqtt', clientId: `cabinet-hub-${process.pid}-${Date.now().toString(36)}`, reconnectPeriod: 1000, connectTimeout: 10_000 })
    client.on('connect', () => {
      this.#connected = true
      client.subscribe([eventTopic, eventJsonTopic], { qos: 0 }, (error) => { if (error) this.#problem(`subscribing: ${error.message}`) })
    })
    client.on('close', () => { this.#connected = false })
    client.on('error', (error) => { this.#problem(`broker ${host}:${port}: ${error.message}`) })
    client.on('message', (topic, payload) => { this.#message(topic, payload.toString('utf8')) })
    return client
  }

  async close (): Promise<void> {
    if (this.#heldTimer !== null) clearTimeout(this.#heldTimer)
    await (await this.#client)?.endAsync(true)
    await this.#tail
  }

  status () {
    const { host, port } = this.#options.broker
    return { broker: `mqtt://${host}:${port}`, connected: this.#connected, reading: this.#mode, delivered: this.#delivered, rejected: this.#rejected, lastProblem: this.#lastProblem }
  }

  #message (topic: string, payload: string): void {
    if (topic === eventJsonTopic) {
      // This broker sends JSON: the action names held for it are the same events.
      this.#mode = 'json'
      this.#held = []
      let event: RecalboxEvent
      try {
        event = eventFromJson(payload)
      } catch (error) {
        return this.#reject(`${eventJsonTopic}: ${(error as Error).message}`)
      }
      return this.#enqueue(async () => event)
    }
    if (topic !== eventTopic || this.#mode === 'json') return
    const action = payload.replaceAll('\0', '').trim()
    if (this.#mode === 'state-file') return this.#enqueue(async () => this.#fromStateFile(action))
    this.#held.push(action)
    this.#heldTimer ??= setTimeout(() => {
      this.#heldTimer = null
      if (this.#mode !== 'waiting-for-json') return
      this.#mode = 'state-file'
      for (const held of this.#held.splice(0)) this.#enqueue(async () => this.#fromStateFile(held))
    }, jsonWaitMs)
  }

  async #fromStateFile (action: string): Promise<RecalboxEvent | null> {
    let text: string
    try {
      text = await readFile(this.#options.stateFile, 'utf8')
    } catch (error) {
      this.#reject(`${action}: ${this.#options.stateFile} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
      return null
    }
    // Overwritten by a faster event: that one follows and tells the newer state.
    return eventFromStateFile(action, parseStateFile(text)) ?? { action, parameter: '', systemId: '', gamePath: '', gameName: '' }
  }

  #enqueue (read: () => Promise<RecalboxEvent | null>): void {
    this.#tail = this.#tail.then(async () => {
      const event = await read()
      if (event === null) return
      const interpreted = interpretRecalboxEvent(event, this.#options.localPath)
      if ('problem' in interpreted) return this.#reject(interpreted.problem)
      this.#delivered++
      this.#deliver(interpreted)
    }).catch((error: unknown) => { this.#problem(`delivering an event: ${(error as Error).message}`) })
  }

  #reject (problem: string): void {
    this.#rejected++
    this.#problem(`event left out: ${problem}`)
  }

  /** Once per kind of problem, not once per message. */
  #problem (message: string): void {
    if (message === this.#lastProblem) return
    this.#lastProblem = message
    this.#onProblem(message)
  }
}
