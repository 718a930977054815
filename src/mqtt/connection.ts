/**
 * Connecting to the broker with MQTT.js: credentials and CA from the options, a last will when
 * the caller gives one, reconnection with a doubling delay so a broker that is down for long is
 * not hammered, and a socket tuned for events that must arrive now (see `tuneSocket`).
 */
import { readFile } from 'node:fs/promises'
import { Socket } from 'node:net'
import type { IClientOptions, MqttClient } from 'mqtt'
import type { MqttConnectionConfig } from './options.js'

const firstRetryMs = 250
const longestRetryMs = 15_000
/** CONNACK codes of a broker that does not speak MQTT 5: 3.1.1's "unacceptable protocol version", 5's "unsupported protocol version". */
const protocolRefused = new Set([1, 132])
/** Refusals of MQTT 5 a connection answered by speaking 3.1.1: said once by `receiveMaximum.log`, not a broker error to report again. */
const answeredRefusals = new WeakSet<Error>()

export const isAnsweredRefusal = (error: Error): boolean => answeredRefusals.has(error)

export interface ConnectOptions {
  readonly clientId: string
  readonly will?: IClientOptions['will']
  /**
   * A reader of many cabinets (the venue) speaks MQTT 5 and lets the broker send this many QoS 1
   * messages before it waits for their acknowledgements: at Mosquitto's default of 20, a selection
   * waited behind each burst of lamps for the venue's acknowledgements of the ones before it. A
   * broker that only speaks 3.1.1 refuses MQTT 5; the next attempt then speaks 3.1.1, and `log` says so.
   */
  readonly receiveMaximum?: { readonly messages: number, readonly log: (message: string) => void }
}

/** MQTT.js is loaded only by a service that talks to a broker: it is a fortieth of the start of one that does not. */
export async function connectBroker (config: MqttConnectionConfig & { mqttUrl: string }, { clientId, will, receiveMaximum }: ConnectOptions): Promise<MqttClient> {
  const { default: mqtt } = await import('mqtt')
  const client = mqtt.connect(config.mqttUrl, {
    clientId,
    // The caller connects once it has wired its handlers (and the service listens).
    manualConnect: true,
    clean: true,
    reconnectPeriod: firstRetryMs,
    connectTimeout: 10_000,
    ...(will === undefined ? {} : { will }),
    ...(receiveMaximum === undefined ? {} : { protocolVersion: 5, properties: { receiveMaximum: receiveMaximum.messages } }),
    ...(config.mqttUsername === null ? {} : { username: config.mqttUsername }),
    ...(config.mqttPassword === null ? {} : { password: config.mqttPassword }),
    ...(config.mqttCa === null ? {} : { ca: await readFile(config.mqttCa) })
  })
  // MQTT.js reads reconnectPeriod each time it schedules the next attempt.
  client.on('connect', () => {
    client.options.reconnectPeriod = firstRetryMs
    tuneSocket(client.stream)
  })
  client.on('close', () => { client.options.reconnectPeriod = Math.min(longestRetryMs, (client.options.reconnectPeriod ?? firstRetryMs) * 2) })
  if (receiveMaximum !== undefined) {
    client.on('error', (error: Error & { code?: unknown }) => {
      if (client.options.protocolVersion !== 5 || !protocolRefused.has(error.code as number)) return
      answeredRefusals.add(error)
      receiveMaximum.log(`the MQTT broker ${brokerLabel(config.mqttUrl)} does not speak MQTT 5 (${error.message}); speaking 3.1.1 to it, whose acknowledgements may hold events back under load`)
      client.options.protocolVersion = 4
      delete client.options.properties
      // MQTT.js does not retry a refused connection by itself.
      setImmediate(() => { client.reconnect() })
    })
  }
  return client
}

/**
 * Nagle's algorithm off, and what the client writes while it handles one read (the
 * acknowledgements of a burst) leaves in one write once the turn ends. With Nagle on, a small
 * write waited for the broker's delayed ACK, and a message the broker sent meanwhile waited for
 * it: about 40 ms, a few times a minute at the venue, where mosquitto_sub on the same broker had none.
 */
function tuneSocket (stream: unknown): void {
  if (!(stream instanceof Socket)) return
  stream.setNoDelay(true)
  let corked = false
  stream.on('data', () => {
    if (corked) return
    corked = true
    stream.cork()
    setImmediate(() => {
      corked = false
      stream.uncork()
    })
  })
}

/** The broker address without credentials, for logs and the status report. */
export function brokerLabel (url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return url
  }
}

/** Disconnects; a client that never started connecting (the service closed before its start phase) has nothing to end. */
export async function endConnection (client: MqttClient, force = false): Promise<void> {
  if ((client.stream as unknown) === undefined) return
  await client.endAsync(force)
}
