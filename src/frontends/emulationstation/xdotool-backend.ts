/**
 * The `xdotool` input backend: X11 key events to the EmulationStation window, with the keys the
 * user mapped in the frontend (es_input.cfg). For Linux cabinets running ES under X.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { navigationInputs, type BackendStatus, type InputBackend, type NavigationInput } from '../controls.js'
import { pathExists } from '../../core/storage/path-exists.js'
import { readKeyboardMapping } from './es-input.js'

const run = promisify(execFile)
const xdotoolTimeoutMs = 5000

export interface XdotoolOptions {
  readonly xdotool: string
  /** The frontend's input file in ES's format (es_input.cfg), or null when its config folder is unknown. */
  readonly inputFile: string | null
  /** The frontend's own keyboard, for an input file without a keyboard section (ES-DE has built-in keys). */
  readonly builtInKeys?: Partial<Record<NavigationInput, string>>
  /** X window class of the frontend window: ES's SDL window is found by class, its title is not fixed. */
  readonly windowClass: string
  /** The X display; without one there is nothing to send keys to. */
  readonly display: string | undefined
}

export class XdotoolBackend implements InputBackend {
  readonly name = 'xdotool' as const
  readonly dryRun = false

  constructor (readonly options: XdotoolOptions) {}

  async status (): Promise<BackendStatus> {
    const problem = await this.#problem()
    return problem === null ? { ready: true, message: `xdotool to the "${this.options.windowClass}" window on ${this.options.display}` } : { ready: false, message: problem }
  }

  async press (input: NavigationInput, holdMs: number): Promise<void> {
    const key = (await this.#keys())[input]
    if (key === undefined) throw new Error(`es_input.cfg maps no keyboard key to "${input}"`)
    const window = await this.#window()
    if (window === null) throw new Error(`no window of class "${this.options.windowClass}" on display ${this.options.display ?? '(none)'}`)
    // Focus, then real (XTEST) key events: SDL ignores keys sent to an unfocused window.
    await this.#xdotool(['windowfocus', '--sync', window, 'keydown', key, 'sleep', (holdMs / 1000).toFixed(3), 'keyup', key])
  }

  async #keys (): Promise<Partial<Record<NavigationInput, string>>> {
    return this.options.inputFile === null ? {} : (await readKeyboardMapping(this.options.inputFile, this.options.builtInKeys)).keys
  }

  async #problem (): Promise<string | null> {
    if (!await pathExists(this.options.xdotool)) return `${this.options.xdotool} is not installed (apt-get install xdotool)`
    if (this.options.display === undefined || this.options.display === '') return 'DISPLAY is not set: the service must run in the X session of the frontend'
    if (this.options.inputFile === null) return 'the frontend config folder is unknown: set --frontend-root or --es-config-dir'
    const mapping = await readKeyboardMapping(this.options.inputFile, this.options.builtInKeys)
    if (mapping.problem !== null) return mapping.problem
    const unmapped = navigationInputs.filter((i) => mapping.keys[i] === undefined)
    if (unmapped.length > 0) return `${mapping.file} maps no keyboard key to ${unmapped.join(', ')}`
    if (await this.#window() === null) return `no window of class "${this.options.windowClass}" on display ${this.options.display}`
    return null
  }

  async #window (): Promise<string | null> {
    try {
      const { stdout } = await this.#xdotool(['search', '--limit', '1', '--class', `^${this.options.windowClass}$`])
      return stdout.trim().split('\n')[0] || null
    } catch {
      // xdotool search exits 1 when nothing matches.
      return null
    }
  }

  async #xdotool (args: string[]): Promise<{ stdout: string }> {
    return await run(this.options.xdotool, args, { timeout: xdotoolTimeoutMs, env: { ...process.env, DISPLAY: this.options.display } })
  }
}
