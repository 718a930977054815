/**
 * Builds the four surface snapshots (spec §2.6) of one entry from scratch, so nothing of the
 * previous entry can survive into the next one.
 */
import { mediaKey, normalizedSystemId, selectionKey as keyOf } from '../identity/index.js'
import { assetPayload, type MediaAsset } from '../media/index.js'
import type { GameTexts } from './texts.js'

const snapshotVersion = 2

type SurfaceScope = 'system' | 'game'

/** The frontend event (or media change) that put an entry on screen, for the snapshot's `Latency`. */
export interface SurfaceTrigger {
  /** `ui.game.selected` ... or `media-changed`. */
  readonly type: string
  /** When the trigger was published (its envelope `Ts`). */
  readonly emittedAtMs: number
  /** When the surfaces saw it. */
  readonly receivedAtMs: number
}

/** What the surfaces show: a system, or a game of it, with everything the index knows about it. */
/** The entry was put on screen by a replayed hook (see ui.* `Replayed`), fired at `occurredAt` where known. */
export interface ReplayMark {
  readonly occurredAt: string | null
}

export interface SurfaceEntry {
  readonly sequence: number
  readonly replay: ReplayMark | null
  readonly trigger: SurfaceTrigger
  readonly state: 'browsing' | 'playing'
  readonly scope: SurfaceScope
  readonly frontendSystem: string
  readonly mediaSystem: string
  /** '' at system scope. */
  readonly slug: string
  /** The rom id of the frontend's selection (its rom stem), null when a system is selected. */
  readonly rom: string | null
  readonly gamePath: string
  readonly gameName: string
  readonly fields: Readonly<Record<string, string>>
  readonly assets: ReadonlyMap<string, MediaAsset>
  readonly systemAssets: ReadonlyMap<string, MediaAsset>
  readonly texts: GameTexts | null
}

/** Legacy field -> kind; the game's file, else the system's (never for video). */
const legacyKinds: Readonly<Record<string, string>> = {
  Marquee: 'marquee',
  GeneratedMarquee: 'generated-marquee',
  ScreenMarquee: 'screen-marquee',
  ScreenMarqueeSmall: 'screen-marquee-small',
  Topper: 'topper',
  Fanart: 'fanart',
  Logo: 'wheel',
  Video: 'video',
  Image: 'image',
  Thumbnail: 'thumbnail',
  Flyer: 'flyer',
  BoxFront: 'box-front',
  Box3d: 'box-3d'
}

const surfaceMedia: Readonly<Record<string, readonly string[]>> = {
  marquee: ['Marquee', 'GeneratedMarquee', 'ScreenMarquee', 'ScreenMarqueeSmall', 'Dmd', 'Topper', 'Fanart', 'Logo', 'Video'],
  topper: ['Topper', 'Logo', 'Flyer', 'BoxFront', 'Box3d', 'Fanart', 'Thumbnail'],
  'instruction-card': ['Logo'],
  screen: ['Image', 'Thumbnail', 'ScreenMarquee', 'ScreenMarqueeSmall', 'Fanart']
}

export type Surface = 'marquee' | 'topper' | 'instruction-card' | 'screen'
export const surfaces: readonly Surface[] = ['marquee', 'topper', 'instruction-card', 'screen']

type AssetPayload = ReturnType<typeof assetPayload>

function table (assets: ReadonlyMap<string, MediaAsset>): Record<string, AssetPayload> {
  return Object.fromEntries([...assets].sort(([a], [b]) => a.localeCompare(b)).map(([kind, asset]) => [kind, assetPayload(asset)]))
}

/** The asset a legacy media field shows: the game's file of its kind, else the system's (never for video). */
export function legacyAsset (entry: SurfaceEntry, field: string): MediaAsset | null {
  const kind = legacyKinds[field]!
  const own = entry.assets.get(kind)
  const fallback = entry.scope === 'game' && kind !== 'video' ? entry.systemAssets.get(kind) : undefined
  return own ?? fallback ?? null
}

function legacy (entry: SurfaceEntry, field: string): AssetPayload | null {
  const asset = legacyAsset(entry, field)
  return asset === null ? null : assetPayload(asset)
}

const dmdKinds = ['dmd', 'dmd-animation', 'generated-dmd'] as const

/**
 * DMD media as one group, as marquee managers read it (`Dmd.Still`, `Dmd.Generated`, `Dmd.Animations`),
 * that is also the asset of its first file: the game's group when it has any DMD file, else the system's.
 */
