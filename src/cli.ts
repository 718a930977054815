#!/usr/bin/env node
/**
 * The command line: parses options, builds the real dependencies, listens, and shuts down
 * gracefully. The only file that exits the process.
 */
import './core/heap-policy.js'
import closeWithGrace from 'close-with-grace'
import pino, { type Logger } from 'pino'
import { stringify as toYaml } from 'yaml'
import { buildApp } from './app.js'
import { findModuleCommand, moduleCommandsUsage, runModuleCommand } from './core/commands.js'
import { buildAsyncApi } from './core/docs/asyncapi.js'
import { FlagError, parseFlags } from './core/flags.js'
import { eventCatalogOf, optionEntriesOf, streamTableOf } from './core/hub.js'
import { cliFlags as cliFlagsOf, cliValuesByKey as cliValuesOf, ConfigError, loadConfig as loadConfigOf, optionsHelp as optionsHelpOf, type LoadedConfig } from './core/options.js'
import { commandToRun } from './core/launcher.js'
import { isLoopbackHostname } from './core/security.js'
import { noFrontendSettings } from './core/settings.js'
import { logOutput } from './core/log-output.js'
import { CommandUsageError } from './core/module.js'
import { claimDataDir, DataDirError, diskFull, type DataDirClaim } from './core/storage/data-dir.js'
import { closeDatabase, isStorageFullError, openDatabase } from './core/storage/database.js'
import { startDemoFrontend, wantsDemo } from './demo.js'
import { runHookCommand, spoolDirOf } from './frontend/index.js'
import { configuredInstall, HookSetupError, readFrontendSettings, setHookScripts } from './frontends/index.js'
import { domainModules, type HubConfig } from './modules.js'
import { demoTreeProfiles, SimulatedFrontend, simulatedProfiles, writeDemoTree, type DemoTreeProfile, type SimulatedProfile } from './sim/index.js'
import { serviceVersion } from './version.js'

const EXIT_USAGE = 2

/** The option table of this build: the core's and every module's. */
const optionTable = optionEntriesOf(domainModules)
const cliFlags = (): Record<string, { type: 'string' | 'boolean' }> => cliFlagsOf(optionTable)
const loadOptions = (values: Record<string, unknown>): LoadedConfig<HubConfig> =>
  loadConfigOf(optionTable, { cli: cliValuesOf(optionTable, values as Record<string, string | boolean | undefined>), env: process.env }) as LoadedConfig<HubConfig>
const shutdownDelayMs = 5000
/** Connections still busy this long into shutdown (a client not reading its response) are cut. */
const forceCloseAfterMs = 3000

const usage = `cabinet-hub ${serviceVersion}: the companion service for EmulationStation-family cabinets

Usage:
  cabinet-hub [serve] [options]   run the service (the default command)
  cabinet-hub openapi             print the OpenAPI document (JSON)
  cabinet-hub asyncapi [--yaml]   print the AsyncAPI document (JSON, or YAML)
  cabinet-hub sim --frontend-root DIR [--port P] [--profile retrobat|batocera]
                  [--play-seconds N] [--autoplay] [--log-level L]
                                  run the simulated EmulationStation (ES web API on
                                  127.0.0.1:P, default 1234; hooks from the tree's scripts/)
  cabinet-hub demo-tree --out DIR [--profile retrobat|batocera|es-de|recalbox]
                                  write the demo frontend tree (missing files only)
  cabinet-hub [options] hook <event> [args...]
                                  hand a frontend hook to the service (300 ms), else spool it
  cabinet-hub install-hooks --frontend-root DIR [--profile retrobat|batocera|es-de] [--create]
                  [--enable-scripts]
                                  write our hook scripts into the frontend's scripts folders
                                  (the root must be an install of the profile, unless --create;
                                  --enable-scripts also switches on the frontend's settings they
                                  need: ES-DE's CustomEventScripts and CustomEventScriptsBrowsing)
  cabinet-hub uninstall-hooks --frontend-root DIR [--profile ...]
                                  remove them (and only them)
${moduleCommandsUsage(domainModules)}  cabinet-hub --version | --help

Options (each also as the environment variable shown, or as a key in the --config file):
${optionsHelpOf(optionTable)}
`

