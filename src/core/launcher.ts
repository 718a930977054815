/**
 * How the owner runs the command line, for every hint that names a command to run (a doctor's
 * fix, an error's advice): the hint is pasted as it is, so it must name the command this service
 * was started with. A bundle's entry says it is one (src/bundle-entry.ts): the launcher at the
 * top of the bundle's folder is the command there. From a checkout, npm finds the command in the
 * project (with the project's Node.js on the PATH, which a bare `node` may not be).
 */
let launcher = 'npx cabinet-hub'

/** Said by the bundle's entry before it loads the command line. */
export function startedFromBundle (): void {
  launcher = process.platform === 'win32' ? 'cabinet-hub.cmd' : './cabinet-hub'
}

/** `args` as the owner types them: `./cabinet-hub doctor`. */
export const commandToRun = (args: string): string => `${launcher} ${args}`
