/**
 * The launch command: resolve the rom, check it exists, hand its absolute path to ES `POST
 * /launch`, and acknowledge each step on /ws/control (`commands.launch.*`, one CorrelationId).
 */
import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { HubError } from '../core/errors.js'
import type { Publisher } from '../core/event-bus.js'
import type { FrontendEvents } from './events.js'
import type { GameOnScreen } from './game-on-screen.js'
import { ruleViolation } from '../core/validation.js'
import { FrontendUnreachableError, type FrontendWebApi } from '../frontends/index.js'
import { missingRomRule } from './schemas.js'

export interface LaunchRequest {
  readonly romPath?: string
  readonly gameId?: string
}

export interface LaunchAccepted {
  readonly status: 'launching'
  readonly romPath: string
  readonly gameId: string | null
  readonly esStatusCode: number
  readonly esResponse: string
}

/** ES answered with an error status: the route passes it through with ES's body. */
export class EsRejectedError extends Error {
  constructor (readonly romPath: string, readonly status: number, readonly esBody: string) {
    super(`EmulationStation rejected the launch with HTTP ${status}`)
    this.name = 'EsRejectedError'
  }
}

export interface LaunchDeps {
  readonly es: FrontendWebApi
  readonly publisher: Publisher<FrontendEvents>
  readonly romsRoot: string | null
  /** The current game's id and path (running, else selected), for `{ gameId }` requests. */
  readonly currentGame: () => Pick<GameOnScreen, 'gameId' | 'gamePath'> | null
  /** ES answers 200 even when it starts nothing: the caller then checks what runs. */
  readonly onAccepted: () => void
}

async function isFile (file: string): Promise<boolean> {
  return stat(file).then((stats) => stats.isFile(), () => false)
}

export class LaunchCommand {
  constructor (readonly deps: LaunchDeps) {}

  /** Resolves the request to an absolute rom path, or explains (400/404) why not. */
  resolve (request: LaunchRequest): { romPath: string, gameId: string | null } {
    const romPath = request.romPath?.trim()
    if (romPath !== undefined && romPath !== '') {
      if (path.isAbsolute(romPath) || path.win32.isAbsolute(romPath)) return { romPath, gameId: null }
      if (this.deps.romsRoot === null) throw new HubError(404, 'ROM_NOT_FOUND', `"${romPath}" is relative and no roms folder is configured (--frontend-root or --roms-root)`)
      return { romPath: path.resolve(this.deps.romsRoot, romPath), gameId: null }
    }
    const gameId = request.gameId?.trim()
    const current = this.deps.currentGame()
    if (gameId === undefined || gameId === '') throw ruleViolation(missingRomRule)
    if (current === null || current.gameId !== gameId) throw new HubError(400, 'GAME_NOT_CURRENT', `gameId "${gameId}" is not the current selected or running game; send "romPath" instead`)
    return { romPath: current.gamePath, gameId }
  }

  async launch (request: LaunchRequest): Promise<LaunchAccepted> {
    const { romPath, gameId } = this.resolve(request)
    const correlationId = randomUUID()
    const ack = (step: 'requested' | 'accepted' | 'failed', extra: { Code?: string, Status?: number, Message?: string, EsStatusCode?: number }): void => {
      this.deps.publisher.publish(`commands.launch.${step}`, { RomPath: romPath, GameId: gameId, ...extra }, { correlationId })
    }
    ack('requested', {})
    const fail = (error: HubError | EsRejectedError, code: string): never => {
      ack('failed', { Code: code, Status: error instanceof HubError ? error.statusCode : error.status, Message: error.message })
      throw error
    }
    if (!await isFile(romPath)) fail(new HubError(404, 'ROM_NOT_FOUND', `No rom file at ${romPath}`), 'ROM_NOT_FOUND')
    let response
    try {
      response = await this.deps.es.launch(romPath)
    } catch (error) {
      // A frontend without a way to launch (ES-DE) says so with its own code.
      if (error instanceof HubError) return fail(error, error.code)
      if (!(error instanceof FrontendUnreachableError)) throw error
      return fail(new HubError(502, 'ES_UNREACHABLE', `Failed to reach the EmulationStation launch API (${error.message})`), 'ES_UNREACHABLE')
    }
    if (response.status < 200 || response.status > 299) return fail(new EsRejectedError(romPath, response.status, response.body), 'ES_REJECTED')
    ack('accepted', { EsStatusCode: response.status })
    this.deps.onAccepted()
    return { status: 'launching', romPath, gameId, esStatusCode: response.status, esResponse: response.body }
  }
}
