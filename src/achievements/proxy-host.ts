/**
 * The proxy: each request goes to the one configured upstream, byte for byte, and its answer comes
 * back unchanged. Redirects are handed back, never followed, so no other host is ever contacted.
 */
import { type AchievementsHost, UpstreamUnreachable } from './host.js'
import { platformPath, type MediaRef } from './media.js'
import type { DoRequestCall, HostAnswer } from './wire.js'

export interface ProxyOptions {
  /** `https://host[:port]`, no path. */
  readonly upstream: string
  readonly timeoutMs: number
}

function why (error: unknown): string {
  const cause = (error as { cause?: { code?: string, message?: string } }).cause
  if ((error as Error).name === 'TimeoutError') return 'no answer in time'
  return cause?.code ?? cause?.message ?? (error as Error).message
}

export class ProxyHost implements AchievementsHost {
  constructor (private readonly options: ProxyOptions) {}

  async request (call: DoRequestCall): Promise<HostAnswer> {
    const headers: Record<string, string> = {}
    if (call.contentType !== null) headers['content-type'] = call.contentType
    if (call.userAgent !== null) headers['user-agent'] = call.userAgent
    const query = call.query === '' ? '' : `?${call.query}`
    return this.#forward(`/dorequest.php${query}`, { method: call.method, headers, ...(call.body === null ? {} : { body: call.body }) })
  }

  async image (ref: MediaRef, userAgent: string | null): Promise<HostAnswer> {
    return this.#forward(platformPath(ref), { method: 'GET', headers: userAgent === null ? {} : { 'user-agent': userAgent } })
  }

  async #forward (pathAndQuery: string, init: { method: string, headers: Record<string, string>, body?: Buffer }): Promise<HostAnswer> {
    let response: Response
    try {
      response = await fetch(`${this.options.upstream}${pathAndQuery}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.options.timeoutMs) })
    } catch (error) {
      throw new UpstreamUnreachable(`the achievements upstream ${this.options.upstream} is unreachable (${why(error)})`)
    }
    let body: Buffer
    try {
      body = Buffer.from(await response.arrayBuffer())
    } catch (error) {
      throw new UpstreamUnreachable(`the achievements upstream ${this.options.upstream} broke off its answer (${why(error)})`)
    }
    const location = response.headers.get('location')
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      body,
      ...(location === null ? {} : { location })
    }
  }
}
