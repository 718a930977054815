/**
 * The frontend seam: what the service needs to know of one frontend family to read its files.
 * RetroBat and Batocera-style EmulationStation are built in; another family (ES-DE, Recalbox) is
 * a folder of its own with an adapter, and one line in `adapters.ts`.
 */
import type { FrontendSettings } from '../core/settings.js'

/** Where an installation keeps things, derived from its root folder. */
export interface FrontendLayout {
  readonly root: string
  /** The adapter id the layout is of. */
  readonly profile: string
  /** Config folder: the systems file, the settings file and `scripts/<event>/`. */
  readonly esConfigDir: string
  /** Parent of the per-system rom folders. */
  readonly romsDir: string
  /** What `~` means in the systems file's paths (the frontend's home folder). */
  readonly homeDir: string
  /** Where users install themes besides the config folder's `themes/` (Batocera: `/userdata/themes`). */
  readonly themesDirs: readonly string[]
}

/** The folders the service reads, after the options had their say. */
export interface FrontendPaths {
  readonly esConfigDir: string | null
  readonly romsRoot: string | null
}

export interface FrontendAdapter {
  /** The `--profile` value that picks it. */
  readonly id: string
  readonly title: string
  /** The folders of an installation rooted at `root`. */
  layout (root: string): FrontendLayout
  /** The frontend's own settings (es_settings.cfg on EmulationStation), read at start. */
  readSettings (configDir: string | null): Promise<FrontendSettings>
  /** The file listing the systems, or null when the frontend has none the service can read. */
  systemsFile (paths: FrontendPaths): string | null
  /** The gamelist of one system, or null when the frontend keeps none. */
  gamelistFile (paths: FrontendPaths, systemId: string): string | null
}
