/**
 * Module commands on the command line: finds the verb a module declares and runs it with a
 * context that parses service options and the command's own flags together.
 */
import type { CoreConfig } from './core-options.js'
import { parseFlags } from './flags.js'
import { CommandUsageError, type BuildService, type CommandContext, type DoctorCheck, type HubModule, type ModuleCommand } from './module.js'
import { cliFlags, cliValuesByKey, configOf, givenServiceArgs, loadConfig, type OptionEntry } from './options.js'

interface FoundCommand {
  readonly module: HubModule
  readonly command: ModuleCommand
  /** Every module of the build. */
  readonly modules: readonly HubModule[]
  readonly doctorChecks: readonly DoctorCheck[]
}

export function findModuleCommand (modules: readonly HubModule[], name: string | undefined): FoundCommand | null {
  if (name === undefined) return null
  for (const module of modules) {
    const command = module.commands?.find((candidate) => candidate.name === name)
    if (command !== undefined) return { module, command, modules, doctorChecks: modules.flatMap((m) => m.doctorChecks ?? []) }
  }
  return null
}

export function moduleCommandsUsage (modules: readonly HubModule[]): string {
  return modules.flatMap((module) => module.commands ?? []).map((command) => `${command.usage.trimEnd()}\n`).join('')
}

/** Where a command writes; tests pass their own streams to drive a command in process. */
export interface CommandOutput {
  readonly stdout: NodeJS.WritableStream
  readonly stderr: NodeJS.WritableStream
}

export function runModuleCommand (found: FoundCommand, args: readonly string[], entries: readonly OptionEntry[], env: NodeJS.ProcessEnv, buildService: BuildService, output: CommandOutput = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const context: CommandContext = {
    parse (commandArgs, flags) {
      let parsed
      try {
        parsed = parseFlags(commandArgs, { ...cliFlags(entries), ...flags }, true)
      } catch (error) {
        throw new CommandUsageError(`${found.command.name}: ${(error as Error).message}`)
      }
      const serviceValues = Object.fromEntries(Object.entries(parsed.values).filter(([key]) => !(key in flags))) as Record<string, string | boolean | undefined>
      const ownValues = Object.fromEntries(Object.entries(parsed.values).filter(([key]) => key in flags))
      const loaded = loadConfig(entries, { cli: cliValuesByKey(entries, serviceValues), env })
      return {
        loaded,
        core: loaded.config as unknown as CoreConfig,
        options: configOf(found.module.options ?? {}, loaded),
        flags: ownValues as never,
        positionals: parsed.positionals,
        config: loaded.config,
        serviceArgs: givenServiceArgs(entries, loaded)
      }
    },
    doctorChecks: found.doctorChecks,
    modules: found.modules,
    buildService,
    stdout: output.stdout,
    stderr: output.stderr
  }
  return found.command.run(args, context)
}
