/**
 * The embedded default: with no frontend configured, the service runs beside the simulated
 * frontend over the demo tree in its data dir, with our hook scripts installed, so every stream
 * moves on a machine that has no EmulationStation.
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
import { demoGames, demoMediaDir, simulatedFrontend, writeDemoTree } from './sim/index.js'

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

/**
 * Writes the demo tree (first run; later runs keep the user's edits), installs our hook scripts,
 * starts the simulator browsing and playing by itself, and points the configuration at both.
 */
export async function startDemoFrontend (loaded: LoadedConfig<HubConfig>, logger: Logger): Promise<DemoFrontend> {
  const { config } = loaded
  const profile = config.demoProfile
  // RetroBat's tree keeps the folder it always had; another family's has its own beside it.
  const tree = await writeDemoTree(path.join(config.dataDir, profile === 'retrobat' ? 'demo-frontend' : `demo-frontend-${profile}`), profile)
  writeDemoPanels(dynpanelsRoot(config.dataDir))
  // Every demo game has a table, so a client asking for the table of the game on screen gets one.
  writeDemoHiscores(tree.root, config.dataDir, demoGames().map((game) => romStem(game.file)))
  configuredFrontendHooks({ ...config, profile })?.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDirOf(config.dataDir), port: config.port, platform: process.platform })
  const simulator = simulatedFrontend({ frontendRoot: tree.root, profile, playSeconds: demoPlaySeconds, autoplay: true, logger: logger.child({ module: 'sim' }) })
  const { url } = await simulator.start()
  logger.info(`demo mode: simulated frontend on ${url} over ${tree.root} (point --frontend-root at a real frontend to leave it)`)
  // The demo's achievements sessions play against the local host, unless the owner chose a mode.
  const achievementsMode = loaded.sources.achievementsMode === 'default' ? 'local' : config.achievementsMode
  return {
    loaded: {
      config: { ...config, frontendRoot: tree.root, profile, esUrl: url, mediaDir: config.mediaDir ?? demoMediaDir(tree.root), achievementsMode, achievementsDemo: true },
      sources: { ...loaded.sources, frontendRoot: 'demo', profile: 'demo', esUrl: 'demo', ...(config.mediaDir === null ? { mediaDir: 'demo' } : {}), achievementsDemo: 'demo', ...(achievementsMode === config.achievementsMode ? {} : { achievementsMode: 'demo' }) }
    },
    stop: async () => simulator.stop()
  }
}
