/**
 * Canonical media kinds and where each lives in the store (domain-notes §2.6). The layout path of a
 * kind is also the tail of its canonical URL, whatever file really holds it.
 */

/** Layout path (without extension) under `games/<slug>/` -> canonical kind. */
const gameLayout: ReadonlyArray<readonly [string, string]> = [
  ['artwork/screentitle', 'image'],
  ['artwork/screenshot', 'thumbnail'],
  ['ui/wheels/wheel', 'wheel'],
  ['ui/wheels/wheel-carbon', 'wheel-carbon'],
  ['ui/wheels/wheel-steel', 'wheel-steel'],
  ['ui/steamgrid', 'steamgrid'],
  ['artwork/marquee/marquee', 'marquee'],
  ['artwork/marquee/screenmarquee', 'screen-marquee'],
  ['artwork/marquee/screenmarquee-small', 'screen-marquee-small'],
  ['artwork/marquee/dmd', 'dmd'],
  ['artwork/marquee/topper', 'topper'],
  ['artwork/marquee/generated-marquee', 'generated-marquee'],
  ['artwork/marquee/generated-dmd', 'generated-dmd'],
  ['artwork/marquee/dmd-animation', 'dmd-animation'],
  ['artwork/mix/mixrbv1', 'mixrbv1'],
  ['artwork/mix/mixrbv2', 'mixrbv2'],
  ['artwork/box/front', 'box-front'],
  ['artwork/box/back', 'box-back'],
  ['artwork/box/side', 'box-side'],
  ['artwork/box/texture', 'box-texture'],
  ['artwork/box/3d', 'box-3d'],
  ['artwork/cartridge', 'cartridge'],
  ['artwork/label', 'label'],
  ['artwork/fanart', 'fanart'],
  ['artwork/flyer', 'flyer'],
  ['artwork/figurine', 'figurine'],
  ['artwork/bezels/bezel', 'bezel'],
  ['documents/maps/map', 'map'],
  ['documents/manual', 'manual'],
  ['documents/magazine', 'magazine'],
  ['video', 'video'],
  ['video-normalized', 'video-normalized'],
  ['themes/themehb', 'themehb']
]

/** Other places a system folder keeps its fanart, logo and generated marquees, in search order after the game layout. */
const systemAliases: ReadonlyArray<readonly [string, string]> = [
  ['artwork/marquee/generated-system-marquee', 'generated-marquee'],
  ['artwork/marquee/generated-system-dmd', 'generated-dmd'],
  ['artwork/background', 'fanart'],
  ['artwork/fanart/fanart', 'fanart'],
  ['fanart', 'fanart'],
  ['background', 'fanart'],
  ['ui/logos/logo', 'wheel'],
  ['ui/wheel', 'wheel'],
  ['ui/logo', 'wheel'],
  ['artwork/logo', 'wheel'],
  ['wheel', 'wheel'],
  ['logo', 'wheel']
]

const gameAliases: ReadonlyArray<readonly [string, string]> = [['artwork/fanart/fanart', 'fanart']]

/** Files the index accepts, best first when one kind has several. SVG is the usual format of theme logos. */
export const mediaExtensions: readonly string[] = ['png', 'jpg', 'jpeg', 'webp', 'gif', 'bmp', 'svg', 'mp4', 'webm', 'mkv', 'avi', 'pdf', 'zip']

/** Whether a file's name has one of the media extensions (in any case). */
export function hasMediaExtension (file: string): boolean {
  const dot = file.lastIndexOf('.')
  return dot > 0 && mediaExtensions.includes(file.slice(dot + 1).toLowerCase())
}

const layoutOfKind = new Map(gameLayout.map(([layout, kind]) => [kind, layout]))

export type Scope = 'game' | 'system'

export interface KindMatch {
  readonly kind: string
  /** Lower is better: the canonical layout before an alias or a region variant. */
  readonly rank: number
  /** Sub-folder of an instruction card (`artwork/ic/<role>/ic-1.png`), else null. */
  readonly role: string | null
}

