/**
 * Connecting to the broker with MQTT.js: credentials and CA from the options, a last will when
 * the caller gives one, and reconnection with a doubling delay so a broker that is down for long
 * is not hammered.
 */
import { readFile } from 'node:fs/promises'
import type { IClientOptions, MqttClient } from 'mqtt'
import type { MqttConnectionConfig } from './options.js'

const firstRetryMs = 250
const longestRetryMs = 15_000

export interface ConnectOptions {
  readonly clientId: string
  readonly will?: IClientOptions['will']
}

/** MQTT.js is loaded only by a service that talks to a broker: it is a fortieth of the start of one that does not. */
export async function connectBroker (config: MqttConnectionConfig & { mqttUrl: string }, { clientId, will }: ConnectOptions): Promise<MqttClient> {
  const { default: mqtt } = await import('mqtt')
  const client = mqtt.connect(config.mqttUrl, {
    clientId,
    // The caller connects once it has wired its handlers (and the service listens).
    manualConnect: true,
    clean: true,
    reconnectPeriod: firstRetryMs,
    connectTimeout: 10_000,
    ...(will === undefined ? {} : { will }),
    ...(config.mqttUsername === null ? {} : { username: config.mqttUsername }),
    ...(config.mqttPassword === null ? {} : { password: config.mqttPassword }),
    ...(config.mqttCa === null ? {} : { ca: await readFile(config.mqttCa) })
  })
  // MQTT.js reads reconnectPeriod each time it schedules the next attempt.
  client.on('connect', () => { client.options.reconnectPeriod = firstRetryMs })
  client.on('close', () => { client.options.reconnectPeriod = Math.min(longestRetryMs, (client.options.reconnectPeriod ?? firstRetryMs) * 2) })
  return client
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
