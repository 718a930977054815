/**
 * Whether a process of one of these names runs on this machine, for a frontend that has no web API
 * to ask (ES-DE). Read from Linux's /proc without blocking; where there is no /proc (Windows,
 * macOS) nothing is found, and the frontend's startup event is what says it runs.
 */
import { readdir, readFile } from 'node:fs/promises'

/** The kernel keeps a process's name to 15 characters. */
const commLength = 15

async function processName (pid: string): Promise<string | null> {
  return readFile(`/proc/${pid}/comm`, 'utf8').then((text) => text.trim(), () => null)
}

export async function processRunning (names: readonly string[]): Promise<boolean> {
  const wanted = new Set(names.map((name) => name.slice(0, commLength)))
  const entries = await readdir('/proc').catch(() => [])
  const found = await Promise.all(entries.filter((entry) => /^\d+$/.test(entry)).map(processName))
  return found.some((name) => name !== null && wanted.has(name))
}
