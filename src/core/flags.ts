/**
 * Command-line flags parsed strictly (node:util parseArgs), with mistakes told in one short line:
 * an unknown flag names the closest known one instead of Node's advice about `--`.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import leven from 'leven'

export class FlagError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'FlagError'
  }
}

type FlagOptions = NonNullable<ParseArgsConfig['options']>

/** The known name nearest to a mistyped one, when it is near enough to be what was meant. */
export function closestName (typed: string, known: Iterable<string>): string | null {
  let best: { name: string, distance: number } | null = null
  for (const name of known) {
    const distance = leven(typed.toLowerCase(), name.toLowerCase())
    if (best === null || distance < best.distance) best = { name, distance }
  }
  return best !== null && best.distance <= Math.max(2, Math.floor(typed.length / 3)) ? best.name : null
}

/** The quoted token of a parseArgs message: `Unknown option '--prot'` -> `--prot`. */
const quoted = (message: string): string => /'([^']*)'/.exec(message)?.[1] ?? message

function describe (error: NodeJS.ErrnoException, options: FlagOptions): string {
  const token = quoted(error.message)
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const suggestion = closestName(token.replace(/^-+/, ''), Object.keys(options))
      return `unknown option ${token}${suggestion === null ? '' : `: did you mean --${suggestion}?`}`
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const flag = token.split(' ')[0]!
      return token.includes('<value>') ? `${flag} needs a value` : `${flag} takes no value`
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': return `unexpected argument "${token}"`
    default: return error.message
  }
}

/** parseArgs in strict mode; a mistake becomes a FlagError with one line for a person. */
export function parseFlags<O extends FlagOptions, P extends boolean> (args: readonly string[], options: O, allowPositionals: P) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals })
  } catch (error) {
    throw new FlagError(describe(error as NodeJS.ErrnoException, options))
  }
}
