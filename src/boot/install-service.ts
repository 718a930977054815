/**
 * `cabinet-hub install-service`: start the service with the machine. A systemd user unit on Linux;
 * on Batocera a user service; on Windows the RetroBat start hook, which EmulationStation runs as it starts.
 */
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'
import { CommandUsageError, type ModuleCommand } from '../core/module.js'
import { configuredEsConfigDir, type FrontendsConfig } from '../frontends/index.js'
import { batoceraService, batoceraServiceName } from './batocera-service.js'
import { retrobatStartHook, startHookFileName } from './retrobat-start-hook.js'
import { systemdUnit, unitFileName, type ServiceCommand } from './systemd-unit.js'

const targets = ['systemd', 'retrobat', 'batocera'] as const
type Target = typeof targets[number]

const flags = { for: { type: 'string' }, 'unit-dir': { type: 'string' }, userdata: { type: 'string' } } as const

/** Batocera's persistent partition, which holds its services and logs: the frontend root of a Batocera. */
const batoceraUserdata = '/userdata'

function defaultUnitDir (env: NodeJS.ProcessEnv): string {
  return path.join(env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'), 'systemd', 'user')
}

function targetOf (value: string | undefined): Target {
  const target = value ?? (process.platform === 'win32' ? 'retrobat' : 'systemd')
  if (!(targets as readonly string[]).includes(target)) throw new CommandUsageError(`install-service: --for must be one of ${targets.join(', ')}`)
  return target as Target
}

/** The running CLI, as the service should run it: this Node.js with its flags, and this script, links resolved. */
function thisCommand (args: readonly string[]): ServiceCommand {
  return { node: process.execPath, nodeFlags: process.execArgv, cli: realpathSync(process.argv[1]!), args }
}

/**
 * Where the Batocera service goes: under the frontend root the service reads (Batocera's is
 * /userdata), so a tree elsewhere gets its own; `--userdata` only when no frontend root is given.
 */
function batoceraRoot (frontendRoot: string | null, userdata: string | undefined): string {
  return path.resolve(frontendRoot ?? userdata ?? batoceraUserdata)
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
    // Always the data dir this command resolved: a service started at boot has another HOME and
    // environment (systemd's, Batocera's init), where the default or CABINET_HUB_DATA_DIR would
    // name another folder than the one the hooks spool into.
    const dataDirArgs = parsed.loaded.sources.dataDir === 'cli' ? [] : ['--data-dir', parsed.core.dataDir]
    const command = thisCommand([...parsed.serviceArgs, ...dataDirArgs])
    const target = targetOf(parsed.flags.for)
    const frontends = parsed.config as unknown as FrontendsConfig
    if (target === 'batocera') {
      const userdata = batoceraRoot(frontends.frontendRoot, parsed.flags.userdata)
      const dir = path.join(userdata, 'system', 'services')
      const file = path.join(dir, batoceraServiceName)
      const logs = path.join(userdata, 'system', 'logs')
      const logFile = path.join(logs, 'cabinet-hub.log')
      mkdirSync(dir, { recursive: true })
      // 0700: the options may hold the API key.
      writeFileSync(file, batoceraService(command, { logFile, pidFile: path.join(logs, `${batoceraServiceName}.pid`) }), { mode: 0o700 })
      context.stdout.write(`wrote ${file} (it logs to ${logFile})\nswitch it on in EmulationStation (System Settings > Services), or: batocera-services enable ${batoceraServiceName} && batocera-services start ${batoceraServiceName}\n`)
      return 0
    }
    if (target === 'systemd') {
      const dir = path.resolve(parsed.flags['unit-dir'] ?? defaultUnitDir(process.env))
      const file = path.join(dir, unitFileName)
      mkdirSync(dir, { recursive: true })
      // 0600: the options may hold the API key.
      writeFileSync(file, systemdUnit(command), { mode: 0o600 })
      context.stdout.write(`wrote ${file}\nstart it now and at every login: systemctl --user daemon-reload && systemctl --user enable --now cabinet-hub\nstart it at boot without a login: loginctl enable-linger ${process.env.USER ?? '<user>'}\n`)
      return 0
    }
    const esConfigDir = configuredEsConfigDir(frontends)
    if (esConfigDir === null) throw new CommandUsageError('install-service --for retrobat needs --frontend-root (the RetroBat folder) or --es-config-dir')
    const dir = path.join(esConfigDir, 'scripts', 'start')
    const file = path.join(dir, startHookFileName)
    const { host, port, dataDir } = parsed.core
    const hostForClients = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, retrobatStartHook(command, `http://${hostForClients}:${port}`, path.join(dataDir, 'start-hook.log')))
    context.stdout.write(`wrote ${file}\nEmulationStation runs it as it starts: it starts cabinet-hub when it does not answer and waits until it is ready\n`)
    return 0
  }
}
