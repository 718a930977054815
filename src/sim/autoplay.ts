/**
 * A pretend player for the demo: browses the carousel and gamelists and now and then plays a game,
 * one input every couple of seconds, forever, so the hook-driven event streams keep moving.
 */
import { esSimButtons, type SimButtons, type SimInput } from './navigator.js'
import type { SimView } from './simulator.js'

export interface AutoplayOptions {
  /** The frontend's OK and back buttons. Default ES's (`b`, `a`). */
  readonly buttons?: SimButtons
  /** Mean pause between two inputs (each pause is 50-150 % of it). Default 1500 ms. */
  readonly stepMs?: number
  /** Random source in [0, 1); tests pass a seeded one. */
  readonly random?: () => number
}

export interface AutoplayTarget {
  readonly view: SimView
  press (input: SimInput): void
}

type Weighted = readonly (readonly [SimInput, number])[]

/** What a browsing person tends to press, per view. While a game runs the player just plays. */
function habitsWith ({ ok, back }: SimButtons): Readonly<Record<Exclude<SimView, 'playing'>, Weighted>> {
  return {
    system: [['right', 5], ['left', 1], [ok, 4]],
    gamelist: [['down', 10], ['up', 3], ['pagedown', 1], ['right', 1], [back, 2], [ok, 2]]
  }
}

function pick (choices: Weighted, roll: number): SimInput {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
  let remaining = roll * total
  for (const [input, weight] of choices) {
    remaining -= weight
    if (remaining < 0) return input
  }
  return choices[choices.length - 1]![0]
}

export class Autoplay {
  private timer: NodeJS.Timeout | null = null
  private readonly stepMs: number
  private readonly random: () => number
  private readonly habits

  constructor (private readonly target: AutoplayTarget, options: AutoplayOptions = {}) {
    this.stepMs = options.stepMs ?? 1500
    this.random = options.random ?? Math.random
    this.habits = habitsWith(options.buttons ?? esSimButtons)
  }

  start (): void {
    if (this.timer === null) this.schedule()
  }

  stop (): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }

  private schedule (): void {
    this.timer = setTimeout(() => {
      const view = this.target.view
      if (view !== 'playing') this.target.press(pick(this.habits[view], this.random()))
      this.schedule()
    }, this.stepMs * (0.5 + this.random()))
  }
}
