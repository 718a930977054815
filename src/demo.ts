/**
 * The embedded default: with no frontend configured, the service runs beside the simulated
 * frontend over the demo tree in its data dir (a simulated ES with our hook scripts installed, or
 * with `--demo-profile recalbox` a simulated Recalbox and its broker), so every stream moves on a
 * machine that has no EmulationStation.
 */
import path from 'node:path'
import type { Logger } from 'pino'
import type { LoadedConfig } from './core/options.js'
import type { HubConfig } from './modules.js'
import { dynpanelsRoot, writeDemoPanels } from './panels/index.js'
import { spoolDirOf } from './frontend/index.js'
import { builtInAdapters, configuredFrontendHooks } from './frontends/index.js'
import { writeDemoHiscores } from './hiscores/index.js'
import { romStem } from './identity/index.js'
import { demoGames, demoMediaDir, RecalboxSimulator, simulatedFrontend, startEmbeddedBroker, writeDemoTree, type FrontendProfile } from './sim/index.js'

/** Seconds a demo game "runs" before the simulated frontend ends it. */
const demoPlaySeconds = 12

/** True when nothing points the service at a real frontend (a family with a place of its own, ES-DE's app-data folder, is found there). */
export function wantsDemo (config: HubConfig): boolean {
  const ownPlace = builtInAdapters.find((adapter) => adapter.id === config.profile)?.defaultRoot !== undefined
  return config.frontendRoot === null && config.esConfigDir === null && config.eventsIni === null && !ownPlace
}

export interface DemoFrontend {
  /** The configuration, pointed at the demo tree and the simulator. */
  readonly loaded: LoadedConfig<HubConfig>
  stop (): Promise<void>
}

interface DemoSimulator {
  /** Where the simulated frontend's tree is. */
  readonly root: string
  /** The options that point the service at it. */
  readonly options: Readonly<Record<string, unknown>>
  readonly url: string
  stop (): Promise<void>
}

/** The simulated ES over a RetroBat, Batocera or ES-DE tree, with our hook scripts installed in it. */
async function startEsDemo (profile: FrontendProfile, config: HubConfig, logger: Logger): Promise<DemoSimulator> {
  // RetroBat's tree keeps the folder it always had; another family's has its own beside it.
  const tree = await writeDemoTree(path.join(config.dataDir, profile === 'retrobat' ? 'demo-frontend' : `demo-frontend-${profile}`), profile)
  await configuredFrontendHooks({ ...config, profile })?.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDirOf(config.dataDir), port: config.port, platform: process.platform })
  const simulator = simulatedFrontend({ frontendRoot: tree.root, profile, playSeconds: demoPlaySeconds, autoplay: true, logger: logger.child({ module: 'sim' }) })
  const { url } = await simulator.start()
  return { root: tree.root, options: { frontendRoot: tree.root, profile, esUrl: url }, url, stop: async () => simulator.stop() }
}

/** The simulated Recalbox over a Recalbox tree, telling its events on a broker of its own (Recalbox brings its Mosquitto). */
async function startRecalboxDemo (config: HubConfig, logger: Logger): Promise<DemoSimulator> {
  const tree = await writeDemoTree(path.join(config.dataDir, 'demo-recalbox'), 'recalbox')
  const broker = await startEmbeddedBroker()
  const stateFile = path.join(tree.root, 'es_state.inf')
  const simulator = new RecalboxSimulator({ root: tree.root, brokerUrl: broker.url, stateFile, playSeconds: demoPlaySeconds, autoplay: true, logger: logger.child({ module: 'sim' }) })
  const { apiUrl, launchPort } = await simulator.start()
  return {
    root: tree.root,
    options: { frontendRoot: tree.root, profile: 'recalbox', recalboxHost: broker.hostPort, recalboxApiPort: Number(new URL(apiUrl).port), recalboxLaunchPort: launchPort, recalboxStateFile: stateFile },
    url: `${apiUrl} (events on ${broker.url})`,
    stop: async () => {
      await simulator.stop()
      await broker.close()
    }
  }
}

async function startDemoSimulator (config: HubConfig, logger: Logger): Promise<DemoSimulator> {
  return config.demoProfile === 'recalbox' ? startRecalboxDemo(config, logger) : startEsDemo(config.demoProfile, config, logger)
}

/**
 * Writes the demo tree (first run; later runs keep the user's edits), starts the simulated frontend
 * of `--demo-profile` browsing and playing by itself, and points the configuration at it.
 */
export async function startDemoFrontend (loaded: LoadedConfig<HubConfig>, logger: Logger): Promise<DemoFrontend> {
  const { config } = loaded
  const demo = await startDemoSimulator(config, logger)
  writeDemoPanels(dynpanelsRoot(config.dataDir))
  // Every demo game has a table, so a client asking for the table of the game on screen gets one.
  writeDemoHiscores(demo.root, config.dataDir, demoGames().map((game) => romStem(game.file)))
  logger.info(`demo mode: simulated ${config.demoProfile} frontend on ${demo.url} over ${demo.root} (point --frontend-root at a real frontend to leave it)`)
  // The demo's achievements sessions play against the local host, unless the owner chose a mode.
  const achievementsMode = loaded.sources.achievementsMode === 'default' ? 'local' : config.achievementsMode
  const fromDemo = Object.fromEntries(Object.keys(demo.options).map((key) => [key, 'demo' as const]))
  return {
    loaded: {
      config: { ...config, ...demo.options, mediaDir: config.mediaDir ?? demoMediaDir(demo.root), achievementsMode, achievementsDemo: true },
      sources: { ...loaded.sources, ...fromDemo, ...(config.mediaDir === null ? { mediaDir: 'demo' } : {}), achievementsDemo: 'demo', ...(achievementsMode === config.achievementsMode ? {} : { achievementsMode: 'demo' }) }
    },
    stop: async () => demo.stop()
  }
}
