/**
 * The player at the cabinet (`Me`): the one chosen through the API, else the frontend's
 * achievements user name, else `--player`, else PLAYER. A change is published once. Initials are
 * a player's own when set, or the first letters of a name somebody chose; the default player
 * PLAYER has none, so no `PLA` on a table is taken for it.
 */
import type { PlayerProfile, PlayerStore } from './player-store.js'

type PlayerSource = 'chosen' | 'frontend' | 'option' | 'default'

export interface CurrentPlayer extends PlayerProfile {
  readonly source: PlayerSource
}

/** What other modules use: who plays now. */
export interface CurrentPlayerService {
  current (): CurrentPlayer
  /** True when a name on a table is the player's name, initials or one of the aliases. */
  isMe (name: string): boolean
}

export interface PlayerDefaults {
  readonly frontendName: string | null
  readonly optionName: string | null
}

/** Up to three letters or digits from the name, upper case: the default initials. */
function initialsOf (name: string): string {
  const letters = name.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 3)
  return letters === '' ? 'AAA' : letters
}

const sameName = (a: string, b: string): boolean => a.trim().toUpperCase() === b.trim().toUpperCase()

export class PlayerService implements CurrentPlayerService {
  readonly #store: PlayerStore
  readonly #defaults: PlayerDefaults
  readonly #now: () => Date
  readonly #changed: (player: CurrentPlayer) => void

  constructor (store: PlayerStore, defaults: PlayerDefaults, now: () => Date, changed: (player: CurrentPlayer) => void) {
    this.#store = store
    this.#defaults = defaults
    this.#now = now
    this.#changed = changed
  }

  list (): PlayerProfile[] {
    return this.#store.list()
  }

  /** Adds or updates a profile; initials default to the name's first letters. */
  save (input: { name: string, initials?: string, aliases?: readonly string[] }): PlayerProfile {
    const profile: PlayerProfile = { name: input.name.trim(), initials: (input.initials ?? initialsOf(input.name)).toUpperCase(), aliases: [...new Set((input.aliases ?? []).map((a) => a.trim()))] }
    this.#store.save(profile, this.#now().toISOString())
    if (sameName(this.current().name, profile.name)) this.#changed(this.current())
    return this.#store.find(profile.name) ?? profile
  }

  current (): CurrentPlayer {
    const chosen = this.#store.chosen()
    const [name, source]: [string, PlayerSource] = chosen !== null
      ? [chosen, 'chosen']
      : this.#defaults.frontendName !== null ? [this.#defaults.frontendName, 'frontend'] : this.#defaults.optionName !== null ? [this.#defaults.optionName, 'option'] : ['PLAYER', 'default']
    const profile = this.#store.find(name)
    return { name: profile?.name ?? name, initials: profile?.initials ?? (source === 'default' ? '' : initialsOf(name)), aliases: profile?.aliases ?? [], source }
  }

  /** Makes a profile (existing, or new with default initials) the player at the cabinet. */
  choose (name: string): CurrentPlayer {
    const trimmed = name.trim()
    const before = this.current()
    if (this.#store.find(trimmed) === null) this.#store.save({ name: trimmed, initials: initialsOf(trimmed), aliases: [] }, this.#now().toISOString())
    this.#store.choose(this.#store.find(trimmed)?.name ?? trimmed)
    const after = this.current()
    if (after.name !== before.name || after.initials !== before.initials) this.#changed(after)
    return after
  }

  isMe (name: string): boolean {
    const me = this.current()
    return [me.name, me.initials, ...me.aliases].some((candidate) => candidate.trim() !== '' && sameName(candidate, name))
  }
}
