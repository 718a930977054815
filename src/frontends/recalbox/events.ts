/**
 * What a Recalbox EmulationStation event means. It comes in three shapes: EventJson (`Action`,
 * `Parameter`, `System{SystemId}`, `Game{Game,GamePath,ImagePath}`), the web server's camelCase
 * republication (`event`, `param`, `system{name}`, `game{romPath,name}`), and the action name plus
 * es_state.inf of older releases (Recalbox's NotificationManager.cpp, EmulationStationWatcher.cpp).
 * All become one fact.
 */
import type { FrontendAction, FrontendEvent } from '../adapter.js'
import { nameProblem, romStem, systemFromRomPath } from '../../identity/index.js'
import { record } from './record.js'
import type { StateFile } from './state-file.js'

/** One event as Recalbox describes it, whatever the shape it came in. */
export interface RecalboxEvent {
  readonly action: string
  readonly parameter: string
  /** The system's short name (`nes`, `favorites`); empty when the event has none. */
  readonly systemId: string
  readonly gamePath: string
  readonly gameName: string
}

const text = (value: unknown): string => typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/**
 * The first JSON object of a payload. Recalbox 10 was seen sending the same JSON twice in one
 * payload (and NUL bytes): what follows the first complete object is left out.
 */
export function firstJsonObject (payload: string): unknown {
  const text = payload.replaceAll('\0', '').trim()
  if (!text.startsWith('{')) throw new Error('not a JSON object')
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{' || char === '[') depth++
    else if ((char === '}' || char === ']') && --depth === 0) return JSON.parse(text.slice(0, index + 1))
  }
  throw new Error('the JSON object is not complete')
}

/** An EventJson or web-API payload; throws when it is neither. */
export function eventFromJson (payload: string): RecalboxEvent {
  const data = record(firstJsonObject(payload))
  if (typeof data.Action === 'string') {
    const system = record(data.System)
    const game = record(data.Game)
    return { action: data.Action, parameter: text(data.Parameter), systemId: text(system.SystemId), gamePath: text(game.GamePath), gameName: text(game.Game) }
  }
  if (typeof data.event === 'string') {
    const system = record(data.system)
    const game = record(data.game)
    return { action: data.event, parameter: text(data.param), systemId: text(system.name), gamePath: text(game.romPath), gameName: text(game.name) }
  }
  throw new Error('neither Action nor event is a string')
}

/** The event named `action` from es_state.inf, or null when the file already tells of another (a faster event overwrote it). */
export function eventFromStateFile (action: string, state: StateFile): RecalboxEvent | null {
  if (state.get('Action') !== action) return null
  return { action, parameter: state.get('ActionData') ?? '', systemId: state.get('SystemId') ?? '', gamePath: state.get('GamePath') ?? '', gameName: state.get('Game') ?? '' }
}

function meaning (event: RecalboxEvent, gamePath: string): FrontendAction {
  const gameName = event.gameName.trim() === '' ? undefined : event.gameName
  switch (event.action) {
    case 'systembrowsing': return { kind: 'system-selected', systemId: event.systemId }
    // Inside a virtual system (favorites ...) the game's own system is its rom folder's.
    case 'gamelistbrowsing':
    case 'gamebrowsing': return { kind: 'game-selected', systemId: systemFromRomPath(gamePath) ?? event.systemId, gamePath, gameName }
    case 'rungame': return { kind: 'game-started', gamePath, romStem: undefined, gameName }
    case 'endgame': return { kind: 'game-ended' }
    case 'sleep': return { kind: 'screensaver-started', mode: null }
    case 'wakeup': return { kind: 'screensaver-stopped' }
    case 'start':
    case 'relaunch': return { kind: 'frontend-started' }
    case 'stop':
    case 'quit':
    case 'shutdown':
    case 'reboot': return { kind: 'frontend-quit' }
    default: return { kind: 'other' }
  }
}

const needsSystem = new Set(['systembrowsing', 'gamelistbrowsing', 'gamebrowsing'])
const needsGame = new Set(['gamelistbrowsing', 'gamebrowsing', 'rungame'])

/**
 * The event as the link takes it, or why it cannot be used (a system or rom that is no name, a
 * game event without its game). `localPath` maps Recalbox's paths onto this machine's view of them.
 */
export function interpretRecalboxEvent (event: RecalboxEvent, localPath: (recalboxPath: string) => string): FrontendEvent | { readonly problem: string } {
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(event.action)) return { problem: `"${event.action.slice(0, 80)}" is not a Recalbox event name` }
  const gamePath = event.gamePath === '' ? '' : localPath(event.gamePath)
  if (needsSystem.has(event.action) && event.systemId === '' && gamePath === '') return { problem: `${event.action} names no system` }
  if (needsGame.has(event.action) && gamePath === '') return { problem: `${event.action} names no game` }
  const problem = (event.systemId === '' ? null : nameProblem(event.systemId, 'the system')) ?? (gamePath === '' ? null : nameProblem(romStem(gamePath), 'the rom'))
  if (problem !== null) return { problem }
  return { event: event.action, args: event.parameter === '' ? [] : [event.parameter], action: meaning(event, gamePath) }
}
