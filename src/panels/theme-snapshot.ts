/**
 * A resolved panel as themes show it (domain-notes §5.3, PanelThemeSnapshot): every layout of the
 * file, each with the buttons of every player panel of this cabinet, sorted by slot, and the system
 * buttons. Other modules turn it into what a theme reads (the theme XML).
 */
import type { CabinetConfig } from './cabinet.js'
import { layoutShape, type ResolvedPanel } from './resolve.js'
import type { PanelLayoutResource } from './resource-schema.js'

export interface ThemeButton {
  readonly id: string
  readonly slot: number | null
  readonly player: number
  readonly label: string
  readonly machineButton: string
  readonly function: string
  readonly controller: string
  readonly color: string
}

interface ThemeLayout {
  readonly id: string
  readonly type: string
  readonly name: string
  readonly panelButtons: number
  readonly players: ReadonlyArray<{ readonly index: number, readonly joystick: { readonly type: string, readonly color: string } | null, readonly buttons: readonly ThemeButton[] }>
  readonly systemButtons: readonly ThemeButton[]
}

export interface PanelThemeSnapshot {
  readonly scope: 'game' | 'system'
  readonly systemId: string
  /** null for a system's panel. */
  readonly rom: string | null
  readonly panelFile: string
  readonly corePanelFile: string
  readonly defaultLayoutId: string
  readonly activeLayoutId: string
  readonly activeLayoutSource: string
  readonly layouts: readonly ThemeLayout[]
}

function themeLayout (layout: PanelLayoutResource, cabinet: CabinetConfig): ThemeLayout {
  const shape = layoutShape(layout)
  const players = Array.from({ length: cabinet.playerCount }, (_, i) => i + 1).map((index) => ({
    index,
    joystick: layout.joystick === undefined ? null : { type: layout.joystick.type, color: layout.joystick.color ?? '' },
    buttons: layout.buttons.filter((b) => b.player === undefined || b.player === index).sort((a, b) => a.slot - b.slot).map((b) => ({
      id: `P${index}_SLOT${b.slot}`, slot: b.slot, player: index, label: b.label ?? b.function, machineButton: b.gameButton ?? '', function: b.function, controller: b.controller ?? '', color: b.color ?? ''
    }))
  }))
  const systemButtons = (layout.systemInputs ?? []).map((s) => ({
    id: s.player === undefined ? s.input : `P${s.player}_${s.input}`, slot: null, player: s.player ?? 0, label: s.label ?? s.input, machineButton: '', function: s.input, controller: s.input === 'COIN' ? 'select' : s.input.toLowerCase(), color: s.color ?? ''
  }))
  return { id: layout.id, type: shape.type, name: shape.name, panelButtons: shape.buttons, players, systemButtons }
}

export function panelThemeSnapshot (panel: ResolvedPanel, cabinet: CabinetConfig, corePanelFile: string): PanelThemeSnapshot {
  return {
    scope: panel.scope,
    systemId: panel.systemId,
    rom: panel.scope === 'game' ? panel.rom : null,
    panelFile: panel.file,
    corePanelFile,
    defaultLayoutId: panel.defaultLayoutId,
    activeLayoutId: panel.activeLayout.id,
    activeLayoutSource: panel.activeLayoutSource,
    layouts: panel.resource.layouts.map((layout) => themeLayout(layout, cabinet))
  }
}
