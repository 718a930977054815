/**
 * Which rom names reach our hook scripts as they are, by the shell EmulationStation runs them
 * through, and a name close to each one that does.
 */
import type { ArgumentRules } from '../adapter.js'

/** The name without these characters, and without the doubled or dangling spaces they leave. */
export function withoutCharacters (fileName: string, characters: RegExp): string {
  return fileName.replace(characters, '').replace(/ {2,}/g, ' ').replace(/ (?=\.[^. ]*$)/, '').trim()
}

/**
 * Characters sh treats as syntax or expansion. ES wraps an argument in double quotes only when it
 * has a space; inside them only these stay special.
 */
const unquotedSpecials = /[()&;|<>'`$\\]/g
const quotedSpecials = /[`$\\]/g

/**
 * One space where a bracket or an operator meets a word, so that ES quotes the name (inside the
 * quotes these are text): `Tetris(USA).nes` -> `Tetris (USA).nes`, `(Proto)Game.nes` -> `(Proto) Game.nes`.
 */
const spaced = (fileName: string): string => fileName.replace(/(?<=\S)(?=[(&;|<>'])|(?<=[)&;|<>'])(?=\S)/, ' ')

/**
 * Linux (Batocera, and RetroBat's simulated ES): ES runs every script through `sh -c` with the
 * arguments pasted into one command string, quoting only an argument with a space, so
 * `Tetris(USA).nes` is not quoted and sh fails on the parenthesis: no hook runs at all.
 */
export const esShArguments: ArgumentRules = {
  unpassable (argument) {
    const quoted = argument.includes(' ')
    const specials = [...new Set(argument.match(quoted ? quotedSpecials : unquotedSpecials) ?? [])]
    if (specials.length === 0) return null
    return `${specials.join(' ')} ${quoted ? 'inside the double quotes ES puts around a name with a space' : 'in a name without a space, which ES passes unquoted'}`
  },
  passableName (fileName) {
    const kept = withoutCharacters(fileName, quotedSpecials)
    return kept.includes(' ') ? kept : spaced(kept)
  }
}

/**
 * Windows (RetroBat, ES-DE): the frontend runs our `.bat` through cmd with every argument in
 * double quotes, so `&`, `!`, `^`, brackets and accented letters pass (test/frontend/peers/bat-hook.test.ts),
 * backslashes are the path's separators and a double quote cannot be in a file name. Only `%` is
 * read on the way: cmd expands `%NAME%` on the command line, and a lone one pairs with the next.
 */
export const cmdArguments: ArgumentRules = {
  unpassable: (argument) => argument.includes('%') ? '% which cmd expands on the hook\'s command line: the text between two % becomes a variable\'s value, or vanishes' : null,
  passableName: (fileName) => withoutCharacters(fileName, /%/g)
}
