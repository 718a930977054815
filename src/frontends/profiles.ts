/**
 * Paths in a frontend tree. The service, the simulator and the demo tree all resolve them through
 * the adapters' layouts, so they agree with each other and with real installs.
 */
import path from 'node:path'
import type { FrontendLayout } from './adapter.js'
import { builtInAdapters } from './adapters.js'

/** The ES-family frontends whose layouts the demo tree writes (`retrobat`, `batocera`, `es-de`). */
export type FrontendProfile = 'retrobat' | 'batocera' | 'es-de'

/** What the simulated EmulationStation plays: `cabinet-hub sim` and the embedded demo (ES-DE's simulator is test support). */
export type SimulatedProfile = Exclude<FrontendProfile, 'es-de'>

export const simulatedProfiles: readonly SimulatedProfile[] = ['retrobat', 'batocera']

/** The layouts a demo tree is written in (`cabinet-hub demo-tree`): the ES family's, and Recalbox's. */
export type DemoTreeProfile = FrontendProfile | 'recalbox'

export const demoTreeProfiles: readonly DemoTreeProfile[] = [...simulatedProfiles, 'es-de', 'recalbox']

/** The layout of a built-in frontend tree rooted at `root`. */
export function frontendLayout (root: string, profile: DemoTreeProfile = 'retrobat'): FrontendLayout {
  return builtInAdapters.find((adapter) => adapter.id === profile)!.layout(root)
}

/** The folder ES runs the scripts of one hook event from. */
export function hookScriptsDir (layout: FrontendLayout, event: string): string {
  return path.join(layout.esConfigDir, 'scripts', event)
}

/**
 * Resolves a `<path>` from es_systems.cfg on this tree: `~` is ES's home, `/userdata/` (Batocera's
 * absolute paths) is the tree root, backslashes are separators, relative paths start at the config folder.
 */
export function resolveSystemPath (layout: FrontendLayout, configured: string): string {
  const slashed = configured.trim().replaceAll('\\', '/')
  if (slashed === '~' || slashed.startsWith('~/')) return path.resolve(layout.homeDir, slashed.slice(2))
  if (slashed.startsWith('/userdata/')) return path.resolve(layout.root, slashed.slice('/userdata/'.length))
  return path.resolve(layout.esConfigDir, slashed)
}

/** An absolute path the way ES prints it: forward slashes. */
export function toEsPath (absolutePath: string): string {
  return absolutePath.replaceAll('\\', '/')
}
