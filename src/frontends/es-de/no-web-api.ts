/**
 * ES-DE has no web API, socket or command to launch a game, show a notification or reload its
 * gamelists (frontends.md §3): each of them answers 501 FRONTEND_UNSUPPORTED with what to do
 * instead, and the frontend counts as unreachable, so its lifecycle comes from the startup and
 * quit events alone.
 */
import { HubError } from '../../core/errors.js'
import type { FrontendResponse, FrontendWebApi } from '../adapter.js'

const unsupported = (what: string, instead: string): HubError =>
  new HubError(501, 'FRONTEND_UNSUPPORTED', `ES-DE cannot ${what} from outside: it takes no commands; ${instead}`)

export class EsDeNoWebApi implements FrontendWebApi {
  constructor (readonly baseUrl: string) {}

  async launch (): Promise<FrontendResponse> {
    throw unsupported('launch a game', 'start it in ES-DE')
  }

  async notify (): Promise<FrontendResponse> {
    throw unsupported('show a notification', 'show a toast on a cabinet-hub overlay instead (POST /api/v1/toast-notifications)')
  }

  async messagebox (): Promise<FrontendResponse> {
    return this.notify()
  }

  async reloadGames (): Promise<FrontendResponse> {
    throw unsupported('reload its gamelists', 'restart ES-DE, or run Utilities > Rescan ROM directory in it')
  }

  async simulatorInput (): Promise<FrontendResponse> {
    throw unsupported('take inputs over HTTP', 'use --control-backend xdotool')
  }

  async games (): Promise<null> {
    return null
  }

  async systems (): Promise<null> {
    return null
  }

  async runningGame (): Promise<never> {
    throw unsupported('say what runs', 'its game-start and game-end events do')
  }

  async reachable (): Promise<boolean> {
    return false
  }
}
