/**
 * Follows the game on screen (the frontend's selections, starts and ends) and the media index, and
 * publishes the four surface snapshots of whatever is on screen. Triggers in one tick collapse to
 * the latest; the bus keeps the last snapshot of each stream for new clients.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Publisher } from '../core/event-bus.js'
import type { FactChannel, Facts } from '../core/facts.js'
import type { Files } from '../core/files.js'
import { marqueeImage, type SurfaceFacts } from './facts.js'
import type { FactOrigin, GameOnScreen, OnScreen } from '../frontend/index.js'
import type { LibraryCatalog } from '../library/index.js'
import type { LocalMedia, MediaFacts } from '../media/index.js'
import { pathOfNames } from '../identity/index.js'
import type { SurfaceEvents } from './events.js'
import { buildSnapshot, selectionKey, surfaces, type ReplayMark, type SurfaceEntry, type SurfaceExtension, type SurfaceTrigger } from './snapshots.js'
import { gameTexts } from './texts.js'

interface Trigger {
  readonly sequence: number
  readonly replay: ReplayMark | null
  readonly systemId: string
  readonly gamePath: string | null
  /** The rom id of the selection, null at system scope. */
  readonly rom: string | null
  readonly gameName: string
  readonly playing: boolean
  readonly cause: SurfaceTrigger
}

/** What a game or a system on screen shows. */
function shown (game: GameOnScreen | null, system: string | null): Pick<Trigger, 'systemId' | 'gamePath' | 'rom' | 'gameName'> | null {
  if (game !== null) return { systemId: game.system, gamePath: game.gamePath, rom: game.rom, gameName: game.gameName }
  return system === null || system === '' ? null : { systemId: system, gamePath: null, rom: null, gameName: '' }
}

export interface SurfaceSnapshotsDeps {
  readonly publisher: Publisher<SurfaceEvents>
  readonly onScreen: Pick<OnScreen, 'facts' | 'selected' | 'selectedSystem'>
  readonly mediaFacts: Facts<MediaFacts>
  readonly facts: FactChannel<SurfaceFacts>
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
  /** Where the texts are read (the files port). */
  readonly files: Files
  readonly media: LocalMedia
  readonly catalog: LibraryCatalog
  /** Language of the texts (`texts/metadata-<lang>.json`). */
  readonly language: string
  /** Fields the instruction card adds (the panel's `Controls`). */
  readonly instructionCardExtension: SurfaceExtension
}

export class SurfaceSnapshots {
  readonly #deps: SurfaceSnapshotsDeps
  readonly #media: LocalMedia
  readonly #catalog: LibraryCatalog
  #pending: Trigger | null = null
  #current: SurfaceEntry | null = null
  /** Entries are built (reading the text files) and published one after the other, in order. */
  #publishing: Promise<void> = Promise.resolve()
  #unsubscribe: Array<() => void> = []

  constructor (deps: SurfaceSnapshotsDeps) {
    this.#deps = deps
    this.#media = deps.media
    this.#catalog = deps.catalog
  }

