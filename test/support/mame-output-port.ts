/**
 * MAME 0.251 serves `-output network` on TCP 8000 only (no option names another port), so the
 * test files that run such a MAME take turns through a lock every worktree on the machine shares:
 * a directory created atomically, naming its holder's pid; a dead holder's lock is taken over.
 * A port held by anything else once the lock is ours is a clear failure, never a connection to
 * the wrong program.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const mameOutputPort = 8000

const lockDir = path.join(tmpdir(), `cabinet-hub-mame-output-${mameOutputPort}.lock`)
const holderFile = path.join(lockDir, 'pid')

const sleep = async (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

function holderIsDead (): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(holderFile, 'utf8'))
  } catch {
    return false // just created, its pid not written yet
  }
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

async function portAnswers (): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: mameOutputPort })
    socket.on('connect', () => { socket.destroy(); resolve(true) })
    socket.on('error', () => resolve(false))
  })
}

/** Waits for the port to be this process's to use; resolves with the function that hands it back. */
export async function holdMameOutputPort (timeoutMs = 240_000): Promise<() => void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      mkdirSync(lockDir)
      writeFileSync(holderFile, String(process.pid))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (holderIsDead()) rmSync(lockDir, { recursive: true, force: true })
      else if (Date.now() > deadline) throw new Error(`TCP ${mameOutputPort} stayed taken by another MAME test (${lockDir})`, { cause: error })
      else await sleep(200)
    }
  }
  const release = (): void => rmSync(lockDir, { recursive: true, force: true })
  // A MAME killed by the previous holder may take a moment to leave the port.
  for (let tries = 0; await portAnswers(); tries++) {
    if (tries === 25) {
      release()
      throw new Error(`TCP ${mameOutputPort} is in use by another program; MAME 0.251 can serve its outputs only there`)
    }
    await sleep(200)
  }
  return release
}
