/**
 * The Control Panel Manager's logic: resolves the panel of the frontend's context, draws it and
 * publishes `panel.state` (with its twin `cpo.panel.config.selected`) on selection and on game
 * start; turns presses into `panel.input.*`. No Fastify here.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Publisher } from '../core/event-bus.js'
import type { PanelEvents } from './events.js'
import type { FrontendFacts, GameOnScreen, OnScreen } from '../frontend/index.js'
import { selectionKey } from '../identity/index.js'
import type { PanelArtStore } from './art.js'
import { cabinetPayload, type CabinetConfig } from './cabinet.js'
import { activeLayoutPayload, activePanelPayload, panelControls, type PanelControls } from './projection.js'
import type { MachineData } from '../roms/index.js'
import { consolePanel, genericArcadePanel, isArcadeSystem, machinePanel, type DerivedPanel } from './derived.js'
import { corePanelFile, panelFromFile, resolvePanel, type PanelRequest, type ResolvedPanel } from './resolve.js'
import type { PanelResources } from './resources.js'
import type { PanelResource } from './resource-schema.js'
import { drawFront, drawTop } from './svg.js'
import { isNavigation, type SystemInput } from './system-inputs.js'
import { panelThemeSnapshot, type PanelThemeSnapshot } from './theme-snapshot.js'

const snapshotVersion = 2

export interface PanelServiceDeps {
  readonly resources: PanelResources
  readonly cabinet: CabinetConfig
  readonly art: PanelArtStore
  readonly esSettings: ReadonlyMap<string, string>
  readonly publisher: Publisher<PanelEvents>
  readonly now: () => Date
  /** MAME's machine data, for panels derived when no file covers an arcade game. */
  readonly machines: MachineData
  /** What is on screen now: the panel shown is the running game's, else the selected one's. */
  readonly onScreen: Pick<OnScreen, 'current' | 'selectedSystem'>
  /** Told of each press of a joystick direction, OK or BACK: outside a game it moves the frontend's cursor. */
  readonly navigated: (atMs: number) => void
}

/** A physical press after the cabinet wiring: a numbered slot or a system input. */
export type PanelPress =
  | { readonly player: number, readonly slot: number }
  | { readonly player: number, readonly systemInput: SystemInput }

/** One button of an instruction card's `Controls` block. */
export interface ButtonControl {
  readonly Player: number
  readonly Slot: number
  readonly Function: string
  readonly Label: string
  readonly Color: string
}

/** The layout the frontend asks for (es_settings keys of domain-notes §5.2), else `<buttons>-Button`. */
function requestedLayout (settings: ReadonlyMap<string, string>, systemId: string, buttonsPerPlayer: number): string {
  const keys = [`${systemId}.apiexpose_panel_${systemId}`, `apiexpose_panel_${systemId}`, `global.apiexpose.datas_theme_expose.cpo.${systemId}.layout`, `${systemId}.apiexpose_panel`, 'apiexpose_panel']
  const chosen = keys.map((key) => settings.get(key)?.trim()).find((value) => value !== undefined && value !== '' && value.toLowerCase() !== 'auto')
  return chosen ?? `${buttonsPerPlayer}-Button`
}

export class PanelService {
  readonly #deps: PanelServiceDeps
  #cabinet: CabinetConfig
  #esSettings: ReadonlyMap<string, string>
  #lastPanelKey: string | null = null
  #lastSequence = 0
  #published = 0

  constructor (deps: PanelServiceDeps) {
    this.#deps = deps
    this.#cabinet = deps.cabinet
    this.#esSettings = deps.esSettings
  }

  get cabinet (): CabinetConfig {
    return this.#cabinet
  }

