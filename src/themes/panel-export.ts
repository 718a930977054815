/**
 * The current panel for themes: its XML on request, and written to
 * `<themes>/.panels/<system>/<rom or _system>.xml` (a system's panel serves every game of it).
 */
import path from 'node:path'
import type { Publisher } from '../core/event-bus.js'
import { HubError } from '../core/errors.js'
import type { CurrentPanel, PanelThemeSnapshot } from '../panels/index.js'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import type { ThemesEvents } from './events.js'
import { panelThemeXml } from './panel-xml.js'
import { isPlainName } from '../identity/index.js'

export interface PanelExportDeps {
  readonly panels: CurrentPanel
  /** Whether the Control Panel Manager is on: without it no panel resolves. */
  readonly panelsEnabled: () => boolean
  readonly themesDir: string | null
  readonly publisher: Publisher<ThemesEvents>
}

export interface ExportedPanel {
  readonly file: string
  readonly system: string
  readonly rom: string
  readonly layouts: number
}

const systemPanelName = '_system'

export class PanelThemeExport {
  readonly #deps: PanelExportDeps

  constructor (deps: PanelExportDeps) {
    this.#deps = deps
  }

  xml (layout?: string): string {
    return panelThemeXml(this.#current(layout))
  }

  async export (layout?: string): Promise<ExportedPanel> {
    const { themesDir, publisher } = this.#deps
    const panel = this.#current(layout)
    if (themesDir === null) throw new HubError(409, 'NO_THEMES_DIR', 'No themes folder is configured; set --theme-export-dir or --frontend-root')
    const rom = panel.rom ?? systemPanelName
    if (!isPlainName(panel.systemId) || !isPlainName(rom)) throw new HubError(409, 'NOT_A_FILE_NAME', `The panel of ${panel.systemId}|${rom} cannot be written: its system or rom is not a file name`)
    const file = path.join(themesDir, '.panels', panel.systemId, `${rom}.xml`)
    await writeFileAtomic(file, panelThemeXml(panel), { durable: true })
    publisher.publish('theme.exported', { Kind: 'panel', System: panel.systemId, Rom: rom, Path: file, Removed: false, Lines: panel.layouts.length })
    return { file, system: panel.systemId, rom, layouts: panel.layouts.length }
  }

  #current (layout?: string): PanelThemeSnapshot {
    const { panels, panelsEnabled } = this.#deps
    if (!panelsEnabled()) throw new HubError(404, 'MANAGER_DISABLED', 'The Control Panel Manager is off, so no panel resolves; switch it on to export panels')
    const game = panels.game()
    if (game === null) throw new HubError(404, 'NO_GAME', 'No game is selected or running, so there is no panel to resolve')
    const panel = panels.themeSnapshot(layout)
    if (panel === null) throw new HubError(404, 'PANEL_NOT_FOUND', `No panel data resolved for ${game.system}|${game.rom}: add resources/dynpanels/games/<rom>.json or systems/${game.system}.json`)
    return panel
  }
}
