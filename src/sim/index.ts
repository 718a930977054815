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

/** Writes the demo frontend tree into a folder; only missing files are written, user edits stay. */
export { writeDemoTree, type DemoTreeResult } from './demo-tree/write.js'
export { demoMediaDir } from './demo-tree/parts.js'

/** Every game of the demo tree (system, rom file, name). */
export { demoGames } from './demo-tree/catalog-data.js'

/** Folder layouts of the supported profiles and where hook scripts live; the profiles the simulator plays and the demo tree writes. */
export { demoTreeProfiles, frontendLayout, hookScriptsDir, simulatedProfiles, type DemoTreeProfile, type FrontendLayout, type FrontendProfile, type SimulatedProfile } from '../frontends/index.js'

/** The controller inputs `POST /sim/input` accepts. */
export type { SimInput } from './navigator.js'

/** The body of `GET /sim/state`. */
export type { SimState } from './simulator.js'