  /**
   * The frontend's panel settings changed: announces the changed keys, the cabinet when it
   * changed, and the current panel again (forced, its layout may be another now).
   */
  applySettings (esSettings: ReadonlyMap<string, string>, cabinet: CabinetConfig, changedKeys: readonly string[]): void {
    this.#esSettings = esSettings
    const cabinetChanged = JSON.stringify(cabinet) !== JSON.stringify(this.#cabinet)
    this.#cabinet = cabinet
    this.#deps.publisher.publish('panel.settings.changed', { Source: 'es_settings.cfg', ChangedKeys: [...changedKeys], PublishedAtUtc: this.#deps.now().toISOString() })
    if (cabinetChanged) this.publishCabinet()
    this.#publishCurrent('panel.settings.changed', false, this.#lastSequence, true, randomUUID())
  }

  publishCabinet (): void {
    this.#deps.publisher.publish('panel.config.changed', cabinetPayload(this.#cabinet))
  }

  /**
   * The panel for a system and rom, with the frontend's requested layout unless one is given: a
   * dynpanels file when one applies, else a derived panel; null when neither exists.
   */
  resolve (systemId: string, rom: string | null, layout?: string): ResolvedPanel | null {
    const request = { systemId, rom, requestedLayout: layout ?? requestedLayout(this.#esSettings, systemId, this.#cabinet.buttonsPerPlayer) }
    return resolvePanel(this.#deps.resources, request) ?? this.#derive(request)
  }

  /**
   * An arcade game's panel from its machine data; until MAME answered, the generic arcade panel (so
   * a panel.state still precedes the game's start), published again once the answer is there.
   */
  #derive (request: PanelRequest): ResolvedPanel | null {
    const { systemId, rom } = request
    let derived: DerivedPanel | null = null
    if (isArcadeSystem(systemId) && rom !== null) {
      const name = rom.toLowerCase()
      const machine = this.#deps.machines.machine(name)
      if (machine !== null) derived = machinePanel(systemId, rom, machine, this.#cabinet)
      else if (this.#deps.machines.knowledge(name) === 'unavailable') this.#publishWhenKnown(name)
    }
    derived ??= consolePanel(systemId) ?? (isArcadeSystem(systemId) ? genericArcadePanel(systemId, this.#cabinet) : null)
    return derived === null ? null : panelFromFile(derived, derived.scope, request, 'derived')
  }

  #publishWhenKnown (name: string): void {
    void this.#deps.machines.lookup([name]).then(() => {
      const game = this.currentGame()
      // Asked twice (panel.state and the instruction card) it answers twice: publish once.
      if (game?.rom.toLowerCase() !== name || this.#deps.machines.machine(name) === null) return
      if (this.current()?.panelKey !== this.#lastPanelKey) {
        this.#publishCurrent('machine.data', false, this.#lastSequence, true, randomUUID())
      }
    })
  }

  /** The panel of the running game, else the selected one; null without a game. */
  current (layout?: string): ResolvedPanel | null {
    const game = this.currentGame()
    return game === null ? null : this.resolve(game.system, game.rom, layout)
  }

  /**
   * What each button does and its colour for a game, for the instruction card's `Controls`:
   * one entry per player and used slot, plus the system inputs; null when no panel covers it.
   */
  controlsFor (systemId: string, rom: string | null): { Players: number, Buttons: ButtonControl[], SystemInputs: Array<{ Player: number, Input: string, Label: string, Color: string }> } | null {
    const panel = this.resolve(systemId, rom)
    if (panel === null) return null
    const controls = panelControls(panel, this.#cabinet)
    return {
      Players: this.#cabinet.playerCount,
      Buttons: controls.slots.filter((s) => s.function !== '').map((s) => ({ Player: s.player, Slot: s.slot, Function: s.function, Label: s.label, Color: s.color })),
      SystemInputs: controls.systemInputs.map((s) => ({ Player: s.player, Input: s.input, Label: s.label, Color: s.color }))
    }
  }

  /** The full panel.state payload of a resolved panel (drawings written to the media folder). */
  statePayload (panel: ResolvedPanel, trigger: string, sequence: number | null): Record<string, unknown> {
    const controls = panelControls(panel, this.#cabinet)
    return {
      SnapshotVersion: snapshotVersion,
      Source: panel.source,
      Trigger: trigger,
      ...(sequence === null ? {} : { Sequence: sequence }),
      SelectionKey: selectionKey(panel.systemId, panel.rom),
      Emulator: panel.resource.emulator ?? '',
      SystemId: panel.systemId,
      Rom: panel.rom ?? '',
      Scope: panel.scope,
      PanelKey: panel.panelKey,
      PanelFile: panel.file,
      CorePanelFile: this.#corePanelFile(panel.systemId),
      DefaultLayoutId: panel.defaultLayoutId,
      RequestedLayout: panel.requestedLayout ?? '',
      ActiveLayoutId: panel.activeLayout.id,
      ActiveLayoutSource: panel.activeLayoutSource,
      ActiveLayoutReason: panel.activeLayoutReason,
      ActiveLayout: activeLayoutPayload(panel),
      ActivePanel: activePanelPayload(panel, controls),
      Svg: this.#draw(panel.panelKey, controls)
    }
  }

  /** The current panel as themes show it, every layout of it; null without a game or when no panel resolves. */
  currentThemeSnapshot (layout?: string): PanelThemeSnapshot | null {
    const panel = this.current(layout)
    return panel === null ? null : panelThemeSnapshot(panel, this.#cabinet, this.#corePanelFile(panel.systemId))
  }

  #corePanelFile (systemId: string): string {
    return corePanelFile(this.#deps.resources, this.#esSettings.get(`${systemId}.core`))
  }

  /** Non-retained panel.state of a panel body a designer sends; returns its PanelKey. */
  preview (resource: PanelResource, systemId: string, rom: string | null): string {
    const key = createHash('sha256').update(JSON.stringify(resource)).digest('hex').slice(0, 24)
    const layout = requestedLayout(this.#esSettings, systemId, this.#cabinet.buttonsPerPlayer)
    const panel = panelFromFile({ file: 'preview', resource }, rom === null ? 'system' : 'game', { systemId, rom, requestedLayout: layout })
    const payload = { ...this.statePayload({ ...panel, panelKey: key }, 'panel.preview', null), Preview: true }
    this.#deps.publisher.publish('panel.state', payload, { retain: false })
    return key
  }

  /** The frontend published a selection: its panel follows, under the selection's CorrelationId. */
  readonly onSelection = ({ game, sequence, correlationId }: FrontendFacts['SelectionChanged']): void => {
    this.#publishCurrent(game === null ? 'ui.system.selected' : 'ui.game.selected', game === null, sequence, false, correlationId)
  }

  status () {
    return { statesPublished: this.#published, lastPanelKey: this.#lastPanelKey, lastSequence: this.#lastSequence }
  }

  /** Maps a press to its slot's function in the current panel and publishes it, never coalesced. */
  input (press: PanelPress, pressed: boolean): Record<string, unknown> {
    const payload = 'slot' in press
      ? { Player: press.player, Slot: press.slot, Function: this.#functionOf(press.player, press.slot), System: false, SystemInput: '' }
      : { Player: press.player, Slot: 0, Function: press.systemInput, System: true, SystemInput: press.systemInput }
    this.#deps.publisher.publish(pressed ? 'panel.input.pressed' : 'panel.input.released', payload)
    if (pressed && 'systemInput' in press && isNavigation(press.systemInput)) this.#deps.navigated(this.#deps.now().getTime())
    return payload
  }

  #functionOf (player: number, slot: number): string {
    const panel = this.current()
    if (panel === null) return ''
    return panelControls(panel, this.#cabinet).slots.find((s) => s.player === player && s.slot === slot)?.function ?? ''
  }

  /** A game runs: its panel, told before its ui.game.started is published, goes out ahead of it. */
  readonly onGameRunning = ({ sequence, correlationId }: FrontendFacts['GameRunning']): void => {
    this.#publishCurrent('ui.game.started', false, sequence, true, correlationId)
  }

  /** The running game, else the selected one. */
  currentGame (): GameOnScreen | null {
    return this.#deps.onScreen.current
  }

  /** `systemScope`: a system was selected, so its panel is the system's, not a game's. */
  #publishCurrent (trigger: string, systemScope: boolean, sequence: number, force: boolean, correlationId: string): void {
    if (sequence <= this.#lastSequence && !force) return
    const game = this.currentGame()
    const systemId = game?.system ?? this.#deps.onScreen.selectedSystem
    if (systemId === null) return
    const panel = this.resolve(systemId, systemScope ? null : game?.rom ?? null)
    if (panel === null) return
    if (!force && panel.panelKey === this.#lastPanelKey) return
    this.#lastPanelKey = panel.panelKey
    this.#lastSequence = Math.max(this.#lastSequence, sequence)
    const payload = this.statePayload(panel, trigger, sequence)
    this.#published++
    this.#deps.publisher.publish('panel.state', payload, { correlationId })
    this.#deps.publisher.publish('cpo.panel.config.selected', payload, { correlationId })
  }

  #draw (key: string, controls: PanelControls) {
    const cabinet = this.#cabinet
    return { Top: this.#deps.art.write(key, 'top', drawTop(controls, cabinet)), Front: this.#deps.art.write(key, 'front', drawFront(controls, cabinet)) }
  }
}
