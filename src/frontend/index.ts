/**
 * The frontend link module: hook intake, context, ui.* events, the library catalog it reads
 * details from, frontend lifecycle, the launch command and frontend control. Not a switchable manager.
 */
import { watchFolder, type FolderWatch } from '../core/folder-watch.js'
import type { Hub } from '../core/hub.js'
import type { HubApp, HubModule } from '../core/module.js'
import { sharedCatalog } from '../library/shared.js'
import { DryRunBackend, SimulatorBackend, type InputBackend } from './control/backends.js'
import { XdotoolBackend } from './control/xdotool-backend.js'
import { FrontendController } from './control/controller.js'
import { controllerRoutes } from './control/routes.js'
import { EsWebApi } from './es-client.js'
import { HookIntake } from './intake.js'
import { LaunchCommand } from './launch.js'
import { frontendLayout } from './layout.js'
import { FrontendLifecycle } from './lifecycle.js'
import { contextRoutes, ingestRoutes } from './routes.js'
import { FrontendLink } from './service.js'
import { gameView } from './views.js'
import { frontendEvents } from './events.js'

/** Gamelists change rarely (a scrape, an edit): checking them once a second is plenty. */
const gamelistPollMs = 1000

function inputBackend (hub: Hub, es: EsWebApi): InputBackend {
  switch (hub.config.controlBackend) {
    case 'simulator': return new SimulatorBackend(es)
    case 'xdotool': return new XdotoolBackend({ xdotool: '/usr/bin/xdotool', esConfigDir: frontendLayout(hub.config).esConfigDir, windowName: hub.config.xdotoolWindowName, display: process.env.DISPLAY })
    case 'dry-run': return new DryRunBackend()
  }
}

async function registerFrontend (app: HubApp, hub: Hub): Promise<void> {
  const layout = frontendLayout(hub.config)
  const es = new EsWebApi(hub.config.esUrl)
  const catalog = sharedCatalog(hub)
  const loadApiSystems = (): void => {
    void es.systems().then((systems) => { if (systems !== null) catalog.setApiSystems(systems) })
  }
  const lifecycle = new FrontendLifecycle({
    es,
    probeIntervalMs: hub.config.esProbeIntervalMs,
    onReachable: loadApiSystems,
    publish: (running, reason) => hub.bus.publish(running ? 'ui.frontend.started' : 'ui.frontend.stopped', { Reason: reason, EsUrl: hub.config.esUrl })
  })
  const link = new FrontendLink(hub, catalog, lifecycle)
  const intake = new HookIntake({ link, spoolDir: layout.spoolDir, eventsIni: hub.config.eventsIni, pollMs: hub.config.watchPollMs, logger: hub.logger })
  const launch = new LaunchCommand({
    es,
    bus: hub.bus,
    romsRoot: layout.romsRoot,
    currentGame: () => {
      const current = link.context.currentGame()
      return current === null ? null : { gameId: gameView(current, catalog).gameId, gamePath: current.gamePath }
    }
  })
  const controller = new FrontendController({
    backend: inputBackend(hub, es),
    es,
    context: link.context,
    catalog,
    bus: hub.bus
  })
  let gamelistWatch: FolderWatch | null = null

  hub.startup.register('frontend-link', async () => {
    await catalog.load()
    const applied = intake.openDoors()
    if (applied > 0) hub.logger.info(`applied ${applied} spooled frontend hooks`)
    if (layout.romsRoot !== null) gamelistWatch = watchFolder(layout.romsRoot, gamelistPollMs, () => { void catalog.refreshGamelists() })
    lifecycle.start()
  })
  app.addHook('onClose', async () => {
    intake.stop()
    lifecycle.stop()
    link.stop()
    gamelistWatch?.stop()
  })
  hub.addStatusSection('frontend', () => ({
    configDir: layout.esConfigDir,
    romsRoot: layout.romsRoot,
    esUrl: hub.config.esUrl,
    webApiReachable: lifecycle.webApiReachable,
    running: lifecycle.running,
    eventsIni: hub.config.eventsIni,
    spoolDir: layout.spoolDir,
    intakeOpen: intake.open,
    catalog: { ...catalog.counts(), unreadableGamelists: catalog.unreadableGamelists() },
    ...link.status()
  }))

  const deps = { intake, link, catalog, launch }
  ingestRoutes(app, deps)
  contextRoutes(app, deps)
  controllerRoutes(app, controller, es)
}

export const frontendModule: HubModule = { name: 'frontend', manager: null, events: frontendEvents, register: registerFrontend }
