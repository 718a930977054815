/**
 * A frontend hook as it enters the service, whichever door it came through, and the rules every
 * door applies: argument tokenizing (Windows-style double-quote grouping) and completeness.
 */

import type { FrontendAction } from '../frontends/index.js'
import { nameProblem, romStem } from '../identity/index.js'

/** `mqtt`: the frontend's own event source (FrontendEventSource), not a hook script. */
export type HookSource = 'http' | 'events.ini' | 'spool' | 'mqtt'

export interface HookEvent {
  /** Hook name, which is the ES scripts folder name (`game-selected`, `start` ...). */
  readonly event: string
  readonly args: readonly string[]
  readonly source: HookSource
  /** Set by our own hook command so the same hook arriving by HTTP and spool counts once. */
  readonly hookId: string | null
  /** When the hook was fired (epoch ms), where its door knows (spool files are named by it); else null. */
  readonly firedAtMs: number | null
  /** What it means, when its door already knows (a frontend's own event source); else the family's hooks interpret it. */
  readonly action?: FrontendAction
}

export const hookNamePattern = '^[a-z][a-z0-9-]{0,63}$'
const hookName = new RegExp(hookNamePattern)

/**
 * Splits an argument line the way cmd.exe passes `%*`: whitespace separates, double quotes group
 * and are removed. Returns null for unbalanced quotes.
 */
export function tokenizeArgLine (line: string): string[] | null {
  const tokens: string[] = []
  let current = ''
  let inQuotes = false
  let started = false
  for (const char of line) {
    if (char === '"') {
      inQuotes = !inQuotes
      started = true
    } else if (!inQuotes && /\s/.test(char)) {
      if (started) tokens.push(current)
      current = ''
      started = false
    } else {
      current += char
      started = true
    }
  }
  if (inQuotes) return null
  if (started) tokens.push(current)
  return tokens
}

/** What every door accepts: ES passes at most four arguments, and a Windows path is far shorter. */
export const maxHookArgs = 64
export const maxHookArgLength = 4096

function sizeReason (args: readonly string[]): string | null {
  if (args.length > maxHookArgs) return `${args.length} arguments; a hook has at most ${maxHookArgs}`
  const long = args.findIndex((a) => a.length > maxHookArgLength)
  if (long === -1) return null
  return `argument ${long + 1} has ${args[long]!.length} characters; a hook argument has at most ${maxHookArgLength}`
}

/**
 * Why the hook cannot be used, or null when it can: every door (HTTP JSON and text, spool files,
 * events.ini) asks this, so they take the same hooks (domain-notes §1.3).
 */
export function unusableReason (event: string, args: readonly string[]): string | null {
  if (!hookName.test(event)) return `"${event}" is not a hook name (lowercase letters, digits and dashes)`
  const size = sizeReason(args)
  if (size !== null) return size
  const filled = (i: number): boolean => (args[i] ?? '').trim() !== ''
  // System ids and rom stems become folder and file names (media, panels, theme exports): names only.
  const system = (): string | null => nameProblem(args[0]!, 'the system')
  const romOf = (i: number): string | null => nameProblem(romStem(args[i]!), 'the rom')
  switch (event) {
    case 'game-selected': return filled(0) && filled(1) ? system() ?? romOf(1) : 'game-selected needs the system and the rom path'
    case 'system-selected': return filled(0) ? system() : 'system-selected needs the system'
    case 'game-start': return filled(0) ? romOf(0) : 'game-start needs the rom path'
    default: return null
  }
}
