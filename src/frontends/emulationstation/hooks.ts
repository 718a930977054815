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
