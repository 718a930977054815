/**
 * `cabinet-hub install-service`: start the service with the machine. A systemd user unit on Linux;
 * on Batocera a user service; on Windows the RetroBat start hook, which EmulationStation runs as it starts.
 */
import { mkdir, realpath, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import path from 'node:path'
import type { CoreConfig } from '../core/core-options.js'
import { CommandUsageError, type ModuleCommand } from '../core/module.js'
import { configuredEsConfigDir, type FrontendsConfig } from '../frontends/index.js'
import { batoceraService, batoceraServiceName } from './batocera-service.js'
import { retrobatStartHook, startHookFileName } from './retrobat-start-hook.js'
import { launcherEnvironmentOf } from './launcher-environment.js'
import { systemdUnit, unitFileName, type ServiceCommand } from './systemd-unit.js'

const serviceTargets = ['systemd', 'retrobat', 'batocera'] as const
export type ServiceTarget = typeof serviceTargets[number]

const flags = { for: { type: 'string' }, 'unit-dir': { type: 'string' }, userdata: { type: 'string' } } as const

/** Batocera's persistent partition, which holds its services and logs: the frontend root of a Batocera. */
const batoceraUserdata = '/userdata'

function defaultUnitDir (env: NodeJS.ProcessEnv): string {
  return path.join(env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'), 'systemd', 'user')
}

/** The target of this machine: the frontend's own way on RetroBat and Batocera, else a systemd user unit. */
export function defaultServiceTarget (profile: string | null): ServiceTarget {
  if (profile === 'batocera') return 'batocera'
  return profile === 'retrobat' || process.platform === 'win32' ? 'retrobat' : 'systemd'
}

function targetOf (value: string | undefined): ServiceTarget {
  const target = value ?? defaultServiceTarget(null)
  if (!(serviceTargets as readonly string[]).includes(target)) throw new CommandUsageError(`install-service: --for must be one of ${serviceTargets.join(', ')}`)
  return target as ServiceTarget
}

/** The running CLI, as the service should run it: this Node.js with its flags, and this script, links resolved. */
export async function thisCommand (args: readonly string[]): Promise<ServiceCommand> {
  return { node: process.execPath, nodeFlags: process.execArgv, environment: launcherEnvironmentOf(process.env), cli: await realpath(process.argv[1]!), args }
}

export interface ServiceInstallRequest {
  readonly target: ServiceTarget
  readonly command: ServiceCommand
  /** systemd: the folder of user units; null for the user's own. */
  readonly unitDir: string | null
  /** batocera: the frontend root the service reads (Batocera's persistent partition); null for /userdata. */
  readonly userdata: string | null
  /** retrobat: the frontend's config folder, which runs scripts/start/. */
  readonly esConfigDir: string | null
  readonly core: Readonly<Pick<CoreConfig, 'host' | 'port' | 'dataDir'>>
}

export interface ServiceInstallReport {
  readonly file: string
  /** Where the service logs, when the file says (Batocera). */
  readonly logFile: string | null
  /** What the owner does next, if anything. */
  readonly next: string
}

/** The file that starts the service with the machine, for `install-service` and the setup page. */
export function serviceFile (request: Pick<ServiceInstallRequest, 'target' | 'unitDir' | 'userdata' | 'esConfigDir'>): string | null {
  switch (request.target) {
    case 'batocera': return path.join(path.resolve(request.userdata ?? batoceraUserdata), 'system', 'services', batoceraServiceName)
    case 'systemd': return path.join(path.resolve(request.unitDir ?? defaultUnitDir(process.env)), unitFileName)
    case 'retrobat': return request.esConfigDir === null ? null : path.join(request.esConfigDir, 'scripts', 'start', startHookFileName)
  }
}

/**
 * Always the data dir the installing command resolved: a service started at boot has another HOME
 * and environment (systemd's, Batocera's init), where the default or CABINET_HUB_DATA_DIR would
 * name another folder than the one the hooks spool into.
 */
function withDataDir (command: ServiceCommand, dataDir: string): ServiceCommand {
  return command.args.includes('--data-dir') ? command : { ...command, args: [...command.args, '--data-dir', path.resolve(dataDir)] }
}

export async function installService (request: ServiceInstallRequest): Promise<ServiceInstallReport> {
  const file = serviceFile(request)
  if (file === null) throw new CommandUsageError('install-service --for retrobat needs --frontend-root (the RetroBat folder) or --es-config-dir')
  await mkdir(path.dirname(file), { recursive: true })
  const { core } = request
  const command = withDataDir(request.command, core.dataDir)
  if (request.target === 'batocera') {
    const logs = path.join(path.dirname(path.dirname(file)), 'logs')
    const logFile = path.join(logs, 'cabinet-hub.log')
    // 0700: the options may hold the API key.
    await writeFile(file, batoceraService(command, { logFile, pidFile: path.join(logs, `${batoceraServiceName}.pid`) }), { mode: 0o700 })
    return { file, logFile, next: `switch it on in EmulationStation (System Settings > Services), or: batocera-services enable ${batoceraServiceName} && batocera-services start ${batoceraServiceName}` }
  }
  if (request.target === 'systemd') {
    // 0600: the options may hold the API key.
    await writeFile(file, systemdUnit(command), { mode: 0o600 })
    return { file, logFile: null, next: `start it now and at every login: systemctl --user daemon-reload && systemctl --user enable --now cabinet-hub\nstart it at boot without a login: loginctl enable-linger ${process.env.USER ?? '<user>'}` }
  }
  const hostForClients = core.host === '0.0.0.0' || core.host === '::' ? '127.0.0.1' : core.host
  await writeFile(file, retrobatStartHook(command, `http://${hostForClients}:${core.port}`, path.join(core.dataDir, 'start-hook.log')))
  return { file, logFile: null, next: 'EmulationStation runs it as it starts: it starts cabinet-hub when it does not answer and waits until it is ready' }
}

export const installServiceCommand: ModuleCommand = {
  name: 'install-service',
  usage: `  cabinet-hub install-service [--for systemd|retrobat|batocera] [--unit-dir DIR]
                  [--userdata DIR] [options]
                                  start the service with the machine, with these options and the
                                  data dir: systemd writes a user unit (Linux; default on Linux),
                                  retrobat the RetroBat start hook under --frontend-root (default
                                  on Windows), batocera the user service ${batoceraServiceName} under
                                  --frontend-root (else --userdata, else ${batoceraUserdata})/system/services
`,
  async run (args, context) {
    const parsed = context.parse(args, flags)
    if (parsed.positionals.length > 0) throw new CommandUsageError(`install-service: unexpected argument "${parsed.positionals[0]}"`)
    const frontends = parsed.config as unknown as FrontendsConfig
    const report = await installService({
      target: targetOf(parsed.flags.for),
      command: await thisCommand(parsed.serviceArgs),
      unitDir: parsed.flags['unit-dir'] ?? null,
      // Under the frontend root the service reads, so a tree elsewhere gets its own; --userdata only without one.
      userdata: frontends.frontendRoot ?? parsed.flags.userdata ?? null,
      esConfigDir: configuredEsConfigDir(frontends),
      core: parsed.core
    })
    context.stdout.write(`wrote ${report.file}${report.logFile === null ? '' : ` (it logs to ${report.logFile})`}\n${report.next}\n`)
    return 0
  }
}
