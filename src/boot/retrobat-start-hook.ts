/**
 * RetroBat's way to start a companion at boot: EmulationStation runs every script in its
 * `scripts/start/` folder before it builds its views. Ours asks the service whether it is ready,
 * starts it minimised when it does not answer at all, and waits until it is ready (10 minutes at
 * most), so the first selection already reaches it. curl.exe ships with Windows 10 and later.
 */
import { CommandUsageError } from '../core/module.js'
import { serveCommandLine, type ServiceCommand } from './systemd-unit.js'

export const startHookFileName = 'cabinet-hub-start.bat'

/** Exit codes of the hook, for its log and for people reading EmulationStation's. */
const exitCodes = { noCurl: 3, timedOut: 4 } as const

/** One argument for cmd: quoted, `%` doubled so cmd keeps it literal in a batch file. A `"` cannot be passed safely. */
function batchArgument (arg: string): string {
  if (arg.includes('"')) throw new CommandUsageError(`a value with a double quote cannot be passed through a batch file: ${arg}`)
  return `"${arg.replace(/%/g, '%%')}"`
}

export function retrobatStartHook (command: ServiceCommand, baseUrl: string, logFile: string): string {
  const start = serveCommandLine(command).map(batchArgument).join(' ')
  const lines = [
    '@echo off',
    'rem Written by cabinet-hub install-service; run it again to change the options.',
    'setlocal',
    `set "HUB=${baseUrl}"`,
    `set "LOG=${logFile.replace(/%/g, '%%')}"`,
    `where curl.exe >nul 2>nul || (echo %DATE% %TIME% curl.exe not found: cannot ask cabinet-hub whether it runs>>"%LOG%" & exit /b ${exitCodes.noCurl})`,
    'curl.exe -s -m 2 "%HUB%/api/v1/startup/ready" | findstr /c:"\\"ready\\":true" >nul && exit /b 0',
    'curl.exe -s -m 2 "%HUB%/api/v1/health" | findstr /c:"healthy" >nul && goto wait',
    'echo %DATE% %TIME% starting cabinet-hub>>"%LOG%"',
    `start "cabinet-hub" /min ${start}`,
    ':wait',
    'for /l %%i in (1,1,600) do (',
    '  curl.exe -s -m 2 "%HUB%/api/v1/startup/ready" | findstr /c:"\\"ready\\":true" >nul && exit /b 0',
    '  ping -n 2 127.0.0.1 >nul',
    ')',
    `echo %DATE% %TIME% cabinet-hub was not ready after 10 minutes>>"%LOG%"`,
    `exit /b ${exitCodes.timedOut}`
  ]
  return `${lines.join('\r\n')}\r\n`
}
