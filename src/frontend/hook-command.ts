/**
 * `cabinet-hub hook <event> [args...]`, what our hook scripts run: post the hook to the running
 * service, and when it does not answer in time, leave it in the spool folder for the next start.
 */
import { randomUUID } from 'node:crypto'
import { unusableReason } from './hook-event.js'
import { spoolHeader, spoolHeaderValue } from './spool-header.js'
import { writeSpoolFile } from './spool.js'

const hookTimeoutMs = 300

export interface HookCommandOptions {
  readonly port: number
  readonly spoolDir: string
  readonly event: string
  readonly args: string[]
  readonly timeoutMs?: number
}

export type HookOutcome =
  | { readonly outcome: 'posted', readonly sequence: number | null }
  | { readonly outcome: 'spooled', readonly file: string, readonly why: string }
  | { readonly outcome: 'rejected', readonly reason: string }

export async function runHookCommand (options: HookCommandOptions): Promise<HookOutcome> {
  const reason = unusableReason(options.event, options.args)
  if (reason !== null) return { outcome: 'rejected', reason }
  const hook = { event: options.event, args: options.args, hookId: randomUUID() }
  let why: string
  try {
    const response = await fetch(`http://127.0.0.1:${options.port}/api/v1/ingest/es-event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [spoolHeader]: spoolHeaderValue(options.spoolDir) },
      body: JSON.stringify(hook),
      signal: AbortSignal.timeout(options.timeoutMs ?? hookTimeoutMs)
    })
    const body = await response.json().catch(() => ({})) as { sequence?: number | null, message?: string }
    if (response.status === 202) return { outcome: 'posted', sequence: body.sequence ?? null }
    if (response.status === 400) return { outcome: 'rejected', reason: body.message ?? 'the service refused the hook' }
    why = `the service answered HTTP ${response.status}`
  } catch (error) {
    why = error instanceof Error && error.name === 'TimeoutError' ? 'the service did not answer in time' : 'the service is not reachable'
  }
  // The hook id travels with the spooled copy, so a slow answer that still got through counts once.
  return { outcome: 'spooled', file: await writeSpoolFile(options.spoolDir, hook), why }
}
