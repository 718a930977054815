/** Looking at processes the test did not start itself (a service a script started, a program under a terminal). */
import { existsSync, readFileSync } from 'node:fs'

/** Gone, or exited and only waiting to be reaped by whoever adopted it (state Z). */
export function processGone (pid: number): boolean {
  const stat = `/proc/${pid}/stat`
  if (!existsSync(stat)) return true
  try {
    return readFileSync(stat, 'utf8').split(') ')[1]?.startsWith('Z') === true
  } catch {
    return true
  }
}
