/**
 * Commands over MQTT: `<prefix>/<nodeId>/commands/<name>` with a JSON body runs the REST route of
 * the same command, so validation, errors and the /ws/control acknowledgements are the REST ones.
 * The answer goes to `.../commands/<name>/result` with the request's correlation id.
 */
import { randomUUID } from 'node:crypto'
import type { HubApp } from '../core/module.js'
import type { Publisher } from '../core/event-bus.js'
import type { MqttEvents } from './events.js'
import type { OutgoingMessage } from './outbox.js'
import type { CabinetTopics } from './topics.js'

interface CommandRoute {
  readonly method: 'POST' | 'PUT'
  readonly url: string
}

/** Each MQTT command and the REST route that does it. */
const commandRoutes: Readonly<Record<string, CommandRoute>> = {
  launch: { method: 'POST', url: '/api/v1/commands/launch' },
  notify: { method: 'POST', url: '/api/v1/es/controller/notify' },
  tap: { method: 'POST', url: '/api/v1/es/controller/tap' },
  combo: { method: 'POST', url: '/api/v1/es/controller/combo' },
  'hiscore-player': { method: 'PUT', url: '/api/v1/players/current' }
}

export interface CommandResult {
  readonly correlationId: string
  readonly command: string
  readonly ok: boolean
  /** The HTTP status the REST route answered. */
  readonly status: number
  /** The REST answer: its body, or `{ message, code }`. */
  readonly body: unknown
}

export interface CommandDeps {
  readonly app: HubApp
  readonly topics: CabinetTopics
  readonly publisher: Publisher<MqttEvents>
  readonly send: (message: OutgoingMessage) => void
  /** One line for a message refused before any route saw it (routes log their own). */
  readonly log: (message: string) => void
}

function parseBody (payload: Buffer): { correlationId: string | null, body: unknown } | { error: string } {
  let parsed: unknown
  try {
    parsed = payload.length === 0 ? {} : JSON.parse(payload.toString('utf8'))
  } catch (error) {
    return { error: `the message is not JSON (${(error as Error).message})` }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { error: 'the message must be a JSON object' }
  const { correlationId, ...body } = parsed as Record<string, unknown>
  if (correlationId !== undefined && (typeof correlationId !== 'string' || correlationId === '' || correlationId.length > 200)) return { error: 'correlationId must be a string of 1 to 200 characters' }
  return { correlationId: correlationId ?? null, body }
}

export class MqttCommands {
  constructor (readonly deps: CommandDeps) {}

  /** Runs the command a message on `<prefix>/<nodeId>/commands/<name>` asks for; returns its result once published. */
  async handle (topic: string, payload: Buffer): Promise<CommandResult | null> {
    const name = topic.slice(this.deps.topics.command('').length)
    if (name.includes('/')) return null
    const parsed = parseBody(payload)
    const correlationId = 'error' in parsed ? randomUUID() : parsed.correlationId ?? randomUUID()
    this.deps.publisher.publish('commands.mqtt.received', { Command: name, Topic: topic }, { correlationId })
    const route = commandRoutes[name]
    let result: CommandResult
    if (route === undefined) {
      result = { correlationId, command: name, ok: false, status: 404, body: { message: `Unknown command "${name}"; commands are ${Object.keys(commandRoutes).join(', ')}`, code: 'UNKNOWN_COMMAND' } }
    } else if ('error' in parsed) {
      result = { correlationId, command: name, ok: false, status: 400, body: { message: parsed.error, code: 'INVALID_JSON' } }
    } else {
      const response = await this.deps.app.inject({ method: route.method, url: route.url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(parsed.body) })
      let body: unknown
      try {
        body = response.json()
      } catch {
        body = response.body
      }
      result = { correlationId, command: name, ok: response.statusCode >= 200 && response.statusCode < 300, status: response.statusCode, body }
    }
    if (route === undefined || 'error' in parsed) this.deps.log(`MQTT command on ${topic} refused: ${(result.body as { message: string }).message}`)
    const code = result.ok ? null : (result.body as { code?: unknown } | null)?.code
    this.deps.publisher.publish('commands.mqtt.completed', { Command: name, Ok: result.ok, Status: result.status, ...(typeof code === 'string' ? { Code: code } : {}) }, { correlationId })
    this.deps.send({ topic: this.deps.topics.commandResult(name), payload: JSON.stringify(result), retain: false, coalesceKey: null })
    return result
  }
}
