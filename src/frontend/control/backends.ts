/**
 * The input backend every frontend has: `dry-run` only plans. The others (`simulator`, `xdotool`)
 * belong to the frontend family (FrontendAdapter.controls).
 */
import type { BackendStatus, InputBackend } from '../../frontends/index.js'

export class DryRunBackend implements InputBackend {
  readonly name = 'dry-run' as const
  readonly dryRun = true

  async status (): Promise<BackendStatus> {
    return { ready: true, message: 'dry-run: inputs are planned and reported, never sent' }
  }

  async press (): Promise<void> {}
}