const regionSuffix = /-(world|europe|usa|japan|france|[a-z]{2,5})$/

/** `artwork/marquee/dmd*.gif` (any moving format): DMD animations, the first by name wins. */
const dmdAnimation = /^artwork\/marquee\/dmd[^/]*\.(gif|mp4|webm|mkv|avi)$/

function lookup (table: ReadonlyArray<readonly [string, string]>, stemPath: string): number {
  return table.findIndex(([layout]) => layout === stemPath)
}

/**
 * The kind a store file holds from its path under `games/<slug>/` or `systems/<system>/`
 * (forward slashes, any case), or null when the layout does not know it.
 */
export function kindOfStorePath (relative: string, scope: Scope): KindMatch | null {
  const lower = relative.toLowerCase()
  const dot = lower.lastIndexOf('.')
  if (dot <= 0 || !mediaExtensions.includes(lower.slice(dot + 1))) return null
  const stemPath = lower.slice(0, dot)
  const card = /^artwork\/ic\/(?:([^/]+)\/)?(ic(?:-\d+)?)$/.exec(stemPath)
  if (card !== null) return { kind: card[2]!, rank: card[1] === undefined ? 0 : 1, role: card[1] ?? null }
  if (dmdAnimation.test(lower)) return { kind: 'dmd-animation', rank: 0, role: null }
  const aliases = scope === 'system' ? systemAliases : gameAliases
  for (const [candidate, penalty] of [[stemPath, 0], [stemPath.replace(regionSuffix, ''), 100]] as const) {
    if (penalty > 0 && candidate === stemPath) continue
    const direct = lookup(gameLayout, candidate)
    if (direct >= 0) return { kind: gameLayout[direct]![1], rank: penalty, role: null }
    const alias = lookup(aliases, candidate)
    if (alias >= 0) return { kind: aliases[alias]![1], rank: penalty + 10 + alias, role: null }
  }
  return null
}

/** The canonical layout path of a kind (`artwork/marquee/marquee`); cards live under `artwork/ic/`. */
export function layoutOf (kind: string): string {
  return layoutOfKind.get(kind) ?? (/^ic(-\d+)?$/.test(kind) ? `artwork/ic/${kind}` : `artwork/${kind}`)
}

/** Gamelist tag -> kind (ES and its forks write these). */
export const gamelistTagKinds: Readonly<Record<string, string>> = {
  image: 'image',
  titleshot: 'image',
  thumbnail: 'thumbnail',
  video: 'video',
  marquee: 'marquee',
  wheel: 'wheel',
  fanart: 'fanart',
  bezel: 'bezel',
  boxart: 'box-front',
  boxback: 'box-back',
  box3d: 'box-3d',
  cartridge: 'cartridge',
  manual: 'manual',
  map: 'map',
  magazine: 'magazine',
  mix: 'mixrbv2',
  mixrbv1: 'mixrbv1',
  mixrbv2: 'mixrbv2'
}

/** ES-DE `downloaded_media/<system>/<folder>/<rom>.*` folder -> kind. */
export const downloadedMediaKinds: Readonly<Record<string, string>> = {
  '3dboxes': 'box-3d',
  backcovers: 'box-back',
  covers: 'box-front',
  fanart: 'fanart',
  manuals: 'manual',
  marquees: 'wheel',
  miximages: 'mixrbv1',
  physicalmedia: 'cartridge',
  screenshots: 'thumbnail',
  titlescreens: 'image',
  videos: 'video'
}

/** The named fields `details` always carries; every other kind goes to `details.extras`. */
export const detailKinds: Readonly<Record<string, string>> = {
  image: 'image',
  thumbnail: 'thumbnail',
  video: 'video',
  marquee: 'marquee',
  fanart: 'fanart',
  bezel: 'bezel',
  boxback: 'box-back',
  manual: 'manual',
  map: 'map'
}
