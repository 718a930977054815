/**
 * `cabinet-hub hiscore decode`: how an owner checks a definition before dropping it in. Prints the
 * tables and fields as JSON (`{ Tables, Fields }`); a bad definition or save is one line on stderr
 * and exit code 1.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { CommandUsageError, type ModuleCommand } from '../core/module.js'
import { decodeSaves, DefinitionError, loadDefinitionFile, SaveMismatchError, saveNameOf, type ReadLevel } from './hi2txt/index.js'
import type { hiscoresOptions } from './options.js'

const levels: readonly ReadLevel[] = ['default', 'extra', 'debug']

function readSave (file: string) {
  try {
    return { name: saveNameOf(file), bytes: readFileSync(file) }
  } catch (error) {
    throw new SaveMismatchError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
}

export const hiscoreCommand: ModuleCommand<typeof hiscoresOptions> = {
  name: 'hiscore',
  usage: '  cabinet-hub hiscore decode --definition FILE --file SAVE [--file SAVE ...] [--definitions-dir DIR] [--level default|extra|debug]\n                                  print the tables and fields a hi2txt-format definition reads from MAME saves, as JSON\n',
  async run (args, context) {
    const { flags, positionals } = context.parse(args, {
      definition: { type: 'string' },
      file: { type: 'string', multiple: true },
      'definitions-dir': { type: 'string' },
      level: { type: 'string' }
    })
    if (positionals[0] !== 'decode' || positionals.length !== 1) throw new CommandUsageError('hiscore: the only subcommand is "decode"')
    if (flags.definition === undefined) throw new CommandUsageError('hiscore decode: --definition FILE is required')
    if (flags.file === undefined || flags.file.length === 0) throw new CommandUsageError('hiscore decode: at least one --file SAVE is required')
    const level = (flags.level ?? 'default') as ReadLevel
    if (!levels.includes(level)) throw new CommandUsageError(`hiscore decode: --level must be ${levels.join(', ')}`)
    try {
      const definition = await loadDefinitionFile(flags.definition, flags['definitions-dir'] ?? path.dirname(flags.definition))
      const saves = flags.file.map(readSave)
      context.stdout.write(`${JSON.stringify(decodeSaves(definition, saves, level), null, 2)}\n`)
      return 0
    } catch (error) {
      if (!(error instanceof DefinitionError || error instanceof SaveMismatchError)) throw error
      context.stderr.write(`cabinet-hub: hiscore decode: ${error instanceof DefinitionError ? 'definition' : 'save'}: ${error.message}\n`)
      return 1
    }
  }
}
