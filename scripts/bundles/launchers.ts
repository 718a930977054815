/** The commands at the top of a bundle: they run the app with the bundle's own Node.js, passing every argument on. */
import { launcherEnvironment } from '../../src/boot/launcher-environment.js'

/**
 * Node.js flags of the bundle. Node 24's V8 lets the young generation grow to 32 MB semi-spaces:
 * a first start at 50,000 games peaked at 330 MB of RSS; with 16 MB ones, 240-250 MB, and a warm
 * start was about 30 ms slower at the median, within the machine's noise. With 8 MB ones (after
 * other savings) the peak at ready went from about 221 to 214 MB and after the first full scan
 * from 300 to 286 MB, for about 3% more CPU time to ready and 5% more for the scan; a warm
 * start's CPU time did not change.
 * `install-service` run through a launcher keeps them for the service it installs.
 */
export const runtimeFlags = ['--max-semi-space-size=8']

/** `./cabinet-hub ...` on Linux (Batocera's sh is BusyBox's, which has `readlink -f`). */
export const shLauncher = `#!/bin/sh
# cabinet-hub with the Node.js of this folder: no other Node.js needs to be installed.
# ./cabinet-hub --help lists the commands and options; ./cabinet-hub alone runs the service.
here=$(dirname "$(readlink -f "$0")")
${Object.entries(launcherEnvironment).map(([name, value]) => `export ${name}="\${${name}:-${value}}"\n`).join('')}exec "$here/node/bin/node" ${runtimeFlags.join(' ')} "$here/app/cabinet-hub.mjs" "$@"
`

/** `cabinet-hub.cmd ...` on Windows; cmd wants CRLF lines. */
export const cmdLauncher = [
  '@echo off',
  'rem cabinet-hub with the Node.js of this folder: no other Node.js needs to be installed.',
  'rem cabinet-hub.cmd --help lists the commands and options; cabinet-hub.cmd alone runs the service.',
  `"%~dp0node\\node.exe" ${runtimeFlags.join(' ')} "%~dp0app\\cabinet-hub.mjs" %*`,
  'exit /b %errorlevel%',
  ''
].join('\r\n')
