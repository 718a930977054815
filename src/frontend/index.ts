/**
 * The frontend link module: hook intake, context, ui.* events, frontend lifecycle, the launch
 * command and frontend control. Not a switchable manager.
 */
import path from 'node:path'
import { watchFolder, type FolderWatch } from '../core/folder-watch/folder-watch.js'
import { defineModule } from '../core/module.js'
import { esButtons, frontendInstallService, installProblem, toSystemInfo, type FrontendInstall, type FrontendWebApi, type InputBackend } from '../frontends/index.js'
import { catalogService } from '../library/index.js'
import { gameMediaService } from '../media/index.js'
import { DryRunBackend } from './control/backends.js'
import { FrontendController } from './control/controller.js'
import { controllerRoutes } from './control/routes.js'
import { doctorCommand } from './doctor.js'
import { onScreenOf, onScreenService, type FrontendFacts } from './facts.js'
import { frontendNavigationService } from './navigation.js'
import { frontendEvents } from './events.js'
import { hookScriptsPlace, HookScriptsWatch } from './hook-scripts-watch.js'
import { HookIntake } from './intake.js'
import { LaunchCommand } from './launch.js'
import { FrontendLifecycle } from './lifecycle.js'
import { presenceProbe } from './presence.js'
import { frontendOptions, type FrontendConfig } from './options.js'
import { Reconciler } from './reconcile.js'
import { contextRoutes, ingestRoutes } from './routes.js'
import { FrontendLink } from './service.js'
import { spoolDirOf } from './spool.js'
import { catalogStatus, UnlistedRoms } from './unlisted-roms.js'

/** Gamelists change rarely (a scrape, an edit): their changes are watched, and read once a scrape's writes are done. */
const gamelistWatch = { pollMs: 2000, quiet: { batchMs: 200 } }

/** A game-start this recent may be ahead of the frontend's own state: the web API's "nothing runs" does not end it yet. */
const startSettleMs = 2000

