/**
 * The browsing half of the simulated frontend: a system carousel and a gamelist cursor per system,
 * moved by controller inputs, reporting each move as the hook event real ES would fire.
 */
import type { SimGame, SimSystem } from './catalog.js'

export const simInputs = ['up', 'down', 'left', 'right', 'a', 'b', 'start', 'select', 'pageup', 'pagedown'] as const

/** The frontend's OK and back buttons: ES (Batocera, RetroBat) names them `b` and `a` (Return and Escape on a keyboard), ES-DE `a` and `b`. */
export interface SimButtons {
  readonly ok: SimInput
  readonly back: SimInput
}

export const esSimButtons: SimButtons = { ok: 'b', back: 'a' }

/** A logical controller input, as ES names them in es_input.cfg. */
export type SimInput = typeof simInputs[number]

export type BrowseView = 'system' | 'gamelist'

/** What the cursor did, for the frontend to fire its own hooks. */
export interface NavigatorListener {
  systemSelected (system: SimSystem): void
  gameSelected (game: SimGame): void
  /** A page jump starts: the frontend scrolls fast (ES-DE fires a blank game-select then). */
  scrolling? (): void
  /** OK on a game: the frontend starts it. */
  launch (game: SimGame): void
}

const pageSize = 10

export function isSimInput (value: unknown): value is SimInput {
  return typeof value === 'string' && (simInputs as readonly string[]).includes(value)
}

/** The ES arguments of `game-selected`: the game's own system (also inside a collection), absolute rom path, display name. */
export function gameSelectedArgs (game: SimGame): string[] {
  return [game.systemName, game.path, game.name]
}

/** Carousel and gamelist cursors over the carousel entries ES shows (systems with games, then collections). */
export class Navigator {
  private carousel: readonly SimSystem[] = []
  private carouselIndex = 0
  private cursors: number[] = []
  private currentView: BrowseView = 'system'

  constructor (systems: readonly SimSystem[], private readonly listener: NavigatorListener, private readonly buttons: SimButtons = esSimButtons) {
    this.reset(systems)
  }

  get view (): BrowseView {
    return this.currentView
  }

  get system (): SimSystem | null {
    return this.carousel[this.carouselIndex] ?? null
  }

  /** The game under the cursor of the current system's gamelist (whether or not it is shown). */
  get game (): SimGame | null {
    return this.system?.games[this.cursors[this.carouselIndex] ?? 0] ?? null
  }

  /** Back to the first carousel entry with every cursor at the top, as when ES starts. */
  reset (carousel: readonly SimSystem[]): void {
    this.carousel = carousel
    this.carouselIndex = 0
    this.cursors = this.carousel.map(() => 0)
    this.currentView = 'system'
  }

  /** After a gamelist reload: same entry and view when it still exists, every cursor on the list's first game. */
  reload (carousel: readonly SimSystem[]): void {
    const current = this.system?.name
    this.carousel = carousel
    this.carouselIndex = Math.max(0, carousel.findIndex((entry) => entry.name === current))
    this.cursors = this.carousel.map(() => 0)
  }

  press (input: SimInput): void {
    if (this.system === null) return
    if (this.currentView === 'system') this.pressOnCarousel(input)
    else this.pressOnGamelist(input)
  }

  private pressOnCarousel (input: SimInput): void {
    if (input === 'left' || input === 'right') {
      this.moveCarousel(input === 'left' ? -1 : 1)
      this.fireSystemSelected()
    } else if (input === this.buttons.ok) {
      this.currentView = 'gamelist'
      this.fireGameSelected()
    }
  }

  private pressOnGamelist (input: SimInput): void {
    switch (input) {
      case 'up': case 'down': return this.moveCursor(input === 'up' ? -1 : 1, true)
      case 'pageup': case 'pagedown':
        this.listener.scrolling?.()
        return this.moveCursor(input === 'pageup' ? -pageSize : pageSize, false)
      case 'left': case 'right':
        // Like ES: the neighbouring system's gamelist, at that list's own cursor.
        this.moveCarousel(input === 'left' ? -1 : 1)
        this.fireSystemSelected()
        return this.fireGameSelected()
      default:
        if (input === this.buttons.ok && this.game !== null) return this.listener.launch(this.game)
        if (input !== this.buttons.back) return
        this.currentView = 'system'
        return this.fireSystemSelected()
    }
  }

  private moveCarousel (step: number): void {
    const count = this.carousel.length
    this.carouselIndex = (this.carouselIndex + step + count) % count
  }

  /** Single steps wrap around the list like ES; page jumps stop at its ends. */
  private moveCursor (step: number, wrap: boolean): void {
    const count = this.system?.games.length ?? 0
    if (count === 0) return
    const current = this.cursors[this.carouselIndex] ?? 0
    const next = wrap ? (current + step + count) % count : Math.min(count - 1, Math.max(0, current + step))
    if (next === current) return
    this.cursors[this.carouselIndex] = next
    this.fireGameSelected()
  }

  private fireSystemSelected (): void {
    const system = this.system
    if (system !== null) this.listener.systemSelected(system)
  }

  private fireGameSelected (): void {
    const game = this.game
    if (game !== null) this.listener.gameSelected(game)
  }
}
