/**
 * The systemd user unit that runs `cabinet-hub serve` (Linux, and Batocera builds with systemd):
 * started at login, or at boot with `loginctl enable-linger`, restarted when it fails.
 */

/** One ExecStart argument: double-quoted, with systemd's specifiers (`%`) and variables (`$`) kept literal. */
function unitArgument (arg: string): string {
  return `"${arg.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/%/g, '%%').replace(/\$/g, '$$$$')}"`
}

export interface ServiceCommand {
  /** The Node.js executable. */
  readonly node: string
  /** Node.js's own flags the CLI runs with (a bundle's launcher sets its memory flags). */
  readonly nodeFlags: readonly string[]
  /** The launcher's environment the CLI runs with (see launcher-environment.ts). */
  readonly environment: Readonly<Record<string, string>>
  /** The CLI script (dist/cli.js). */
  readonly cli: string
  /** Service options, as flags, passed to `serve`. */
  readonly args: readonly string[]
}

/** The words of the command that serves: Node.js, its flags, the CLI, `serve` and the options. */
export const serveCommandLine = (command: ServiceCommand): string[] => [command.node, ...command.nodeFlags, command.cli, 'serve', ...command.args]

export const unitFileName = 'cabinet-hub.service'

export function systemdUnit (command: ServiceCommand): string {
  const execStart = serveCommandLine(command).map(unitArgument).join(' ')
  const environment = Object.entries(command.environment).map(([name, value]) => `Environment=${unitArgument(`${name}=${value}`)}\n`).join('')
  return `# Written by cabinet-hub install-service; run it again to change the options.
[Unit]
Description=cabinet-hub: companion service for the cabinet's EmulationStation frontend
After=network.target

[Service]
Type=exec
${environment}ExecStart=${execStart}
Restart=on-failure
RestartSec=5
# Exit code 2 is a mistake restarting cannot fix (a bad option, the data dir held by another cabinet-hub).
RestartPreventExitStatus=2

[Install]
WantedBy=default.target
`
}
