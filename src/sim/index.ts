/**
 * The simulated EmulationStation frontend and the demo frontend tree: what `cabinet-hub sim`,
 * `cabinet-hub demo-tree` and the embedded demo mode run. See README.md beside this file.
 */

/**
 * A simulated ES: serves the ES web API on 127.0.0.1, fires hook scripts from the tree's
 * `scripts/<event>/` folders like ES, and can browse and play by itself (`autoplay`).
 * `start()` -> `{ url }`, `stop()`, `closed`.
 */
export { SimulatedFrontend, type SimulatedFrontendOptions } from './frontend.js'

/** The simulated frontend of any profile: `SimulatedFrontend` (ES), or `SimulatedEsDe` (ES-DE: custom events, only `/sim/*` routes). */
export { simulatedFrontend } from './simulated.js'
export { SimulatedEsDe } from './es-de/frontend.js'
export type { EsDeSimState } from './es-de/simulator.js'

/** Writes the demo frontend tree into a folder; only missing files are written, user edits stay. */
export { writeDemoTree, type DemoTreeProfile, type DemoTreeResult } from './demo-tree/write.js'
export { demoMediaDir } from './demo-tree/parts.js'

/**
 * A simulated Recalbox: tells its events on an MQTT broker as Recalbox does, launches over UDP,
 * answers `/api/status`. `start()` -> `{ apiUrl, launchPort }`, `stop()`. See README.md.
 */
export { BrokerUnreachableError, RecalboxSimulator } from './recalbox/simulator.js'

/** An MQTT broker in this process, for the embedded Recalbox demo. */
export { startEmbeddedBroker } from './recalbox/broker.js'

/** Every game of the demo tree (system, rom file, name). */
export { demoGames } from './demo-tree/catalog-data.js'

/** Folder layouts of the supported profiles (`retrobat`, `batocera`, `es-de`) and where hook scripts live. */
export { demoProfiles, frontendLayout, hookScriptsDir, type FrontendLayout, type FrontendProfile } from '../frontends/index.js'

/** The controller inputs `POST /sim/input` accepts. */
export type { SimInput } from './navigator.js'

/** The body of `GET /sim/state`. */
export type { SimState } from './simulator.js'
