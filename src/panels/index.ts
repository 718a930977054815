/**
 * The Control Panel Manager: panel resources, cabinet configuration, panel.state with its
 * drawings, and physical inputs (evdev devices and POST /api/v1/panels/input).
 */
import { watchFolder, type FolderWatch } from '../core/folder-watch/folder-watch.js'
import { defineModule } from '../core/module.js'
import { serviceKey } from '../core/services.js'
import { frontendNavigationService, onScreenService, type GameOnScreen } from '../frontend/index.js'
import { machineDataService } from '../roms/index.js'
import { instructionCardFieldsService } from '../surfaces/index.js'
import { PanelArtStore } from './art.js'
import { cabinetConfig } from './cabinet.js'
import { EvdevSource, type InputSource } from './evdev.js'
import { panelEvents } from './events.js'
import { panelOptions } from './options.js'
import { dynpanelsRoot, isPanelFile, PanelResources } from './resources.js'
import { panelRoutes } from './routes.js'
import { PanelService } from './service.js'
import { watchPanelSettings } from './settings-watch.js'
import type { PanelThemeSnapshot } from './theme-snapshot.js'
import { CabinetWiring } from './wiring.js'

/**
 * Panel files are edited by hand now and then: a missing folder is looked for once a second, and
 * an editor saves a file in a few steps, so the folder is read again once they are done.
 */
const resourceWatch = { pollMs: 1000, quiet: { batchMs: 100 } }

/** The panel of the game on screen, for what themes show of it. */
export interface CurrentPanel {
  /** The running game, else the selected one; null without one, and while the manager is off. */
  game (): GameOnScreen | null
  /** Its panel with every layout; null when none resolves, and while the manager is off. */
  themeSnapshot (layout?: string): PanelThemeSnapshot | null
}

export const currentPanelService = serviceKey<CurrentPanel>()('currentPanel')

export const panelsModule = defineModule({
  name: 'panels',
  gate: 'controlPanel',
  managers: [{ id: 'controlPanel', title: 'Control Panel Manager', esKey: 'control_panel_manager', parent: null, description: 'Resolved control panels, cabinet configuration and physical inputs.' }],
  streams: [{ name: 'panel', description: 'Control panels: resolved panel state, cabinet configuration, physical inputs, theme events.', prefixes: ['panel.'], extraTypes: ['cpo.panel.config.selected'], aliases: [] }],
  options: panelOptions,
  events: panelEvents,
  provides: [currentPanelService],
  needs: [frontendNavigationService, onScreenService, machineDataService, instructionCardFieldsService],
  register: async (scope, context) => {
    const { options, settings, logger, enabled, deps } = context
    const resources = new PanelResources(dynpanelsRoot(context.core.dataDir))
    const art = new PanelArtStore(context.core.dataDir, (message) => logger.warn(message))
    // A drawing still being written when the service stops is finished first.
    context.onStop(async () => art.flushed())
    const { onScreen } = deps
    const service = new PanelService({
      resources,
      cabinet: cabinetConfig(options, settings.values),
      art,
      esSettings: settings.values,
      publisher: context.publisher,
      now: context.now,
      machines: deps.machineData,
      onScreen,
      navigated: (atMs) => { if (enabled) deps.frontendNavigation.panelNavigation(atMs) }
    })
    // The instruction card carries the Controls of the same resolution as panel.state; nothing while the manager is off.
    deps.instructionCardFields.add(({ frontendSystem, rom }) => enabled ? { Controls: service.controlsFor(frontendSystem, rom) } : {})
    context.provide(currentPanelService, {
      game: () => enabled ? service.currentGame() : null,
      themeSnapshot: (layout) => enabled ? service.currentThemeSnapshot(layout) : null
    })
    const wiring = new CabinetWiring(options.panelInputMap)
    const sources: InputSource[] = options.panelEvdevDevices.map((device) => new EvdevSource(device))
    let watch: FolderWatch | null = null
    let settingsWatch: FolderWatch | null = null
    // Switched off, the manager answers no route and publishes nothing: no drawing, no device read.
    const unsubscribe = enabled ? [onScreen.facts.on('SelectionChanged', service.onSelection), onScreen.facts.on('GameRunning', service.onGameRunning)] : []

    const reload = async (): Promise<void> => {
      await resources.load()
      for (const { file, error } of resources.errors) logger.warn(`panel file ${file} is not used: ${error}`)
    }
    const onWatchError = (error: Error): void => { logger.warn(`panel files: ${error.message}`) }
    context.onStart('control-panels', async () => {
      if (!enabled) return
      await reload()
      watch = watchFolder({
        ...resourceWatch,
        folder: resources.root,
        depth: 1,
        accepts: (file) => isPanelFile(resources.root, file),
        onChanged: () => { reload().catch(onWatchError) },
        onError: onWatchError
      })
      await watch.ready
      service.publishCabinet()
      if (settings.path !== null) {
        settingsWatch = watchPanelSettings(settings.path, settings, resourceWatch, (changed, changedKeys) => {
          service.applySettings(changed, cabinetConfig(options, changed), changedKeys)
        }, (message) => logger.warn(message))
      }
      for (const source of sources) {
        source.start((key) => {
          const press = wiring.resolve(key.code)
          if (press !== null) service.input(press, key.pressed)
        }, (message) => logger.warn(message))
      }
    })
    context.onStop(async () => {
      for (const stop of unsubscribe) stop()
      for (const source of sources) source.stop()
      await Promise.all([watch?.close(), settingsWatch?.close()])
    })
    context.addStatusSection('panels', () => ({
      resources: resources.root,
      filesLoaded: resources.panels.length,
      fileErrors: resources.errors.map((e) => ({ ...e })),
      cabinet: { ...service.cabinet },
      inputDevices: options.panelEvdevDevices,
      wiredCodes: wiring.size,
      ...service.status()
    }))
    panelRoutes(scope, service, art)
  }
})

export { writeDemoPanels } from './demo-panels.js'
export { dynpanelsRoot } from './resources.js'
export { LayoutQuery } from './schemas.js'
export type { PanelThemeSnapshot, ThemeButton } from './theme-snapshot.js'
