/**
 * Where a frontend keeps its files, per install profile. The service, the simulator and the demo
 * tree all resolve paths through here so they agree with each other and with real installs.
 */
import path from 'node:path'

/** The two EmulationStation distributions whose folder layouts we know. */
export type FrontendProfile = 'retrobat' | 'batocera'

export const frontendProfiles: readonly FrontendProfile[] = ['retrobat', 'batocera']

export interface FrontendLayout {
  readonly root: string
  readonly profile: FrontendProfile
  /** ES config folder: es_systems.cfg, es_settings.cfg and `scripts/<event>/`. */
  readonly esConfigDir: string
  /** Parent of the per-system rom folders (`<romsDir>/<system>/gamelist.xml`). */
  readonly romsDir: string
  /** What `~` means in es_systems.cfg paths (ES's home folder). */
  readonly homeDir: string
}

/**
 * The layout of a frontend tree rooted at `root`.
 * RetroBat: `<root>/emulationstation/.emulationstation/`, home `<root>/emulationstation`.
 * Batocera (`/userdata` mapped to `root`): `<root>/system/configs/emulationstation/`, home `<root>/system`.
 */
export function frontendLayout (root: string, profile: FrontendProfile = 'retrobat'): FrontendLayout {
  const absoluteRoot = path.resolve(root)
  const homeDir = profile === 'retrobat' ? path.join(absoluteRoot, 'emulationstation') : path.join(absoluteRoot, 'system')
  const esConfigDir = profile === 'retrobat' ? path.join(homeDir, '.emulationstation') : path.join(homeDir, 'configs', 'emulationstation')
  return { root: absoluteRoot, profile, esConfigDir, romsDir: path.join(absoluteRoot, 'roms'), homeDir }
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
