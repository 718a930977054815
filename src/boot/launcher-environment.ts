/**
 * Environment a bundle's Linux launcher sets for Node.js, which a service installed from it keeps.
 * glibc gives each thread that allocates an arena of its own: the thread pool's four threads, which
 * do every file call of the media scan, kept about 10 MB more resident at a first start over
 * 50,000 games (bundle, median of 3: 204 to 196 MB at ready, 262 to 252 MB after the full scan).
 * Two arenas are plenty for one event loop. Windows has no glibc: its launcher sets none.
 */
export const launcherEnvironment: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' }

/** The launcher's variables as this process got them (an owner may have set another value). */
export function launcherEnvironmentOf (env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.keys(launcherEnvironment).flatMap((name) => env[name] === undefined ? [] : [[name, env[name]]]))
}
