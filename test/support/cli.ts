/** Running the built command line (`dist/cli.js`) in tests. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'

export const cli = new URL('../../dist/cli.js', import.meta.url).pathname

export { freePort } from '../../bench/lib.js'

export function run (args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 })
}

/** Starts `dist/cli.js` with these arguments; stderr is collected for failure messages. */
export function startCli (args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess & { stderrText: () => string } {
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  return Object.assign(child, { stderrText: () => stderr })
}

export async function stopCli (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

export async function waitForHealth (port: number, child: ChildProcess, route = '/api/v1/health'): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}${route}`)).ok) return
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no answer on ${route}`)
}
