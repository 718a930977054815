/**
 * ES-DE's custom events (frontends.md §1): what each one means. ES-DE builds one command string,
 * `"<script>" "a1" "a2" ...`, wrapping each argument in double quotes and leaving empty ones out,
 * so the arguments after an empty one shift; game-start's and game-end's rom path is shell-escaped
 * first on Unix (`Legend\ of\ Zelda,\ The\ \(USA\).zip`) and quoted on Windows, while the select
 * events pass the raw path. When fast scrolling starts it fires a game-select with no argument.
 */
import { nameProblem, romStem } from '../../identity/index.js'
import type { ArgumentRules, FrontendAction } from '../adapter.js'
import { startedGamePath, withoutCharacters } from '../emulationstation/index.js'

/** The events our scripts are installed for. */
export const esDeHookNames = [
  'startup', 'quit', 'system-select', 'game-select', 'game-start', 'game-end',
  'screensaver-start', 'screensaver-end', 'screensaver-game-select'
] as const

interface GameArgs {
  readonly gamePath: string
  readonly gameName: string | undefined
  readonly systemId: string
}

/** A name of one of the rom path's folders: ES-DE's system folder is one of them. */
function isFolderOf (gamePath: string, name: string): boolean {
  return gamePath.split(/[\\/]/).slice(0, -1).includes(name)
}

/**
 * `[rom path, game name, system name, system full name]`, where an empty one was left out: the
 * system is the argument naming a folder of the rom path (ES-DE's system folders are named so), and
 * the rom's own folder when no argument is left for it. null for the fast-scroll game-select (none).
 */
function gameArgs (args: readonly string[], romPath: (given: string) => string): GameArgs | null {
  const [given, ...rest] = args.filter((arg) => arg.trim() !== '')
  if (given === undefined) return null
  const gamePath = romPath(unquoted(given))
  const ownFolder = gamePath.split(/[\\/]/).at(-2) ?? ''
  if (rest.length >= 3) return { gamePath, gameName: rest[0], systemId: rest[1]! }
  if (rest.length === 2) {
    // [name, system] (no full name) or [system, full name] (no game name).
    return isFolderOf(gamePath, rest[1]!) || !isFolderOf(gamePath, rest[0]!) ? { gamePath, gameName: rest[0], systemId: rest[1]! } : { gamePath, gameName: undefined, systemId: rest[0]! }
  }
  if (rest.length === 1) return isFolderOf(gamePath, rest[0]!) ? { gamePath, gameName: undefined, systemId: rest[0]! } : { gamePath, gameName: rest[0], systemId: ownFolder }
  return { gamePath, gameName: undefined, systemId: ownFolder }
}

/** Windows: ES-DE quotes a path with a space; a door that kept the quotes gets them taken off here. */
function unquoted (value: string): string {
  const trimmed = value.trim()
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed
}

/** System ids and rom stems become folder and file names (media, panels, theme exports): names only. */
function isUsable (game: GameArgs): boolean {
  return nameProblem(game.systemId, 'the system') === null && nameProblem(romStem(game.gamePath), 'the rom') === null
}

export function interpretEsDeHook (event: string, args: readonly string[], isKnownGame: (romPath: string) => boolean): FrontendAction {
  switch (event) {
    case 'game-select':
    case 'screensaver-game-select': {
      // The screensaver's games arrive while the link knows the screensaver is on: it shows them as such.
      const game = gameArgs(args, (given) => given)
      if (game === null || !isUsable(game)) return { kind: 'other' }
      return { kind: 'game-selected', systemId: game.systemId, gamePath: game.gamePath, gameName: game.gameName }
    }
    case 'game-start': {
      const game = gameArgs(args, (given) => startedGamePath(given, isKnownGame))
      if (game === null || !isUsable(game)) return { kind: 'other' }
      return { kind: 'game-started', gamePath: game.gamePath, romStem: undefined, gameName: game.gameName }
    }
    case 'game-end': return { kind: 'game-ended' }
    case 'system-select': {
      const systemId = args.find((arg) => arg.trim() !== '')?.trim() ?? ''
      return nameProblem(systemId, 'the system') === null ? { kind: 'system-selected', systemId } : { kind: 'other' }
    }
    case 'startup': return { kind: 'frontend-started' }
    case 'quit': return { kind: 'frontend-quit' }
    case 'screensaver-start': return { kind: 'screensaver-started', mode: args[0]?.trim() || null }
    case 'screensaver-end': return { kind: 'screensaver-stopped' }
    default: return { kind: 'other' }
  }
}

/**
 * Linux and macOS: ES-DE's `sh -c` puts every argument in double quotes and escapes nothing in the
 * select events' paths and in names, so inside them `$` and a backquote expand, `"` ends the
 * quotes, and a backslash before one of those (or at the end) is eaten.
 */
export const esDeShArguments: ArgumentRules = {
  unpassable (argument) {
    const specials = [...new Set(argument.match(/[`$"]|\\(?=[`$"\\]|$)/g) ?? [])]
    return specials.length === 0 ? null : `${specials.join(' ')} inside the double quotes ES-DE puts around every argument`
  },
  passableName: (fileName) => withoutCharacters(fileName, /[`$"\\]/g)
}
