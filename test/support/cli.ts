/** Running the built command line (`dist/cli.js`) in tests. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { waitForHttp } from '../../bench/lib.js'

export const cli = new URL('../../dist/cli.js', import.meta.url).pathname

export { freePort } from '../../bench/lib.js'

export function run (args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 })
}

/** Starts `dist/cli.js` with these arguments; stderr (and the log on stdout) are collected for failure messages. */
export function startCli (args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess & { stderrText: () => string, stdoutText: () => string } {
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  let stdout = ''
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  child.stdout?.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
  return Object.assign(child, { stderrText: () => stderr, stdoutText: () => stdout })
}

export { stopChild as stopCli } from '../../bench/lib.js'

export async function waitForHealth (port: number, child: ChildProcess, route = '/api/v1/health'): Promise<void> {
  await waitForHttp(`http://127.0.0.1:${port}${route}`, child)
}
