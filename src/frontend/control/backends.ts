/**
 * Input backends of the frontend controller: how a navigation input reaches the frontend.
 * `dry-run` only plans; `simulator` posts to the simulated frontend's `/sim/input`; `xdotool`
 * (xdotool-backend.ts) sends X11 key events to the frontend window.
 */
import type { FrontendWebApi } from '../../frontends/index.js'

export const navigationInputs = ['up', 'down', 'left', 'right', 'a', 'b', 'start', 'select', 'pageup', 'pagedown'] as const
export type NavigationInput = typeof navigationInputs[number]

export interface BackendStatus {
  readonly ready: boolean
  readonly message: string
}

export interface InputBackend {
  readonly name: 'dry-run' | 'simulator' | 'xdotool'
  /** true when inputs are planned but never sent. */
  readonly dryRun: boolean
  status (): Promise<BackendStatus>
  press (input: NavigationInput, holdMs: number): Promise<void>
}

export class DryRunBackend implements InputBackend {
  readonly name = 'dry-run' as const
  readonly dryRun = true

  async status (): Promise<BackendStatus> {
    return { ready: true, message: 'dry-run: inputs are planned and reported, never sent' }
  }

  async press (): Promise<void> {}
}

export class SimulatorBackend implements InputBackend {
  readonly name = 'simulator' as const
  readonly dryRun = false

  constructor (readonly es: FrontendWebApi) {}

  async status (): Promise<BackendStatus> {
    return await this.es.reachable()
      ? { ready: true, message: `simulated frontend at ${this.es.baseUrl}` }
      : { ready: false, message: `the simulated frontend at ${this.es.baseUrl} does not answer` }
  }

  /** The simulator has no key hold: an input is one step. */
  async press (input: NavigationInput): Promise<void> {
    const response = await this.es.simulatorInput(input)
    if (response.status < 200 || response.status > 299) throw new Error(`the simulator refused "${input}" with HTTP ${response.status}`)
  }
}
