/**
 * Client of the frontend's web API (EmulationStation PublicWebAccess). Only the routes listed
 * here can be called: ES also answers plain GETs like `/quit` and `/restart`, which no code path
 * of ours may ever reach by accident.
 */
import type { SystemInfo } from '../library/index.js'
import { toSystemInfo } from '../library/index.js'

type AllowedRoute = 'POST /launch' | 'POST /notify' | 'GET /reloadgames' | 'GET /systems' | 'GET /systems/{s}/games' | 'GET /caps' | 'POST /sim/input'

export interface CallOptions {
  readonly body?: string
  readonly json?: unknown
  /** Value of `{s}` in the route. */
  readonly system?: string
  readonly timeoutMs?: number
}

/** A game as ES lists it for a system (visible games, in gamelist order). */
export interface EsGame {
  readonly path: string
  readonly name: string
}

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

  async #call (route: AllowedRoute, options: CallOptions = {}): Promise<EsResponse> {
    const [method, template] = route.split(' ') as [string, string]
    const routePath = template.replace('{s}', encodeURIComponent(options.system ?? ''))
    const url = `${this.baseUrl.replace(/\/+$/, '')}${routePath}`
    const body = options.json === undefined ? options.body : JSON.stringify(options.json)
    const type = options.json === undefined ? 'text/plain; charset=utf-8' : 'application/json'
    try {
      const response = await fetch(url, {
        method,
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
        ...(body === undefined ? {} : { body, headers: { 'content-type': type } })
      })
      return { status: response.status, body: await response.text() }
    } catch (error) {
      throw new EsUnreachableError(url, error)
    }
  }

  /** Asks ES to launch the rom at this absolute path. */
  async launch (romPath: string): Promise<EsResponse> {
    return this.#call('POST /launch', { body: romPath })
  }

  /** Shows a native notification in the frontend. */
  async notify (message: string): Promise<EsResponse> {
    return this.#call('POST /notify', { body: message })
  }

  /** Full gamelist reload: the user's cursor is lost, so only ever on explicit request. */
  async reloadGames (): Promise<EsResponse> {
    return this.#call('GET /reloadgames', { timeoutMs: 3000 })
  }

  /** One navigation input to the simulated frontend (its `POST /sim/input`). */
  async simulatorInput (input: string): Promise<EsResponse> {
    return this.#call('POST /sim/input', { json: { input } })
  }

  /** Visible games of a system in gamelist order; null when ES does not answer usefully. */
  async games (systemId: string): Promise<EsGame[] | null> {
    const list = await this.#json('GET /systems/{s}/games', systemId)
    if (list === null) return null
    return list.flatMap((g) => {
      const game = g as Record<string, unknown>
      return typeof game.path === 'string' ? [{ path: game.path, name: typeof game.name === 'string' ? game.name : '' }] : []
    })
  }

  async #json (route: AllowedRoute, system?: string): Promise<unknown[] | null> {
    try {
      const response = await this.#call(route, system === undefined ? {} : { system })
      if (response.status !== 200) return null
      const data = JSON.parse(response.body) as unknown
      const list = Array.isArray(data) ? data : (data as { value?: unknown })?.value
      return Array.isArray(list) ? list : null
    } catch {
      return null
    }
  }

  /** true when the web API gives any HTTP answer. */
  async reachable (timeoutMs = 800): Promise<boolean> {
    try {
      await this.#call('GET /caps', { timeoutMs })
      return true
    } catch {
      return false
    }
  }

  /** Visible systems in carousel order (tolerates the `{ "value": [...] }` wrapping); null when ES does not answer usefully. */
  async systems (): Promise<SystemInfo[] | null> {
    const list = await this.#json('GET /systems')
    return list === null ? null : list.map(toSystemInfo).filter((s) => s !== null)
  }
}
