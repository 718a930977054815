/**
 * Batocera's way to start a companion at boot (v38 and later): a user service, a sh script in
 * `/userdata/system/services/` that Batocera runs with `start` at boot and `stop` at shutdown once
 * it is switched on (System Settings > Services, or `batocera-services enable <name>`).
 */
import { serveCommandLine, type ServiceCommand } from './systemd-unit.js'

/** Batocera's rule for service names: letters, digits and `_`, not starting with a digit. */
export const batoceraServiceName = 'cabinet_hub'

export interface BatoceraServiceFiles {
  /** Where the service's output goes (under `/userdata/system/logs/`). */
  readonly logFile: string
  /** The process id of the running service, for `stop`. */
  readonly pidFile: string
}

/** One sh word: single-quoted, a `'` closed, escaped and reopened. */
const shWord = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`

/** How long `stop` waits for the graceful shutdown (the service's own bound is 5 s) before SIGKILL. */
const stopWaitSeconds = 10

export function batoceraService (command: ServiceCommand, files: BatoceraServiceFiles): string {
  const serve = serveCommandLine(command).map(shWord).join(' ')
  const environment = Object.entries(command.environment).map(([name, value]) => `${name}=${shWord(value)} `).join('')
  return `#!/bin/sh
# Written by cabinet-hub install-service; run it again to change the options.
# Batocera runs it with start at boot and stop at shutdown once switched on:
# System Settings > Services in EmulationStation, or batocera-services enable ${batoceraServiceName}.
PIDFILE=${shWord(files.pidFile)}
LOG=${shWord(files.logFile)}
CLI=${shWord(command.cli)}

# True when the pid file names a live process running our CLI (not a stale pid since reused, not a
# process that has exited and waits to be reaped: its cmdline is empty). The braces keep quiet the
# shell's own complaint about a pid with no /proc entry (a pid file left from before a reboot).
running() {
  [ -f "$PIDFILE" ] || return 1
  pid=$(cat "$PIDFILE")
  [ -n "$pid" ] && { tr '\\0' '\\n' < "/proc/$pid/cmdline"; } 2>/dev/null | grep -qxF "$CLI"
}

case "$1" in
  start)
    if running; then echo "cabinet-hub already runs (pid $pid)"; exit 0; fi
    mkdir -p "$(dirname "$LOG")" "$(dirname "$PIDFILE")"
    ${environment}nohup ${serve} >>"$LOG" 2>&1 </dev/null &
    echo $! >"$PIDFILE"
    echo "cabinet-hub started (pid $!), log in $LOG"
    ;;
  stop)
    if running; then
      kill "$pid"
      i=0
      while running && [ $i -lt ${stopWaitSeconds * 10} ]; do sleep 0.1; i=$((i + 1)); done
      running && kill -9 "$pid"
    fi
    rm -f "$PIDFILE"
    ;;
  status)
    if running; then echo "cabinet-hub runs (pid $pid)"; else echo "cabinet-hub is stopped"; exit 1; fi
    ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
`
}
