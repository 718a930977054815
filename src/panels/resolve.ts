/**
 * Which panel applies (domain-notes §5.2): the game file when its system matches or both are
 * arcade, else the system file; then the layout that best fits the requested one.
 */
import { createHash } from 'node:crypto'
import type { PanelLayoutResource, PanelResource } from './resource-schema.js'
import type { LoadedPanel, PanelResources } from './resources.js'
import { isArcadeSystem } from './derived.js'

/** `Source` of a panel read from a dynpanels file, and of one derived from machine data or a console pad. */
export type PanelSource = 'resources/dynpanels' | 'derived'

export interface ResolvedPanel {
  readonly source: PanelSource
  readonly scope: 'game' | 'system'
  readonly systemId: string
  readonly rom: string | null
  readonly file: string
  readonly resource: PanelResource
  readonly defaultLayoutId: string
  readonly requestedLayout: string | null
  readonly activeLayout: PanelLayoutResource
  readonly activeLayoutSource: LayoutSource
  /** How the active layout was chosen, naming the one asked for when it differs. */
  readonly activeLayoutReason: string
  /** First 24 hex digits of SHA-256 over scope, system, rom, file and layout. */
  readonly panelKey: string
}

/** Rom stems (and cores) become file names kebab-style: `Street Fighter II (World)` -> `street-fighter-ii-world`. */
function romSlug (rom: string): string {
  return rom.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
}

/** `6-Button:Neo Geo` -> type `6-Button`, name `Neo Geo`, 6 buttons (else the highest slot). */
export function layoutShape (layout: PanelLayoutResource): { type: string, name: string, buttons: number } {
  const [type = layout.id, ...rest] = layout.id.split(':')
  const leading = /^(\d+)/.exec(type)
  const buttons = leading !== null ? Number(leading[1]) : Math.max(0, ...layout.buttons.map((b) => b.slot))
  return { type, name: layout.name ?? rest.join(':'), buttons }
}

const byMostButtons = (a: PanelLayoutResource, b: PanelLayoutResource): number => layoutShape(b).buttons - layoutShape(a).buttons
const unnamed = (layout: PanelLayoutResource): boolean => layoutShape(layout).name === ''

/** First 4-button layout (unnamed first), else the unnamed one with most buttons, else most buttons. */
function defaultLayout (layouts: readonly PanelLayoutResource[]): PanelLayoutResource {
  const fours = layouts.filter((l) => layoutShape(l).buttons === 4)
  return fours.find(unnamed) ?? fours[0] ?? [...layouts].filter(unnamed).sort(byMostButtons)[0] ?? [...layouts].sort(byMostButtons)[0]!
}

/**
 * `request`: the layout asked for (its id, or its type); `best-fit`: the file has no such layout
 * and one with fewer buttons stands in; `fallback`: nothing was asked for or nothing fits, so the
 * file's default applies.
 */
type LayoutSource = 'request' | 'best-fit' | 'fallback'

interface FittedLayout {
  readonly layout: PanelLayoutResource
  readonly source: 'request' | 'best-fit'
}

/** Exact id; `6` as `6-Button`; same type (unnamed first); most buttons not above the count asked for. */
function bestFitLayout (layouts: readonly PanelLayoutResource[], requested: string): FittedLayout | null {
  const wanted = /^\d+$/.test(requested.trim()) ? `${requested.trim()}-Button` : requested.trim()
  const lower = wanted.toLowerCase()
  const exact = layouts.find((l) => l.id.toLowerCase() === lower)
  if (exact !== undefined) return { layout: exact, source: 'request' }
  const sameType = layouts.filter((l) => layoutShape(l).type.toLowerCase() === lower)
  if (sameType.length > 0) return { layout: sameType.find(unnamed) ?? sameType[0]!, source: 'request' }
  const count = /^(\d+)/.exec(wanted)
  if (count === null) return null
  const fitting = layouts.filter((l) => layoutShape(l).buttons <= Number(count[1])).sort(byMostButtons)
  const best = fitting.find((l) => layoutShape(l).buttons === layoutShape(fitting[0]!).buttons && unnamed(l)) ?? fitting[0]
  return best === undefined ? null : { layout: best, source: 'best-fit' }
}

function layoutReason (requested: string | null, fitted: FittedLayout | null, active: PanelLayoutResource): string {
  if (requested === null) return `no layout asked for: the file's default ${active.id}`
  if (fitted === null) return `${requested} asked for, but no layout of the file fits it: the file's default ${active.id}`
  if (fitted.source === 'best-fit') return `${requested} asked for, which the file does not have: ${active.id} is the best fit`
  return `${requested} asked for`
}

function panelKeyOf (parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)
}

export interface PanelRequest {
  readonly systemId: string
  readonly rom: string | null
  /** null: the default layout. */
  readonly requestedLayout: string | null
}

/** The panel for a system (and game); null when no file covers it. */
export function resolvePanel (resources: PanelResources, request: PanelRequest): ResolvedPanel | null {
  const system = request.systemId.toLowerCase()
  const game = request.rom === null ? null : resources.find('game', romSlug(request.rom)) ?? resources.find('game', request.rom)
  const gameSystem = game?.resource.system?.toLowerCase()
  const gameApplies = game !== null && (gameSystem === undefined || gameSystem === system || (isArcadeSystem(gameSystem) && isArcadeSystem(system)))
  const chosen = gameApplies ? game : resources.find('system', system)
  return chosen === null ? null : panelFromFile(chosen, gameApplies ? 'game' : 'system', request)
}

/**
 * The `cores/` file of the system's configured core (`<system>.core` in the frontend settings),
 * matched by the core, the core without `_libretro`, then its slug. As with the incumbent it is
 * reported beside the panel (`CorePanelFile`), not drawn.
 */
export function corePanelFile (resources: PanelResources, core: string | undefined): string {
  if (core === undefined || core.trim() === '') return ''
  const name = core.trim()
  const found = resources.find('core', name) ?? resources.find('core', name.replace(/_libretro$/i, '')) ?? resources.find('core', romSlug(name))
  return found?.file ?? ''
}

/** A panel file applied to a request: its best-fitting layout and its PanelKey. */
export function panelFromFile (chosen: Pick<LoadedPanel, 'file' | 'resource'>, scope: 'game' | 'system', request: PanelRequest, source: PanelSource = 'resources/dynpanels'): ResolvedPanel {
  const layouts = chosen.resource.layouts
  const fallback = defaultLayout(layouts)
  const fitted = request.requestedLayout === null ? null : bestFitLayout(layouts, request.requestedLayout)
  const activeLayout = fitted?.layout ?? fallback
  return {
    source,
    scope,
    systemId: request.systemId,
    rom: request.rom,
    file: chosen.file,
    resource: chosen.resource,
    defaultLayoutId: fallback.id,
    requestedLayout: request.requestedLayout,
    activeLayout,
    activeLayoutSource: fitted?.source ?? 'fallback',
    activeLayoutReason: layoutReason(request.requestedLayout, fitted, activeLayout),
    panelKey: panelKeyOf([scope, request.systemId.toLowerCase(), scope === 'game' ? request.rom ?? '' : '', chosen.file, activeLayout.id])
  }
}
