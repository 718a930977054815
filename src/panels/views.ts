import type { CabinetConfig } from './cabinet.js'
import { panelControls } from './projection.js'
import type { ResolvedPanel } from './resolve.js'

/** The REST (camelCase) view of a resolved panel. */
export function panelView (panel: ResolvedPanel, cabinet: CabinetConfig) {
  const controls = panelControls(panel, cabinet)
  return {
    source: panel.source,
    scope: panel.scope,
    systemId: panel.systemId,
    rom: panel.rom,
    panelKey: panel.panelKey,
    panelFile: panel.file,
    emulator: panel.resource.emulator ?? '',
    layoutIds: panel.resource.layouts.map((l) => l.id),
    defaultLayoutId: panel.defaultLayoutId,
    requestedLayout: panel.requestedLayout,
    activeLayoutId: panel.activeLayout.id,
    activeLayoutSource: panel.activeLayoutSource,
    activeLayoutReason: panel.activeLayoutReason,
    joystick: controls.joystick,
    slots: controls.slots.map((s) => ({ ...s })),
    systemInputs: controls.systemInputs.map((s) => ({ ...s }))
  }
}
