/** What the setup list and its buttons look at: the frontend install, the service's own options, MAME's answer. */
import path from 'node:path'
import { spoolDirOf } from '../frontend/index.js'
import type { FrontendInstall } from '../frontends/index.js'

export interface SetupContext {
  readonly install: FrontendInstall
  readonly dataDir: string
  readonly host: string
  readonly port: number
  /** No frontend is configured: the service runs the embedded demo. */
  readonly demo: boolean
  /** The config file the next start reads: --config, else the data dir's. */
  readonly configFile: string
  /** The options the service was started with, as flags, for a service started at boot. */
  serviceArgs (): string[]
  /** The MAME version the machine data is of; null when no MAME answered. */
  mameVersion (): string | null
  /** Whether the records (scores, signed records) are switched on. */
  recordsOn (): boolean
}

export const spoolDir = (context: SetupContext): string => spoolDirOf(context.dataDir)

/** `--frontend-root R --profile P --data-dir D`: the options every command of the page's list is run with. */
export function frontendFlags (context: SetupContext): string {
  const { install } = context
  const where = install.root === null ? `--es-config-dir ${install.esConfigDir ?? 'DIR'}` : `--frontend-root ${install.root} --profile ${install.adapter.id}`
  return `${where} --data-dir ${path.resolve(context.dataDir)}`
}