function dmd (entry: SurfaceEntry) {
  const owner = entry.scope === 'system' || dmdKinds.some((kind) => entry.assets.has(kind)) ? entry.assets : entry.systemAssets
  const [still, animation, generated] = dmdKinds.map((kind) => owner.get(kind))
  const first = still ?? animation ?? generated
  if (first === undefined) return null
  const payloadOf = (asset: MediaAsset | undefined) => asset === undefined ? null : assetPayload(asset)
  return { ...assetPayload(first), Kind: 'dmd', Still: payloadOf(still), Generated: payloadOf(generated), Animations: animation === undefined ? [] : [assetPayload(animation)] }
}

type DmdGroup = ReturnType<typeof dmd>

/** Whether the marquee and DMD come from files made for them or from generated ones; this service composes none itself. */
function generation (media: Record<string, unknown>) {
  const marquee = media.Marquee !== null ? 'source-present' : media.GeneratedMarquee !== null ? 'generated-present' : 'disabled'
  const group = media.Dmd as DmdGroup
  const dmdState = group === null ? 'disabled' : group.Still !== null || group.Animations.length > 0 ? 'source-present' : 'generated-present'
  return { Marquee: marquee, Dmd: dmdState }
}

function latency (entry: SurfaceEntry, publishedAtMs: number) {
  return {
    Source: 'projection',
    Trigger: entry.trigger.type,
    Sequence: entry.sequence,
    SelectionKey: selectionKey(entry),
    ReceivedAtUtc: new Date(entry.trigger.receivedAtMs).toISOString(),
    PublishedAtUtc: new Date(publishedAtMs).toISOString(),
    AgeMs: Math.max(0, publishedAtMs - entry.trigger.emittedAtMs),
    ElapsedMs: Math.max(0, publishedAtMs - entry.trigger.receivedAtMs)
  }
}

const cardNumber = (kind: string): number => kind === 'ic' ? 0 : Number(kind.slice(3))

/** Instruction cards `ic`, `ic-1`, `ic-2` ... in order, each with the sub-folder it came from as its role. */
function cards (entry: SurfaceEntry) {
  return [...entry.assets.values()]
    .filter((asset) => /^ic(-\d+)?$/.test(asset.kind))
    .sort((a, b) => cardNumber(a.kind) - cardNumber(b.kind))
    .map((asset) => ({ ...assetPayload(asset), Role: asset.role ?? 'card' }))
}

/**
 * The entry's SelectionKey: the frontend's system and rom, as on the ui.* and panel.state events
 * of the same selection, so a consumer can match them; the media system has its own fields.
 */
export function selectionKey (entry: Pick<SurfaceEntry, 'frontendSystem' | 'rom'>): string {
  return keyOf(entry.frontendSystem, entry.rom)
}

function selection (entry: SurfaceEntry) {
  const f = entry.fields
  return {
    Sequence: entry.sequence,
    SelectionKey: selectionKey(entry),
    Scope: entry.scope,
    SystemId: entry.frontendSystem,
    FrontendSystem: normalizedSystemId(entry.frontendSystem),
    System: entry.mediaSystem,
    Game: entry.slug,
    GameId: f.id ?? '',
    GameName: entry.gameName,
    Name: entry.gameName,
    GamePath: entry.gamePath,
    Releasedate: f.releasedate ?? '',
    Developer: f.developer ?? '',
    Publisher: f.publisher ?? '',
    Genre: f.genre ?? '',
    Genres: f.genres ?? f.genreid ?? '',
    State: entry.state
  }
}

/** Extra members a surface may gain from another module (the control panels add `Controls`). */
export type SurfaceExtension = (entry: SurfaceEntry) => Record<string, unknown>

export function buildSnapshot (surface: Surface, entry: SurfaceEntry, extension: SurfaceExtension | null, publishedAtMs: number) {
  const media: Record<string, unknown> = Object.fromEntries(surfaceMedia[surface]!.map((field) => [field, field === 'Dmd' ? dmd(entry) : legacy(entry, field)]))
  const payload: Record<string, unknown> = {
    SnapshotVersion: snapshotVersion,
    Stream: surface,
    Sequence: entry.sequence,
    SelectionKey: selectionKey(entry),
    MediaSystemId: entry.mediaSystem,
    MediaKey: mediaKey(entry.mediaSystem, entry.slug),
    Scope: entry.scope,
    Selection: selection(entry),
    Media: media,
    Assets: table(entry.assets),
    Latency: latency(entry, publishedAtMs)
  }
  if (surface === 'marquee') payload.Generation = generation(media)
  if (entry.scope === 'game') payload.SystemAssets = table(entry.systemAssets)
  if ((surface === 'topper' || surface === 'instruction-card') && entry.texts !== null) payload.Text = entry.texts
  if (surface === 'instruction-card') payload.Cards = cards(entry)
  if (entry.replay !== null) Object.assign(payload, { Replayed: true }, entry.replay.occurredAt === null ? {} : { OccurredAt: entry.replay.occurredAt })
  return { ...payload, ...extension?.(entry) }
}