class UsageError extends Error {}

function fail (message: string): number {
  console.error(`cabinet-hub: ${message}`)
  return EXIT_USAGE
}

async function createLogger (level: string): Promise<Logger> {
  // Pretty output only for a person at a terminal; services and hooks get JSON lines. Formatted in
  // this thread, not in a transport's worker, whose file a bundle (app/cabinet-hub.mjs) has not;
  // and loaded only then, since a service started at boot has no terminal.
  if (!process.stdout.isTTY) return pino({ level }, logOutput())
  // The default export: esbuild's split part of a CommonJS package exports only that.
  const { default: pinoPretty } = await import('pino-pretty')
  const prettify = pinoPretty.prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
  const output = logOutput()
  return pino({ level }, { write: (line: string) => output.write(prettify(line)) })
}

async function printOpenApi (): Promise<number> {
  const loaded = loadOptions({})
  const db = openDatabase(':memory:')
  const { app } = await buildApp({ loaded, logger: pino({ level: 'silent' }), db, settings: noFrontendSettings, now: () => new Date(), modules: domainModules })
  await app.ready()
  process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`)
  await app.close()
  closeDatabase(db)
  return 0
}

async function serve (requested: LoadedConfig<HubConfig>): Promise<number> {
  // Before the demo writes hook scripts into the data dir: a second instance must change nothing.
  const claim = claimDataDir(requested.config.dataDir, `http://${requested.config.host}:${requested.config.port}`)
  try {
    return await serveClaimed(requested, claim)
  } catch (error) {
    claim.release()
    if (isStorageFullError(error)) throw diskFull(requested.config.dataDir, error)
    throw error
  }
}

async function serveClaimed (requested: LoadedConfig<HubConfig>, claim: DataDirClaim): Promise<number> {
  const logger = await createLogger(requested.config.logLevel)
  const demo = wantsDemo(requested.config) ? await startDemoFrontend(requested, logger) : null
  const loaded = demo?.loaded ?? requested
  const { config } = loaded
  const db = openDatabase(config.dataDir)
  // A second signal (a closed terminal's SIGHUP and its session's SIGTERM come milliseconds apart)
  // exits at once, past the shutdown below: the database is checkpointed and closed all the same.
  process.once('exit', () => closeDatabase(db))
  const settings = await readFrontendSettings(config)
  const { app, hub } = await buildApp({ loaded, logger, db, settings, now: () => new Date(), modules: domainModules })

  try {
    await app.listen({ host: config.host, port: config.port })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    await app.close()
    await demo?.stop()
    closeDatabase(db)
    claim.release()
    if (code === 'EADDRINUSE') return fail(`port ${config.port} on ${config.host} is already in use (another cabinet-hub, or the incumbent companion service?); stop it or choose another --port`)
    if (code === 'EACCES') return fail(`not allowed to listen on ${config.host}:${config.port}; choose a port above 1023`)
    if (code === 'EADDRNOTAVAIL') return fail(`${config.host} is not an address of this machine`)
    throw error
  }
  if (!isLoopbackHostname(config.host) && config.apiKey === null) {
    logger.warn(`listening on ${config.host} without an API key: requests from other machines will get 401 until --api-key is set`)
  }

  closeWithGrace({ delay: shutdownDelayMs, logger }, async ({ signal, err }) => {
    if (err !== undefined) logger.error({ err }, 'shutting down after an unexpected error')
    else logger.info(`${signal ?? 'close'} received, shutting down`)
    setTimeout(() => app.server.closeAllConnections(), forceCloseAfterMs).unref()
    await app.close()
    await demo?.stop()
    closeDatabase(db)
    claim.release()
  })

  await hub.start()
  logger.info(`cabinet-hub ${serviceVersion} ready on http://${config.host}:${config.port} (data in ${config.dataDir})`)
  return 0
}

