/**
 * Client of the EmulationStation web API (PublicWebAccess). Only the routes listed here can be
 * called: ES also answers plain GETs like `/quit` and `/restart`, which no code path of ours may
 * ever reach by accident.
 */
import type { FrontendGame, FrontendResponse, FrontendWebApi } from '../adapter.js'
import { webRequest } from '../web-request.js'

type AllowedRoute = 'POST /launch' | 'POST /notify' | 'POST /messagebox' | 'GET /reloadgames' | 'GET /systems' | 'GET /systems/{s}/games' | 'GET /caps' | 'GET /runningGame' | 'POST /sim/input'

interface CallOptions {
  readonly body?: string
  readonly json?: unknown
  /** Value of `{s}` in the route. */
  readonly system?: string
  readonly timeoutMs?: number
}

/** ES's gamelist order: by name, upper-cased, compared as bytes (its default sort, "name, ascending"). */
const onScreenOrder = (a: FrontendGame, b: FrontendGame): number => {
  const left = a.name.toUpperCase()
  const right = b.name.toUpperCase()
  return left < right ? -1 : left > right ? 1 : 0
}

function toGame (value: unknown): FrontendGame | null {
  const game = (value ?? {}) as Record<string, unknown>
  return typeof game.path === 'string' ? { path: game.path, name: typeof game.name === 'string' ? game.name : '' } : null
}

export class EsWebApi implements FrontendWebApi {
  constructor (readonly baseUrl: string, readonly timeoutMs = 2000) {}

  async #call (route: AllowedRoute, options: CallOptions = {}): Promise<FrontendResponse> {
    const [method, template] = route.split(' ') as [string, string]
    const routePath = template.replace('{s}', encodeURIComponent(options.system ?? ''))
    const url = `${this.baseUrl.replace(/\/+$/, '')}${routePath}`
    const body = options.json === undefined ? options.body : JSON.stringify(options.json)
    const contentType = options.json === undefined ? 'text/plain; charset=utf-8' : 'application/json'
    return webRequest(url, { method, timeoutMs: options.timeoutMs ?? this.timeoutMs, body, contentType })
  }

  /** Asks ES to launch the rom at this absolute path. */
  async launch (romPath: string): Promise<FrontendResponse> {
    return this.#call('POST /launch', { body: romPath })
  }

  /** Shows a native notification in the frontend. */
  async notify (message: string): Promise<FrontendResponse> {
    return this.#call('POST /notify', { body: message })
  }

  /** Shows a message box the user dismisses. */
  async messagebox (message: string): Promise<FrontendResponse> {
    return this.#call('POST /messagebox', { body: message })
  }

  /** Full gamelist reload: the user's cursor is lost, so only ever on explicit request. */
  async reloadGames (): Promise<FrontendResponse> {
    return this.#call('GET /reloadgames', { timeoutMs: 3000 })
  }

  /** One navigation input to the simulated frontend (its `POST /sim/input`). */
  async simulatorInput (input: string): Promise<FrontendResponse> {
    return this.#call('POST /sim/input', { json: { input } })
  }

  /** ES lists a system's games in its internal order; the screen shows them sorted by name. */
  async games (systemId: string): Promise<FrontendGame[] | null> {
    const list = await this.#json('GET /systems/{s}/games', systemId)
    if (list === null) return null
    return list.map(toGame).filter((game) => game !== null).sort(onScreenOrder)
  }

  /** ES answers 201 `{"msg":"NO GAME RUNNING"}` when nothing runs, else 200 and the game. */
  async runningGame (): Promise<FrontendGame | null> {
    const response = await this.#call('GET /runningGame', { timeoutMs: 1500 })
    if (response.status !== 200) return null
    let game: FrontendGame | null = null
    try {
      game = toGame(JSON.parse(response.body))
    } catch { /* reported below */ }
    // A 200 says a game runs: a body we cannot read must not pass for "nothing runs".
    if (game === null) throw new Error(`${this.baseUrl}/runningGame answered 200 without a game path`)
    return game
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

  async reachable (timeoutMs = 800): Promise<boolean> {
    try {
      await this.#call('GET /caps', { timeoutMs })
      return true
    } catch {
      return false
    }
  }

  /** Carousel order, collections included (tolerates the `{ "value": [...] }` wrapping). */
  async systems (): Promise<readonly Record<string, unknown>[] | null> {
    const list = await this.#json('GET /systems')
    return list === null ? null : list.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
  }
}
