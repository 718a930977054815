/**
 * The frontend link module: hook intake, context, ui.* events, frontend lifecycle, the launch
 * command and frontend control. Not a switchable manager.
 */
import { watchFolder, type FolderWatch } from '../core/folder-watch.js'
import { defineModule } from '../core/module.js'
import { frontendInstallService, type FrontendInstall } from '../frontends/index.js'
import { catalogService } from '../library/index.js'
import { gameMediaService } from '../media/index.js'
import { DryRunBackend, SimulatorBackend, type InputBackend } from './control/backends.js'
import { FrontendController } from './control/controller.js'
import { controllerRoutes } from './control/routes.js'
import { XdotoolBackend } from './control/xdotool-backend.js'
import { EsWebApi } from './es-client.js'
import { frontendEvents } from './events.js'
import { HookIntake } from './intake.js'
import { LaunchCommand } from './launch.js'
import { FrontendLifecycle } from './lifecycle.js'
import { frontendOptions, type FrontendConfig } from './options.js'
import { contextRoutes, ingestRoutes } from './routes.js'
import { FrontendLink } from './service.js'
import { spoolDirOf } from './spool.js'
import { gameView } from './views.js'

/** Gamelists change rarely (a scrape, an edit): checking them once a second is plenty. */
const gamelistPollMs = 1000

function inputBackend (options: FrontendConfig, install: FrontendInstall, es: EsWebApi): InputBackend {
  switch (options.controlBackend) {
    case 'simulator': return new SimulatorBackend(es)
    case 'xdotool': return new XdotoolBackend({ xdotool: '/usr/bin/xdotool', esConfigDir: install.esConfigDir, windowName: options.xdotoolWindowName, display: process.env.DISPLAY })
    case 'dry-run': return new DryRunBackend()
  }
}

export const frontendModule = defineModule({
  name: 'frontend',
  gate: null,
  streams: [
    { name: 'frontend', description: 'Frontend navigation and lifecycle: selections, game start and end, other hooks.', prefixes: ['ui.'], extraTypes: [], aliases: [] },
    { name: 'esevent', description: 'Raw frontend hook traffic, as received.', prefixes: ['esevent.'], extraTypes: [], aliases: ['es-event', 'es_event', 'esevents', 'es-events'] },
    { name: 'control', description: 'Command and navigation acknowledgements.', prefixes: ['commands.', 'intent.', 'es-control.'], extraTypes: [], aliases: [] }
  ],
  options: frontendOptions,
  events: frontendEvents,
  needs: [frontendInstallService, catalogService, gameMediaService],
  register: async (scope, context) => {
    const { options, publisher, logger } = context
    const install = context.use(frontendInstallService)
    const catalog = context.use(catalogService)
    const media = context.use(gameMediaService)
    const spoolDir = spoolDirOf(context.core.dataDir)
    const es = new EsWebApi(install.esUrl)
    const loadApiSystems = (): void => {
      void es.systems().then((systems) => { if (systems !== null) catalog.setApiSystems(systems) })
    }
    const lifecycle = new FrontendLifecycle({
      es,
      probeIntervalMs: options.esProbeIntervalMs,
      onReachable: loadApiSystems,
      publish: (running, reason) => publisher.publish(running ? 'ui.frontend.started' : 'ui.frontend.stopped', { Reason: reason, EsUrl: install.esUrl })
    })
    const link = new FrontendLink({ publisher, now: context.now, selectionBurstMs: options.selectionBurstMs }, catalog, lifecycle)
    const intake = new HookIntake({ link, spoolDir, eventsIni: options.eventsIni, pollMs: options.watchPollMs, logger })
    const launch = new LaunchCommand({
      es,
      publisher,
      romsRoot: install.romsRoot,
      currentGame: () => {
        const current = link.context.currentGame()
        return current === null ? null : { gameId: gameView(current, catalog, null).gameId, gamePath: current.gamePath }
      }
    })
    const controller = new FrontendController({ backend: inputBackend(options, install, es), es, context: link.context, catalog, publisher })
    let gamelistWatch: FolderWatch | null = null

    context.onStart('frontend-link', async () => {
      const applied = await intake.openDoors()
      if (applied > 0) logger.info(`applied ${applied} spooled frontend hooks`)
      if (install.romsRoot !== null) gamelistWatch = watchFolder(install.romsRoot, gamelistPollMs, () => { void catalog.refreshGamelists() })
      lifecycle.start()
    })
    context.onStop(async () => {
      await intake.stop()
      lifecycle.stop()
      link.stop()
      gamelistWatch?.stop()
    })
    context.addStatusSection('frontend', () => ({
      configDir: install.esConfigDir,
      romsRoot: install.romsRoot,
      esUrl: install.esUrl,
      webApiReachable: lifecycle.webApiReachable,
      running: lifecycle.running,
      eventsIni: options.eventsIni,
      spoolDir,
      intakeOpen: intake.open,
      catalog: { ...catalog.counts(), unreadableGamelists: catalog.unreadableGamelists() },
      ...link.status()
    }))

    const deps = { intake, link, catalog, media, launch }
    ingestRoutes(scope, deps)
    contextRoutes(scope, deps)
    controllerRoutes(scope, controller, es)
  }
})

export { FrontendContext, gameRef } from './context.js'
export { frontendEvents, selectionFields, type FrontendEvents } from './events.js'
export { spoolDirOf } from './spool.js'
export { runHookCommand } from './hook-command.js'
export { installHooks, uninstallHooks } from './install-hooks.js'
export type { FrontendConfig } from './options.js'
