/**
 * Driving a frontend: the navigation inputs (as EmulationStation names them in es_input.cfg) and
 * the input backends that send them. A family says which it supports (FrontendAdapter.controls).
 */
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
