/**
 * Where the frontend keeps things, from `--frontend-root` and the profile (design.md §5). Every
 * path can be overridden by its own option.
 */
import path from 'node:path'
import type { HubConfig } from '../config.js'
import { frontendLayout as treeLayout } from '../library/frontend-layout.js'

export interface FrontendLayout {
  /** Holds `es_settings.cfg`, `es_systems.cfg` and `scripts/<event>/`. */
  readonly esConfigDir: string | null
  /** Holds `<system>/gamelist.xml` and the rom files. */
  readonly romsRoot: string | null
  /** Where hooks spool when the service cannot be reached. */
  readonly spoolDir: string
}

type LayoutOptions = Pick<HubConfig, 'frontendRoot' | 'profile' | 'esConfigDir' | 'romsRoot' | 'dataDir'>

/** The effective ES config folder: `--es-config-dir`, else derived from the root and profile. */
export function effectiveEsConfigDir (config: Pick<HubConfig, 'frontendRoot' | 'profile' | 'esConfigDir'>): string | null {
  if (config.esConfigDir !== null) return path.resolve(config.esConfigDir)
  if (config.frontendRoot === null) return null
  return treeLayout(config.frontendRoot, config.profile).esConfigDir
}

/**
 * Folders holding EmulationStation theme folders, in search order: `--themes-dir`, the ES config
 * folder's `themes/` (RetroBat), and on Batocera `/userdata/themes`, where users install themes.
 */
export function themeRoots (config: Pick<HubConfig, 'themesDir' | 'frontendRoot' | 'profile' | 'esConfigDir'>): string[] {
  const esConfigDir = effectiveEsConfigDir(config)
  const roots = [
    config.themesDir === null ? null : path.resolve(config.themesDir),
    esConfigDir === null ? null : path.join(esConfigDir, 'themes'),
    config.profile === 'batocera' && config.frontendRoot !== null ? path.join(path.resolve(config.frontendRoot), 'themes') : null
  ]
  return [...new Set(roots.filter((root) => root !== null))]
}

export function spoolDirOf (dataDir: string): string {
  return path.join(dataDir, 'events.d')
}

export function frontendLayout (config: LayoutOptions): FrontendLayout {
  const romsRoot = config.romsRoot ?? (config.frontendRoot === null ? null : treeLayout(config.frontendRoot, config.profile).romsDir)
  return {
    esConfigDir: effectiveEsConfigDir(config),
    romsRoot: romsRoot === null ? null : path.resolve(romsRoot),
    spoolDir: spoolDirOf(config.dataDir)
  }
}
