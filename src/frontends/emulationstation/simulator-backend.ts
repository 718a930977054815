/** The simulated EmulationStation's own input route (`POST /sim/input`): one input, one step. */
import type { FrontendWebApi } from '../adapter.js'
import type { BackendStatus, InputBackend, NavigationInput } from '../controls.js'

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
