/**
 * `cabinet-hub doctor --frontend-root DIR --profile P [--json]`: what stands between the frontend
 * and the service that an owner can fix, without starting the service. Among them, the roms whose
 * file names the frontend's shell cannot pass to its hooks, by the rules of the shell where the
 * frontend runs (on Linux ES quotes only arguments with a space, so `Tetris(USA).nes` runs no hook
 * at all; on Windows cmd expands `%`): selecting them is never reported, and navigation stops at
 * them (409 POSITION_UNKNOWN). Then the checks other modules add, each with its
 * own flags (the MAME plugin's `--plugins-dir`). Exits 1 when it finds anything.
 */
import path from 'node:path'
import { CommandUsageError, type CommandFlags, type DoctorFile, type DoctorProblem, type ModuleCommand } from '../core/module.js'
import { configuredInstall, hasWebApi, hookArgumentRules, hookScriptsProblem, installedHookScripts, installHooksCommand, installProblem, listRomFiles, spoolDirsOf, type FrontendInstall, type FrontendsConfig } from '../frontends/index.js'
import { romStem } from '../identity/index.js'
import type { frontendOptions } from './options.js'
import { spoolDirOf } from './spool.js'

export interface FrontendProblem {
  readonly kind: 'install' | 'hooks-missing' | 'hooks-switched-off' | 'hooks-elsewhere' | 'unhookable-roms'
  readonly message: string
  readonly fix: string
  readonly files?: readonly DoctorFile[]
}

/** Roms whose path or stem (what game-selected and game-start pass) the frontend's hook shell cannot pass, each with a name it can where a rename is enough. */
async function unhookableRoms (install: FrontendInstall): Promise<FrontendProblem | null> {
  const rules = hookArgumentRules(install)
  if (rules === null) return null
  const unpassable = (file: string): string | null => rules.unpassable(file) ?? rules.unpassable(romStem(file))
  const files = (await listRomFiles(install)).flatMap((file): DoctorFile[] => {
    const reason = unpassable(file)
    if (reason === null) return []
    const rename = rules.passableName(path.basename(file))
    return [unpassable(path.join(path.dirname(file), rename)) === null ? { file, reason, rename } : { file, reason }]
  })
  if (files.length === 0) return null
  return {
    kind: 'unhookable-roms',
    message: `${files.length} rom file name${files.length === 1 ? '' : 's'} the frontend's shell cannot pass to its hooks: selecting or starting ${files.length === 1 ? 'it' : 'them'} runs no hook or passes another name, so the service does not see it${hasWebApi(install.adapter) ? ' (starts and ends are still inferred from the web API)' : ''}`,
    fix: 'rename each file to the name suggested after it (`rename` in --json), or to another its reason allows; the gamelist entry follows the file',
    files
  }
}

/** What doctor finds in the frontend link; the setup page lists the same. */
export async function frontendProblems (install: FrontendInstall, dataDir: string): Promise<FrontendProblem[]> {
  const problems: FrontendProblem[] = []
  const notInstall = await installProblem(install)
  if (notInstall !== null) problems.push({ kind: 'install', message: notInstall, fix: 'see the message' })
  const fixHooks = installHooksCommand(install, dataDir)
  const scripts = await installedHookScripts(install)
  if (install.esConfigDir !== null && install.adapter.hooks !== null && notInstall === null && spoolDirsOf(scripts).length === 0) {
    problems.push({ kind: 'hooks-missing', message: `no cabinet-hub hook scripts are installed in ${install.esConfigDir}: ${hasWebApi(install.adapter) ? 'the service hears of selections, starts and ends only through the web API' : 'the service hears of no selection, start or end: the frontend has no other way to tell'}`, fix: fixHooks })
  }
  // A frontend setting that keeps every hook (or the browsing ones) from running: ES-DE's custom event switches.
  if (install.esConfigDir !== null && notInstall === null) {
    for (const off of await install.adapter.hooks?.switchedOff?.(install.esConfigDir) ?? []) problems.push({ kind: 'hooks-switched-off', ...off })
  }
  const elsewhere = hookScriptsProblem(install, scripts, spoolDirOf(dataDir), dataDir)
  if (elsewhere !== null) problems.push({ kind: 'hooks-elsewhere', message: elsewhere, fix: fixHooks })
  const roms = await unhookableRoms(install)
  if (roms !== null) problems.push(roms)
  return problems
}

function printed (problems: readonly DoctorProblem[]): string {
  if (problems.length === 0) return 'cabinet-hub doctor: nothing to fix\n'
  return [`cabinet-hub doctor: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix`, ...problems.flatMap((problem) => [
    `- ${problem.message}`,
    ...(problem.files ?? []).map(({ file, reason, rename }) => `    ${file}  (${reason})${rename === undefined ? '' : `  -> ${rename}`}`),
    `  fix: ${problem.fix}`
  ])].join('\n') + '\n'
}

export const doctorCommand: ModuleCommand<typeof frontendOptions> = {
  name: 'doctor',
  usage: `  cabinet-hub doctor --frontend-root DIR [--profile retrobat|batocera|es-de] [--plugins-dir DIR] [--json]
                                  list what an owner can fix in the frontend link: hooks missing,
                                  switched off in the frontend's settings or spooling for another data
                                  dir, rom names the frontend's shell cannot pass to its hooks; and the
                                  MAME plugin in --plugins-dir (repeatable) reading another data dir's
                                  definitions; exit 1 when it finds any
`,
  async run (args, context) {
    const checkFlags = Object.assign({}, ...context.doctorChecks.map((check) => check.flags)) as CommandFlags
    const { core, config, flags, positionals } = context.parse(args, { json: { type: 'boolean' }, ...checkFlags })
    if (positionals.length > 0) throw new CommandUsageError(`doctor: unexpected argument ${positionals[0]}`)
    const frontends = config as unknown as FrontendsConfig
    // A family with a place of its own (ES-DE's app-data folder) is found without a folder option.
    const install = configuredInstall(frontends)
    const frontendGiven = install.esConfigDir !== null || install.romsRoot !== null
    const flagValues = flags as Record<string, unknown>
    if (!frontendGiven && !Object.keys(checkFlags).some((flag) => flagValues[flag] !== undefined)) {
      throw new CommandUsageError(`doctor needs --frontend-root (or --es-config-dir and --roms-root)${Object.keys(checkFlags).map((flag) => `, or --${flag}`).join('')}`)
    }
    const problems: DoctorProblem[] = frontendGiven ? await frontendProblems(install, core.dataDir) : []
    for (const check of context.doctorChecks) problems.push(...await check.run(flagValues, core))
    context.stdout.write(flags.json === true ? `${JSON.stringify({ ok: problems.length === 0, problems }, null, 2)}\n` : printed(problems))
    return problems.length === 0 ? 0 : 1
  }
}
