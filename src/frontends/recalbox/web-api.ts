/**
 * Recalbox as the service drives it: launches are `START|<system>|<rom file>` datagrams to its
 * EmulationStation (UDP 1337, no answer; it looks the game up by file name with extension), what
 * runs comes from its web API's `/api/status` (Recalbox 9.2 and later, port 81). It has no
 * notification, message box or gamelist reload the service could ask for.
 */
import { createSocket } from 'node:dgram'
import path from 'node:path'
import type { FrontendGame, FrontendResponse, FrontendWebApi } from '../adapter.js'
import { FrontendUnreachableError } from '../unreachable.js'
import { FrontendUnsupportedError } from '../unsupported.js'
import { webRequest } from '../web-request.js'
import { eventFromJson } from './events.js'

export interface RecalboxWebApiOptions {
  /** The host of the Recalbox, where the launch datagrams go. */
  readonly host: string
  readonly launchPort: number
  /** The roms folder as this machine sees it: the launched rom's system is its folder there. */
  readonly romsRoot: string | null
  readonly localPath: (recalboxPath: string) => string
}

const unsupported = async (what: string): Promise<never> => { throw new FrontendUnsupportedError('Recalbox', what) }

/** The system a rom belongs to: its first folder under the roms folder, else the folder that holds it. */
function systemOf (romPath: string, romsRoot: string | null): string {
  const relative = romsRoot === null ? '' : path.relative(romsRoot, romPath)
  const first = relative.split(/[\\/]/)[0] ?? ''
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) && first !== path.basename(romPath) ? first : path.basename(path.dirname(romPath))
}

export class RecalboxWebApi implements FrontendWebApi {
  constructor (readonly baseUrl: string, readonly options: RecalboxWebApiOptions, readonly timeoutMs = 2000) {}

  /** 200 once the datagram is sent (UDP has no answer); 400 when a name holds the `|` the datagram splits on. */
  async launch (romPath: string): Promise<FrontendResponse> {
    const datagram = `START|${systemOf(romPath, this.options.romsRoot)}|${path.basename(romPath)}`
    if (datagram.split('|').length !== 3) return { status: 400, body: `${datagram} cannot be sent: Recalbox splits the datagram at each |` }
    const socket = createSocket('udp4')
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject)
        socket.send(datagram, this.options.launchPort, this.options.host, (error) => { if (error) reject(error); else resolve() })
      })
    } catch (error) {
      throw new FrontendUnreachableError(`udp://${this.options.host}:${this.options.launchPort}`, error)
    } finally {
      socket.close()
    }
    return { status: 200, body: datagram }
  }

  async notify (): Promise<FrontendResponse> {
    return unsupported('show a notification')
  }

  async messagebox (): Promise<FrontendResponse> {
    return unsupported('show a message box')
  }

  async reloadGames (): Promise<FrontendResponse> {
    return unsupported('be asked to reload its gamelists')
  }

  async simulatorInput (): Promise<FrontendResponse> {
    return unsupported('take navigation inputs from the service')
  }

  async games (): Promise<FrontendGame[] | null> {
    return null
  }

  async systems (): Promise<readonly Record<string, unknown>[] | null> {
    return null
  }

  /** `/api/status` tells the last event with its game: a game runs when that event is `rungame`. */
  async runningGame (): Promise<FrontendGame | null> {
    const response = await this.#get('/api/status', this.timeoutMs)
    if (response.status !== 200) throw new Error(`${this.baseUrl}/api/status answered HTTP ${response.status}`)
    const status = eventFromJson(response.body)
    return status.action === 'rungame' && status.gamePath !== '' ? { path: this.options.localPath(status.gamePath), name: status.gameName } : null
  }

  async reachable (timeoutMs = 800): Promise<boolean> {
    try {
      await this.#get('/api/versions', timeoutMs)
      return true
    } catch {
      return false
    }
  }

  async #get (route: '/api/status' | '/api/versions', timeoutMs: number): Promise<FrontendResponse> {
    return webRequest(`${this.baseUrl}${route}`, { method: 'GET', timeoutMs })
  }
}
