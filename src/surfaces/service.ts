/**
 * Follows the frontend (ui.system.selected, ui.game.selected, ui.game.started, ui.game.ended) and
 * the media index, and publishes the four surface snapshots of whatever is on screen. Triggers in
 * one tick collapse to the latest; the bus keeps the last snapshot of each stream for new clients.
 */
import type { EventPayload } from '../core/envelope.js'
import type { FastifyBaseLogger } from 'fastify'
import type { EventListener, PublishedEvent, Publisher } from '../core/event-bus.js'
import { readEvent } from '../core/events/definition.js'
import { frontendEvents } from '../frontend/index.js'
import type { LibraryCatalog } from '../library/index.js'
import type { LocalMedia } from '../media/index.js'
import { pathOfNames, romStem } from '../identity/index.js'
import type { SurfaceEvents } from './events.js'
import { buildSnapshot, selectionKey, surfaces, type SurfaceEntry, type SurfaceExtension, type SurfaceTrigger } from './snapshots.js'
import { gameTexts } from './texts.js'

interface Trigger {
  readonly sequence: number
  readonly systemId: string
  readonly gamePath: string | null
  /** The rom id of the selection, null at system scope. */
  readonly rom: string | null
  readonly gameName: string
  readonly playing: boolean
  readonly cause: SurfaceTrigger
}

const text = (value: unknown): string => typeof value === 'string' ? value : ''

/** The frontend's own Rom when the event has one (game-start's comes from ES), else the stem of the path, as the frontend computes it. */
const romOf = (rom: string | undefined, gamePath: string): string => rom !== undefined && rom !== '' ? rom : romStem(gamePath)

/** The entry a frontend event puts on screen; game-end shows the selected game again, else the system. */
function triggerOf (event: PublishedEvent, receivedAtMs: number): Trigger | null {
  const frontend = readEvent(frontendEvents, event.envelope)
  if (frontend === null) return null
  const cause = { type: frontend.type, emittedAtMs: Date.parse(event.envelope.Ts), receivedAtMs }
  switch (frontend.type) {
    case 'ui.system.selected': {
      const p = frontend.payload
      return { sequence: p.Sequence ?? 0, playing: false, cause, systemId: p.SystemId ?? '', gamePath: null, rom: null, gameName: '' }
    }
    case 'ui.game.selected':
    case 'ui.game.started': {
      const p = frontend.payload
      const gamePath = p.GamePath ?? ''
      return { sequence: p.Sequence ?? 0, playing: frontend.type === 'ui.game.started', cause, systemId: p.SystemId ?? '', gamePath, rom: romOf(p.Rom, gamePath), gameName: p.GameName ?? '' }
    }
    case 'ui.game.ended': {
      const p = frontend.payload
      const base = { sequence: p.Sequence ?? 0, playing: false, cause }
      // Context is open-ended (Frontend, State, SelectedSystem, Selected, Running): read what is there.
      const context = (p.Context ?? {}) as EventPayload
      const selected = context.Selected as EventPayload | null | undefined
      if (selected !== null && selected !== undefined) return { ...base, systemId: text(selected.SystemId), gamePath: text(selected.GamePath), rom: romStem(text(selected.GamePath)), gameName: text(selected.GameName) }
      const system = (context.SelectedSystem as EventPayload | null | undefined)?.Name ?? p.SystemId
      return typeof system === 'string' && system !== '' ? { ...base, systemId: system, gamePath: null, rom: null, gameName: '' } : null
    }
    default: return null
  }
}

export interface SurfaceSnapshotsDeps {
  readonly publisher: Publisher<SurfaceEvents>
  readonly subscribe: (listener: EventListener) => () => void
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
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
  #unsubscribe: (() => void) | null = null

  constructor (deps: SurfaceSnapshotsDeps) {
    this.#deps = deps
    this.#media = deps.media
    this.#catalog = deps.catalog
  }

  start (): void {
    this.#unsubscribe = this.#deps.subscribe((event) => this.#onEvent(event))
  }

  stop (): void {
    this.#unsubscribe?.()
  }

  get current (): SurfaceEntry | null {
    return this.#current
  }

  #onEvent (event: PublishedEvent): void {
    const type = event.envelope.Type
    if (type === 'media.asset.added' || type === 'media.asset.removed') {
      const p = event.envelope.Payload
      const current = this.#current
      if (current !== null && p.System === current.mediaSystem && (p.Game === current.slug || p.Game === '')) {
        const now = this.#deps.now().getTime()
        const cause = { type: 'media-changed', emittedAtMs: now, receivedAtMs: now }
        this.#schedule({ sequence: current.sequence, systemId: current.frontendSystem, gamePath: current.scope === 'game' ? current.gamePath : null, rom: current.rom, gameName: current.gameName, playing: current.state === 'playing', cause }, true)
      }
      return
    }
    const trigger = triggerOf(event, this.#deps.now().getTime())
    if (trigger !== null && trigger.systemId !== '') this.#schedule(trigger, false)
  }

  /** Publishing waits for the end of the tick: the bus is mid-delivery, and a newer trigger may follow at once. */
  #schedule (trigger: Trigger, mediaChanged: boolean): void {
    const first = this.#pending === null
    if (this.#pending === null || trigger.sequence >= this.#pending.sequence) this.#pending = trigger
    if (!first) return
    this.#publishing = this.#publishing.then(async () => new Promise(setImmediate)).then(async () => {
      const next = this.#pending!
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
      trigger: trigger.cause,
      state: trigger.playing ? 'playing' : 'browsing',
      scope: identity.slug === '' ? 'system' : 'game',
      frontendSystem: trigger.systemId,
      mediaSystem: identity.system,
      slug: identity.slug,
      rom: trigger.rom,
      gamePath: trigger.gamePath ?? '',
      gameName: fields.name ?? trigger.gameName,
      fields,
      assets: identity.slug === '' ? systemAssets : this.#media.index.entry(identity.system, identity.slug),
      systemAssets,
      texts: identity.slug === '' ? null : await gameTexts([pathOfNames(root, 'user', ...tail), pathOfNames(root, ...tail)].filter((folder) => folder !== null), this.#deps.language, fields)
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
    }
    this.#deps.logger.debug(`surface snapshots for ${selectionKey(entry)} (sequence ${entry.sequence})`)
  }
}