  start (): void {
    const { facts } = this.#deps.onScreen
    // The cause names the ui.* event the fact was published as, for the snapshot's `Latency`.
    this.#unsubscribe = [
      facts.on('SelectionChanged', (fact) => { this.#show(fact, false, fact.game === null ? 'ui.system.selected' : 'ui.game.selected', shown(fact.game, fact.system)) }),
      facts.on('GameStarted', (fact) => { this.#show(fact, true, 'ui.game.started', shown(fact.game, null)) }),
      // The game's end shows the selected game again, else the system.
      facts.on('GameEnded', (fact) => { this.#show(fact, false, 'ui.game.ended', shown(this.#deps.onScreen.selected, this.#deps.onScreen.selectedSystem)) }),
      this.#deps.mediaFacts.on('AssetChanged', ({ system, slug }) => { this.#mediaChanged(system, slug) })
    ]
  }

  stop (): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe()
    // A snapshot still waiting for the end of the tick is not built: the index it reads is closing.
    this.#pending = null
  }

  get current (): SurfaceEntry | null {
    return this.#current
  }

  #show (origin: FactOrigin, playing: boolean, type: string, what: ReturnType<typeof shown>): void {
    if (what === null) return
    const now = this.#deps.now().getTime()
    const replay = origin.replayed ? { occurredAt: origin.occurredAt } : null
    this.#schedule({ sequence: origin.sequence, replay, playing, cause: { type, emittedAtMs: now, receivedAtMs: now }, ...what }, false)
  }

  /** A media file of the entry on screen (or of its system) came or went: the snapshots are sent again. */
  #mediaChanged (system: string, slug: string): void {
    const current = this.#current
    if (current === null || system !== current.mediaSystem || (slug !== current.slug && slug !== '')) return
    const now = this.#deps.now().getTime()
    const cause = { type: 'media-changed', emittedAtMs: now, receivedAtMs: now }
    this.#schedule({ sequence: current.sequence, replay: current.replay, systemId: current.frontendSystem, gamePath: current.scope === 'game' ? current.gamePath : null, rom: current.rom, gameName: current.gameName, playing: current.state === 'playing', cause }, true)
  }

  /** Publishing waits for the end of the tick: the bus is mid-delivery, and a newer trigger may follow at once. */
  #schedule (trigger: Trigger, mediaChanged: boolean): void {
    const first = this.#pending === null
    if (this.#pending === null || trigger.sequence >= this.#pending.sequence) this.#pending = trigger
    if (!first) return
    this.#publishing = this.#publishing.then(async () => new Promise(setImmediate)).then(async () => {
      const next = this.#pending
      if (next === null) return
      this.#pending = null
      const update = mediaChanged && this.#current !== null && next.sequence === this.#current.sequence
      this.#publish(await this.#entry(next), update)
    }).catch((error: Error) => { this.#deps.logger.warn(`surface snapshots not built: ${error.message}`) })
  }

  async #entry (trigger: Trigger): Promise<SurfaceEntry> {
    const identity = this.#media.entryOf(trigger.systemId, trigger.gamePath, trigger.gameName)
    const game = trigger.gamePath === null ? null : this.#catalog.game(trigger.systemId, trigger.gamePath)
    const fields = game?.fields ?? {}
    const systemAssets = this.#media.index.entry(identity.system, '')
    const root = this.#media.sources.mediaRoot
    const tail = identity.slug === '' ? ['systems', identity.system] : ['systems', identity.system, 'games', identity.slug]
    return {
      sequence: trigger.sequence,
      replay: trigger.replay,
      trigger: trigger.cause,
      state: trigger.playing ? 'playing' : 'browsing',
      scope: identity.slug === '' ? 'system' : 'game',
      frontendSystem: trigger.systemId,
      mediaSystem: identity.system,
      slug: identity.slug,
      rom: trigger.rom,
      gamePath: trigger.gamePath ?? '',
      gameName: trigger.gameName,
      fields,
      assets: identity.slug === '' ? systemAssets : this.#media.index.entry(identity.system, identity.slug),
      systemAssets,
      texts: identity.slug === '' ? null : await gameTexts(this.#deps.files, [pathOfNames(root, 'user', ...tail), pathOfNames(root, ...tail)].filter((folder) => folder !== null), this.#deps.language, fields)
    }
  }

  #publish (entry: SurfaceEntry, update: boolean): void {
    this.#current = entry
    this.#media.follow({ system: entry.mediaSystem, slug: entry.slug })
    const publishedAtMs = this.#deps.now().getTime()
    for (const surface of surfaces) {
      const payload = buildSnapshot(surface, entry, surface === 'instruction-card' ? this.#deps.instructionCardExtension : null, publishedAtMs)
      // Only the marquee has an update event; the other surfaces simply get a fresh snapshot of the same selection.
      const type = update && surface === 'marquee' ? 'marquee.snapshot.updated' : `${surface}.snapshot` as const
      this.#deps.publisher.publish(type, payload)
      if (surface === 'marquee') this.#deps.facts.tell('MarqueeShown', { image: marqueeImage(entry) })
    }
    this.#deps.logger.debug(`surface snapshots for ${selectionKey(entry)} (sequence ${entry.sequence})`)
  }
}
