/**
 * EmulationStation's hooks (RetroBat and Batocera): what each one means. ES runs every script of
 * `scripts/<event>/` through `/bin/sh -c` with the arguments pasted into one command string; an
 * argument with a space is double-quoted, and game-start's rom path is shell-escaped first, so the
 * backslashes reach the script: `/roms/nes/Metroid\ \(USA\).nes` (see src/sim/README.md).
 */
import type { FrontendAction } from '../adapter.js'

/** The hooks our scripts are installed for. */
export const esHookNames = [
  'game-selected', 'system-selected', 'game-start', 'game-end', 'start', 'quit',
  'screensaver-start', 'screensaver-stop', 'sleep', 'wake', 'config-changed', 'settings-changed'
] as const

/**
 * Characters sh treats as syntax or expansion. ES wraps an argument in double quotes only when it
 * has a space; inside them only these stay special.
 */
const unquotedSpecials = /[()&;|<>'`$\\]/g
const quotedSpecials = /[`$\\]/g

/**
 * Why ES's `sh -c` cannot pass this argument to a hook as it is (no hook runs at all, or it gets
 * another value), or null when it can: `Tetris(USA).nes` has no space, so it is not quoted, and
 * sh fails on the parenthesis.
 */
export function unpassableArgument (argument: string): string | null {
  const quoted = argument.includes(' ')
  const specials = [...new Set(argument.match(quoted ? quotedSpecials : unquotedSpecials) ?? [])]
  if (specials.length === 0) return null
  return `${specials.join(' ')} ${quoted ? 'inside the double quotes ES puts around a name with a space' : 'in a name without a space, which ES passes unquoted'}`
}

/** Takes back ES's shell escaping: a backslash before any character stands for that character. */
function unescapeShellPath (escaped: string): string {
  return escaped.replace(/\\(.)/gs, '$1')
}

/**
 * game-start's path as the frontend meant it. Only a POSIX path is escaped (Windows paths have
 * backslashes of their own), and a path the library knows as given is a real file's name.
 */
export function startedGamePath (given: string, isKnownGame: (romPath: string) => boolean): string {
  const path = given.trim()
  if (!path.startsWith('/') || !path.includes('\\') || isKnownGame(path)) return path
  return unescapeShellPath(path)
}

const text = (value: string | undefined): string | undefined => value === undefined || value.trim() === '' ? undefined : value

export function interpretEsHook (event: string, args: readonly string[], isKnownGame: (romPath: string) => boolean): FrontendAction {
  const [first = '', second, third] = args
  switch (event) {
    case 'system-selected': return { kind: 'system-selected', systemId: first.trim() }
    case 'game-selected': return { kind: 'game-selected', systemId: first.trim(), gamePath: (second ?? '').trim(), gameName: text(third) }
    case 'game-start': return { kind: 'game-started', gamePath: startedGamePath(first, isKnownGame), romStem: text(second), gameName: text(third) }
    case 'game-end': return { kind: 'game-ended' }
    case 'start': return { kind: 'frontend-started' }
    case 'quit': return { kind: 'frontend-quit' }
    case 'screensaver-start': return { kind: 'screensaver-started', mode: text(first) ?? null }
    case 'screensaver-stop': return { kind: 'screensaver-stopped' }
    case 'config-changed':
    case 'settings-changed': return { kind: 'settings-written' }
    default: return { kind: 'other' }
  }
}