/** The configured backend, from the frontend family; `dry-run`, and a family that cannot be driven, only plan. */
function inputBackend (options: FrontendConfig, install: FrontendInstall, es: FrontendWebApi): InputBackend {
  const controls = install.adapter.controls
  if (options.controlBackend === 'dry-run' || controls === null) return new DryRunBackend()
  return controls.backend(options.controlBackend, { webApi: es, esConfigDir: install.esConfigDir, display: process.env.DISPLAY, windowClass: options.xdotoolWindowClass ?? controls.windowClass })
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
  commands: [doctorCommand],
  needs: [frontendInstallService, catalogService, gameMediaService],
  provides: [frontendNavigationService, onScreenService],
  register: async (scope, context) => {
    const { options, publisher, logger } = context
    const install = context.deps.frontendInstall
    const catalog = context.deps.catalog
    const media = context.deps.gameMedia
    const spoolDir = spoolDirOf(context.core.dataDir)
    const es = install.adapter.webApi(install.esUrl)
    const loadApiSystems = (): void => {
      void es.systems().then((entries) => {
        if (entries === null) return
        // Collections sit on the carousel too; the catalog holds systems only.
        catalog.setApiSystems(entries.flatMap((entry) => {
          const system = toSystemInfo(entry)
          return system === null || install.adapter.isCollection(system.name) ? [] : [system]
        }))
      })
    }
    const facts = context.factChannel<FrontendFacts>()
    const probe = presenceProbe(install, es)
    // A family without a web API is never said to have one.
    const webApiFields = probe.webApiUrl === null ? {} : { EsUrl: probe.webApiUrl }
    const lifecycle = new FrontendLifecycle({
      probe,
      probeIntervalMs: options.esProbeIntervalMs,
      now: context.now,
      onReachable: loadApiSystems,
      publish: (running, reason) => {
        // The context follows: a frontend that quit shows nothing, whatever it showed before.
        if (running) link.context.frontendStarted()
        else link.context.frontendStopped()
        publisher.publish(running ? 'ui.frontend.started' : 'ui.frontend.stopped', { Reason: reason, ...webApiFields })
        facts.tell('FrontendLifecycle', { running, reason })
      },
      publishState: (state) => publisher.publish('ui.frontend.state', { Running: state.running, Since: state.since.toISOString(), Reason: state.reason, ...(state.webApiReachable === null ? {} : { WebApi: state.webApiReachable }), ...webApiFields })
    })
    const link = new FrontendLink({ publisher, facts, now: context.now, selectionBurstMs: options.selectionBurstMs, startSettleMs, adapter: install.adapter, startedAtMs: context.now().getTime() }, catalog, lifecycle)
    const reconciler = new Reconciler({
      es,
      intervalMs: options.reconcileIntervalMs,
      hintDelayMs: options.reconcileHintMs,
      // Only a web API that answers can say what runs (ES-DE has none: its hooks alone tell).
      frontendUp: () => lifecycle.running === true && lifecycle.webApiReachable === true,
      apply: (running) => link.reconcile(running),
      onError: (message) => logger.warn(message)
    })
    link.useReconciler(reconciler)
    context.provide(onScreenService, onScreenOf(() => link.context.snapshot(), facts))
    const intake = new HookIntake({ link, spoolDir, eventsIni: options.eventsIni, pollMs: options.watchPollMs, reorderMs: options.hookReorderMs, hookScriptsFolder: hookScriptsPlace(install)?.folder ?? null, eventSource: install.adapter.eventSource ?? null, logger })
    const launch = new LaunchCommand({
      es,
      publisher,
      onAccepted: () => reconciler.soon(),
      romsRoot: install.romsRoot,
      currentGame: () => link.context.currentGame()
    })
    // A family without controls of its own only plans (dry-run); the plan is written in ES's button
    // names, and goes the long way round a list, which is right whether its lists wrap or not.
    const controller = new FrontendController({ backend: inputBackend(options, install, es), controls: install.adapter.controls ?? { ...esButtons, listsWrap: false }, es, context: link.context, onInput: () => { link.navigationInput(context.now().getTime()) }, catalog, publisher })
    context.provide(frontendNavigationService, {
      // In a game, the emulator has the controls.
      panelNavigation: (atMs) => { if (link.context.snapshot().state !== 'playing') link.navigationInput(atMs) }
    })
    let gamelists: FolderWatch | null = null
    const unlisted = new UnlistedRoms(install, catalog)

    // The install is looked at once, at start; the hook scripts as long as the service runs.
    let notInstall: string | null = null
    const linkProblem = (): string | null => {
      const problems = [notInstall, hookScripts.problem].filter((problem) => problem !== null)
      return problems.length === 0 ? null : problems.join('; ')
    }
    const hookScripts = new HookScriptsWatch({
      install,
      spoolDir,
      dataDir: context.core.dataDir,
      onChanged: (problem) => {
        if (problem !== null) logger.warn(problem)
        const now = linkProblem()
        publisher.publish('ui.frontend.link.changed', { Link: now === null ? 'ok' : 'degraded', Problem: now })
      },
      onError: (error) => { logger.warn(`hook scripts: ${error.message}`) }
    })
    context.onStart('frontend-link', async () => {
      // Whether the frontend runs now goes out before the hooks spooled while the service was down.
      await lifecycle.start()
      const applied = await intake.openDoors()
      link.replayDone()
      if (applied > 0) logger.info(`applied ${applied} spooled frontend hooks`)
      reconciler.start()
      notInstall = await installProblem(install)
      await hookScripts.start()
      const problem = linkProblem()
      if (problem === null) return
      logger.warn(problem)
      return { degraded: problem }
    })
    // Watching the gamelists lists every rom folder (50,000 files on a big cabinet): once ready, and
    // what changed since the library read them is read once the watch knows the files.
    context.onReady(() => {
      if (install.romsRoot === null) return
      gamelists = watchFolder({
        ...gamelistWatch,
        folder: install.romsRoot,
        depth: 1,
        accepts: (file) => file === install.adapter.gamelistFile(install, path.basename(path.dirname(file))),
        onChanged: () => { void catalog.refreshGamelists().then(async () => unlisted.recount()) },
        onError: (error) => { logger.warn(`gamelists: ${error.message}`) }
      })
      void gamelists.ready.then(async () => catalog.refreshGamelists()).then(async () => unlisted.recount())
    })
    context.onStop(async () => {
      await intake.stop()
      await hookScripts.stop()
      lifecycle.stop()
      reconciler.stop()
      link.stop()
      await gamelists?.close()
    })
    context.addStatusSection('frontend', () => ({
      link: linkProblem() === null ? 'ok' : 'degraded',
      problem: linkProblem(),
      configDir: install.esConfigDir,
      romsRoot: install.romsRoot,
      ...(probe.webApiUrl === null ? {} : { esUrl: probe.webApiUrl, webApiReachable: lifecycle.webApiReachable }),
      running: lifecycle.running,
      eventsIni: options.eventsIni,
      eventsIniDoor: intake.eventsIniStatus(),
      eventSource: install.adapter.eventSource?.status() ?? null,
      spoolDir,
      installedHooksSpoolInto: hookScripts.spoolDirs,
      intakeOpen: intake.open,
      catalog: catalogStatus(catalog.counts(), unlisted.count, catalog.unreadableGamelists()),
      reconcile: reconciler.status(),
      ...link.status()
    }))

    const deps = { intake, link, catalog, media, launch, spoolDir }
    ingestRoutes(scope, deps)
    contextRoutes(scope, deps)
    controllerRoutes(scope, controller, es)
  }
})

export { frontendNavigationService } from './navigation.js'
export { onScreenService, type FactOrigin, type FrontendFacts, type OnScreen } from './facts.js'
export type { GameOnScreen } from './game-on-screen.js'
export { selectionFields, type FrontendEvents } from './events.js'
export { spoolDirOf } from './spool.js'
export { frontendProblems, type FrontendProblem } from './doctor.js'
export { runHookCommand } from './hook-command.js'
export type { FrontendConfig } from './options.js'
