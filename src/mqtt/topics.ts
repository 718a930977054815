/**
 * The topic scheme every cabinet and the venue share:
 * `<prefix>/<nodeId>/<stream>/<Type>` for events, `<prefix>/<nodeId>/status` for availability,
 * `<prefix>/<nodeId>/summary` for the cabinet at a glance, `<prefix>/<nodeId>/info` for where the
 * cabinet serves its media, and
 * `<prefix>/<nodeId>/commands/<name>` (+ `/result`) for commands.
 */

export class CabinetTopics {
  readonly root: string

  constructor (readonly prefix: string, readonly nodeId: string) {
    this.root = `${prefix}/${nodeId}`
  }

  event (stream: string, type: string): string {
    return `${this.root}/${stream}/${type}`
  }

  get status (): string {
    return `${this.root}/status`
  }

  get summary (): string {
    return `${this.root}/summary`
  }

  get info (): string {
    return `${this.root}/info`
  }

  command (name: string): string {
    return `${this.root}/commands/${name}`
  }

  commandResult (name: string): string {
    return `${this.root}/commands/${name}/result`
  }

  get commandFilter (): string {
    return `${this.root}/commands/+`
  }
}

export type CabinetMessage =
  | { readonly kind: 'status', readonly nodeId: string }
  | { readonly kind: 'info', readonly nodeId: string }
  | { readonly kind: 'summary', readonly nodeId: string }
  | { readonly kind: 'event', readonly nodeId: string, readonly stream: string, readonly type: string }

/** What a topic under `<prefix>/` is, or null for anything else (commands, results, foreign topics). */
export function readCabinetTopic (prefix: string, topic: string): CabinetMessage | null {
  if (!topic.startsWith(`${prefix}/`)) return null
  const levels = topic.slice(prefix.length + 1).split('/')
  const [nodeId, second, third] = levels
  if (nodeId === undefined || nodeId === '' || second === undefined) return null
  if (levels.length === 2 && second === 'status') return { kind: 'status', nodeId }
  if (levels.length === 2 && second === 'info') return { kind: 'info', nodeId }
  if (levels.length === 2 && second === 'summary') return { kind: 'summary', nodeId }
  if (levels.length === 3 && second !== 'commands' && third !== undefined && third !== '') return { kind: 'event', nodeId, stream: second, type: third }
  return null
}