/** Parses the few flags of a helper command (`sim`, `demo-tree`); they are not service options. */
function parseCommandFlags<T extends Record<string, { type: 'string' | 'boolean' }>> (argv: string[], options: T) {
  try {
    return parseFlags(argv, options, false).values
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see --help)`)
  }
}

function profileFlag<P extends string> (value: string | undefined, profiles: readonly P[]): P {
  const profile = value ?? 'retrobat'
  if (!(profiles as readonly string[]).includes(profile)) throw new UsageError(`--profile must be one of ${profiles.join(', ')}`)
  return profile as P
}

function numberFlag (name: string, value: string | undefined, fallback: number, { min, max, integer = false }: { min: number, max: number, integer?: boolean }): number {
  if (value === undefined) return fallback
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number) || number < min || number > max || (integer && !Number.isInteger(number))) {
    throw new UsageError(`--${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`)
  }
  return number
}

async function runDemoTree (argv: string[]): Promise<number> {
  const values = parseCommandFlags(argv, { out: { type: 'string' }, profile: { type: 'string' } })
  if (values.out === undefined) throw new UsageError('demo-tree needs --out DIR')
  const result = await writeDemoTree(values.out, profileFlag<DemoTreeProfile>(values.profile, demoTreeProfiles))
  process.stdout.write(`demo frontend tree in ${result.root}: ${result.written.length} files written, ${result.kept.length} already there and kept\n`)
  return 0
}

const simFlags = {
  'frontend-root': { type: 'string' },
  port: { type: 'string' },
  profile: { type: 'string' },
  'play-seconds': { type: 'string' },
  autoplay: { type: 'boolean' },
  'log-level': { type: 'string' }
} as const
async function runSim (argv: string[]): Promise<number> {
  const values = parseCommandFlags(argv, simFlags)
  if (values['frontend-root'] === undefined) throw new UsageError(`sim needs --frontend-root DIR (${commandToRun('demo-tree --out DIR')} writes one)`)
  const logLevel = values['log-level'] ?? 'info'
  if (logLevel !== 'silent' && !(logLevel in pino.levels.values)) throw new UsageError(`--log-level must be one of ${Object.keys(pino.levels.values).join(', ')}, silent`)
  const profile = profileFlag<SimulatedProfile>(values.profile, simulatedProfiles)
  const logger = await createLogger(logLevel)
  const frontend = new SimulatedFrontend({
    frontendRoot: values['frontend-root'],
    profile,
    port: numberFlag('port', values.port, 1234, { min: 0, max: 65535, integer: true }),
    playSeconds: numberFlag('play-seconds', values['play-seconds'], 30, { min: 0.1, max: 86_400 }),
    autoplay: values.autoplay === true,
    logger
  })
  try {
    await frontend.start()
  } catch (error) {
    await frontend.stop()
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return fail(`port ${values.port ?? 1234} is already in use (is EmulationStation running?); choose another --port`)
    throw error
  }
  const signals = closeWithGrace({ delay: shutdownDelayMs, logger }, async ({ signal }) => {
    logger.info(`${signal ?? 'close'} received, stopping the simulated frontend`)
    await frontend.stop()
  })
  await frontend.closed
  signals.uninstall()
  return 0
}

/** Hook arguments are the frontend's, whatever they look like: everything after the word `hook` is passed on untouched. */
function splitHookArgs (argv: string[]): { options: string[], hook: string[] } | null {
  const valueFlags = new Set(Object.entries(cliFlags()).filter(([, f]) => f.type === 'string').map(([name]) => `--${name}`))
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!
    if (valueFlags.has(token)) i++
    else if (token === 'hook') return { options: argv.slice(0, i), hook: argv.slice(i + 1) }
    else if (!token.startsWith('-')) return null
  }
  return null
}

async function hook (loaded: LoadedConfig<HubConfig>, hookArgs: string[]): Promise<number> {
  const [event, ...args] = hookArgs
  if (event === undefined) throw new UsageError('hook needs the event name (see --help)')
  const result = await runHookCommand({ port: loaded.config.port, spoolDir: spoolDirOf(loaded.config.dataDir), event, args })
  if (result.outcome === 'rejected') return fail(`hook ${event}: ${result.reason}`)
  if (result.outcome === 'spooled') console.error(`cabinet-hub: ${result.why}; hook ${event} spooled to ${result.file}`)
  return 0
}

async function hookScripts (loaded: LoadedConfig<HubConfig>, install: boolean, create: boolean, enableScripts: boolean): Promise<number> {
  const { config } = loaded
  let report
  try {
    report = await setHookScripts(configuredInstall(config), { install, create, enableScripts, spoolDir: spoolDirOf(config.dataDir), port: config.port })
  } catch (error) {
    if (error instanceof HookSetupError) throw new UsageError(error.message)
    throw error
  }
  for (const file of [...report.written, ...report.removed]) process.stdout.write(`${install ? 'wrote' : 'removed'} ${file}\n`)
  if (report.switchedOn !== null) process.stdout.write(report.switchedOn.length === 0 ? 'the frontend settings our hooks need were already on\n' : `switched on ${report.switchedOn.join(', ')}\n`)
  if (!install && report.removed.length === 0) process.stdout.write(`no cabinet-hub hook scripts under ${report.esConfigDir}\n`)
  return 0
}

async function main (argv: string[]): Promise<number> {
  // Helper commands have their own flags, parsed apart from the service's option table.
  const helpers: Record<string, (args: string[]) => Promise<number>> = { sim: runSim, 'demo-tree': runDemoTree }
  const helper = argv[0] === undefined ? undefined : helpers[argv[0]]
  if (helper !== undefined && !argv.includes('--help') && !argv.includes('-h')) {
    try {
      return await helper(argv.slice(1))
    } catch (error) {
      if (error instanceof UsageError) return fail(error.message)
      throw error
    }
  }
  const moduleCommand = findModuleCommand(domainModules, argv[0])
  if (moduleCommand !== null && !argv.includes('--help') && !argv.includes('-h')) {
    try {
      return await runModuleCommand(moduleCommand, argv.slice(1), optionTable, process.env, buildApp)
    } catch (error) {
      if (error instanceof CommandUsageError || error instanceof ConfigError) return fail(error.message)
      throw error
    }
  }
  const hookCall = splitHookArgs(argv)
  if (hookCall !== null) {
    try {
      const parsedHook = parseFlags(hookCall.options, cliFlags(), false)
      return await hook(loadOptions(parsedHook.values), hookCall.hook)
    } catch (error) {
      if (error instanceof UsageError || error instanceof ConfigError || error instanceof FlagError) return fail(error.message)
      throw error
    }
  }
  let parsed
  try {
    parsed = parseFlags(argv, { ...cliFlags(), help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' }, yaml: { type: 'boolean' }, create: { type: 'boolean' }, 'enable-scripts': { type: 'boolean' } }, true)
  } catch (error) {
    return fail(`${(error as Error).message} (see --help)`)
  }
  const { values, positionals } = parsed
  if (values.help === true) {
    process.stdout.write(usage)
    return 0
  }
  if (values.version === true) {
    process.stdout.write(`${serviceVersion}\n`)
    return 0
  }
  const [command = 'serve', ...extra] = positionals
  try {
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}" (see --help)`)
    switch (command) {
      case 'openapi': return await printOpenApi()
      case 'asyncapi': {
        const asyncApi = buildAsyncApi(eventCatalogOf(domainModules), streamTableOf(domainModules))
        process.stdout.write(values.yaml === true ? toYaml(asyncApi) : `${JSON.stringify(asyncApi, null, 2)}\n`)
        return 0
      }
      case 'serve': return await serve(loadOptions(values))
      case 'install-hooks': return await hookScripts(loadOptions(values), true, values.create === true, values['enable-scripts'] === true)
      case 'uninstall-hooks': return await hookScripts(loadOptions(values), false, false, false)
      default: throw new UsageError(`unknown command "${command}" (see --help)`)
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirError) return fail(error.message)
    throw error
  }
}

main(process.argv.slice(2)).then((code) => {
  if (code !== 0) process.exit(code)
}, (error: unknown) => {
  console.error(`cabinet-hub: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
