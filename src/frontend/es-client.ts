/**
 * Client of the frontend's web API (EmulationStation PublicWebAccess). Only the routes listed
 * here can be called: ES also answers plain GETs like `/quit` and `/restart`, which no code path
 * of ours may ever reach by accident.
 */
import type { SystemInfo } from '../library/es-systems.js'
import { toSystemInfo } from '../library/es-systems.js'

type AllowedRoute = 'POST /launch' | 'GET /systems' | 'GET /caps'

export interface EsResponse {
  readonly status: number
  readonly body: string
}

/** The frontend did not answer (refused, timed out, reset). */
export class EsUnreachableError extends Error {
  constructor (readonly url: string, cause: unknown) {
    super(`${url}: ${cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause)}`)
    this.name = 'EsUnreachableError'
  }
}

export class EsWebApi {
  constructor (readonly baseUrl: string, readonly timeoutMs = 2000) {}

  async #call (route: AllowedRoute, body?: string, timeoutMs = this.timeoutMs): Promise<EsResponse> {
    const [method, routePath] = route.split(' ') as [string, string]
    const url = `${this.baseUrl.replace(/\/+$/, '')}${routePath}`
    try {
      const response = await fetch(url, {
        method,
        signal: AbortSignal.timeout(timeoutMs),
        ...(body === undefined ? {} : { body, headers: { 'content-type': 'text/plain; charset=utf-8' } })
      })
      return { status: response.status, body: await response.text() }
    } catch (error) {
      throw new EsUnreachableError(url, error)
    }
  }

  /** Asks ES to launch the rom at this absolute path. */
  async launch (romPath: string): Promise<EsResponse> {
    return this.#call('POST /launch', romPath)
  }

  /** true when the web API gives any HTTP answer. */
  async reachable (timeoutMs = 800): Promise<boolean> {
    try {
      await this.#call('GET /caps', undefined, timeoutMs)
      return true
    } catch {
      return false
    }
  }

  /** Visible systems in carousel order (tolerates the `{ "value": [...] }` wrapping); null when ES does not answer usefully. */
  async systems (): Promise<SystemInfo[] | null> {
    try {
      const response = await this.#call('GET /systems')
      if (response.status !== 200) return null
      const data = JSON.parse(response.body) as unknown
      const list = Array.isArray(data) ? data : (data as { value?: unknown })?.value
      return Array.isArray(list) ? list.map(toSystemInfo).filter((s) => s !== null) : null
    } catch {
      return null
    }
  }
}
