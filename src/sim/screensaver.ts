/**
 * ES's slideshow screensaver (SystemScreenSaver.cpp with ScreenSaverBehavior "slideshow"): after
 * an idle time it fires `screensaver-start slideshow`, then `game-selected` for a random game with
 * an image, again every swap interval; the next input only stops it (`screensaver-stop`, no
 * arguments, no re-selection of what was under the cursor).
 */
import type { SimGame } from './catalog.js'

export interface ScreensaverOptions {
  /** Idle time before it starts (ES `ScreenSaverTime`, 5 min by default); 0 turns the idle start off. */
  readonly idleMs: number
  /** Time between two random games (ES `ScreenSaverSwapImageTimeout`, 10 s). */
  readonly swapMs: number
  readonly random: () => number
}

/** The frontend the screensaver runs in: it fires its own hooks for what the screensaver does. */
export interface ScreensaverHost {
  /** The games it may show (ES's slideshow: those with an image). */
  games (): readonly SimGame[]
  /** `manual`: started on request (`POST /sim/screensaver`), not by the idle time. */
  started (manual: boolean): void
  showing (game: SimGame): void
  stopped (): void
}

export class Screensaver {
  private idleTimer: NodeJS.Timeout | null = null
  private swapTimer: NodeJS.Timeout | null = null
  private running = false

  constructor (private readonly host: ScreensaverHost, private readonly options: ScreensaverOptions) {}

  get active (): boolean {
    return this.running
  }

  /** Someone did something (or a game ended): the idle countdown starts over. */
  restartIdleCountdown (): void {
    this.pauseIdleCountdown()
    if (this.options.idleMs > 0) this.idleTimer = setTimeout(() => this.start(false), this.options.idleMs)
  }

  /** A game runs: ES's window is closed, so no screensaver. */
  pauseIdleCountdown (): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer)
    this.idleTimer = null
  }

  start (manual = true): void {
    if (this.running) return
    this.pauseIdleCountdown()
    this.running = true
    this.host.started(manual)
    this.showRandomGame()
  }

  /** Ends a running screensaver (screensaver-stop fires); false when none runs. */
  stop (): boolean {
    if (!this.running) return false
    this.running = false
    if (this.swapTimer !== null) clearTimeout(this.swapTimer)
    this.swapTimer = null
    this.host.stopped()
    return true
  }

  shutdown (): void {
    this.pauseIdleCountdown()
    if (this.swapTimer !== null) clearTimeout(this.swapTimer)
    this.swapTimer = null
  }

  private showRandomGame (): void {
    const candidates = this.host.games()
    const game = candidates[Math.floor(this.options.random() * candidates.length)]
    if (game !== undefined) this.host.showing(game)
    this.swapTimer = setTimeout(() => this.showRandomGame(), this.options.swapMs)
  }
}
