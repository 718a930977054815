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
  /** The CLI script (dist/cli.js). */
  readonly cli: string
  /** Service options, as flags, passed to `serve`. */
  readonly args: readonly string[]
}

export const unitFileName = 'cabinet-hub.service'

export function systemdUnit (command: ServiceCommand): string {
  const execStart = [command.node, command.cli, 'serve', ...command.args].map(unitArgument).join(' ')
  return `# Written by cabinet-hub install-service; run it again to change the options.
[Unit]
Description=cabinet-hub: companion service for the cabinet's EmulationStation frontend
After=network.target

[Service]
Type=exec
ExecStart=${execStart}
Restart=on-failure
RestartSec=5
# Exit code 2 is a mistake restarting cannot fix (a bad option, the data dir held by another cabinet-hub).
RestartPreventExitStatus=2

[Install]
WantedBy=default.target
`
}
