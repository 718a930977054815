/**
 * The embedded default: with no frontend configured, the service runs beside the simulated
 * frontend over the demo tree in its data dir (a simulated ES with our hook scripts installed, on a
 * RetroBat tree or with `--demo-profile batocera` a Batocera one), so every stream moves on a
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
import { demoGames, demoMediaDir, SimulatedFrontend, writeDemoTree } from './sim/index.js'

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

/** The simulated ES over a RetroBat or Batocera tree, with our hook scripts installed in it. */
async function startEsDemo (config: HubConfig, logger: Logger): Promise<{ root: string, url: string, stop: () => Promise<void> }> {
  const profile = config.demoProfile
  // RetroBat's tree keeps the folder it always had; another family's has its own beside it.
  const tree = await writeDemoTree(path.join(config.dataDir, profile === 'retrobat' ? 'demo-frontend' : `demo-frontend-${profile}`), profile)
  await configuredFrontendHooks({ ...config, profile })?.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDirOf(config.dataDir), port: config.port, platform: process.platform })
  const simulator = new SimulatedFrontend({ frontendRoot: tree.root, profile, playSeconds: demoPlaySeconds, autoplay: true, logger: logger.child({ module: 'sim' }) })
  const { url } = await simulator.start()
  return { root: tree.root, url, stop: async () => simulator.stop() }
}

/**
 * Writes the demo tree (first run; later runs keep the user's edits), starts the simulated frontend
 * of `--demo-profile` browsing and playing by itself, and points the configuration at it.
 */
export async function startDemoFrontend (loaded: LoadedConfig<HubConfig>, logger: Logger): Promise<DemoFrontend> {
  const { config } = loaded
  const demo = await startEsDemo(config, logger)
  writeDemoPanels(dynpanelsRoot(config.dataDir))
  // Every demo game has a table, so a client asking for the table of the game on screen gets one.
  writeDemoHiscores(demo.root, config.dataDir, demoGames().map((game) => romStem(game.file)))
  logger.info(`demo mode: simulated ${config.demoProfile} frontend on ${demo.url} over ${demo.root} (point --frontend-root at a real frontend to leave it)`)
  // The demo's achievements sessions play against the local host, unless the owner chose a mode.
  const achievementsMode = loaded.sources.achievementsMode === 'default' ? 'local' : config.achievementsMode
  const demoOptions = { frontendRoot: demo.root, profile: config.demoProfile, esUrl: demo.url }
  const fromDemo = Object.fromEntries(Object.keys(demoOptions).map((key) => [key, 'demo' as const]))
  return {
    loaded: {
      config: { ...config, ...demoOptions, mediaDir: config.mediaDir ?? demoMediaDir(demo.root), achievementsMode, achievementsDemo: true },
      sources: { ...loaded.sources, ...fromDemo, ...(config.mediaDir === null ? { mediaDir: 'demo' } : {}), achievementsDemo: 'demo', ...(achievementsMode === config.achievementsMode ? {} : { achievementsMode: 'demo' }) }
    },
    stop: async () => demo.stop()
  }
}
