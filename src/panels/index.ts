/**
 * The Control Panel Manager: panel resources, cabinet configuration, panel.state with its
 * drawings, and physical inputs (evdev devices and POST /api/v1/panels/input).
 */
import { watchFolder, type FolderWatch } from '../core/folder-watch.js'
import type { Hub } from '../core/hub.js'
import type { HubApp, HubModule } from '../core/module.js'
import { surfaceSnapshotsOf } from '../surfaces/index.js'
import { PanelArtStore } from './art.js'
import { cabinetConfig } from './cabinet.js'
import { EvdevSource, type InputSource } from './evdev.js'
import { dynpanelsRoot, PanelResources } from './resources.js'
import { panelRoutes } from './routes.js'
import { PanelService } from './service.js'
import { watchPanelSettings } from './settings-watch.js'
import { CabinetWiring } from './wiring.js'
import { panelEvents } from './events.js'

/** Panel files are edited by hand now and then: a check a second is plenty. */
const resourcePollMs = 1000

async function registerPanels (app: HubApp, hub: Hub): Promise<void> {
  const resources = new PanelResources(dynpanelsRoot(hub.config.dataDir))
  const art = new PanelArtStore(hub.config.dataDir)
  const service = new PanelService({
    resources,
    cabinet: cabinetConfig(hub.config, hub.esSettings.values),
    art,
    esSettings: hub.esSettings.values,
    publish: (type, payload, options) => { hub.bus.publish(type, payload, options) },
    now: hub.now
  })
  if (hub.isEnabled('controlPanel')) {
    // The instruction card tells what each button does, from the same resolution as panel.state.
    surfaceSnapshotsOf(hub).instructionCardExtension = (entry) => ({
      Controls: service.controlsFor(entry.frontendSystem, entry.rom)
    })
  }
  const wiring = new CabinetWiring(hub.config.panelInputMap)
  const sources: InputSource[] = hub.config.panelEvdevDevices.map((device) => new EvdevSource(device))
  let watch: FolderWatch | null = null
  let settingsWatch: FolderWatch | null = null
  // Switched off, the manager answers no route and publishes nothing: no drawing, no device read.
  const enabled = hub.isEnabled('controlPanel')
  const unsubscribe = enabled ? hub.bus.subscribe(service.onEvent) : () => {}

  const reload = (): void => {
    if (!resources.reloadIfChanged()) return
    for (const { file, error } of resources.errors) hub.logger.warn(`panel file ${file} is not used: ${error}`)
  }
  hub.startup.register('control-panels', async () => {
    if (!enabled) return
    reload()
    watch = watchFolder(resources.root, resourcePollMs, reload)
    service.publishCabinet()
    const settingsFile = hub.esSettings.path
    if (settingsFile !== null) {
      settingsWatch = watchPanelSettings(settingsFile, hub.esSettings.values, resourcePollMs, (settings, changedKeys) => {
        service.applySettings(settings, cabinetConfig(hub.config, settings), changedKeys)
      }, (message) => hub.logger.warn(message))
    }
    for (const source of sources) {
      source.start((key) => {
        const press = wiring.resolve(key.code)
        if (press !== null) service.input(press, key.pressed)
      }, (message) => hub.logger.warn(message))
    }
  })
  app.addHook('onClose', async () => {
    unsubscribe()
    watch?.stop()
    settingsWatch?.stop()
    for (const source of sources) source.stop()
  })
  hub.addStatusSection('panels', () => ({
    resources: resources.root,
    filesLoaded: resources.panels.length,
    fileErrors: resources.errors.map((e) => ({ ...e })),
    cabinet: { ...service.cabinet },
    inputDevices: hub.config.panelEvdevDevices,
    wiredCodes: wiring.size,
    ...service.status()
  }))
  panelRoutes(app, service, art)
}

export const panelsModule: HubModule = { name: 'panels', manager: 'controlPanel', events: panelEvents, register: registerPanels }
