/**
 * Where the frontend keeps things, from `--frontend-root` and the profile (design.md §5). Every
 * path can be overridden by its own option.
 */
import path from 'node:path'
import type { FrontendsConfig } from './options.js'
import { frontendLayout as treeLayout, type FrontendProfile } from './profiles.js'

export interface FrontendInstall {
  readonly profile: FrontendProfile
  /** `--frontend-root`, or null when only single folders were given. */
  readonly root: string | null
  /** Holds `es_settings.cfg`, `es_systems.cfg` and `scripts/<event>/`. */
  readonly esConfigDir: string | null
  /** Holds `<system>/gamelist.xml` and the rom files. */
  readonly romsRoot: string | null
  /** Base URL of the frontend's web API. */
  readonly esUrl: string
}

/** The effective ES config folder: `--es-config-dir`, else derived from the root and profile. */
export function effectiveEsConfigDir (config: Pick<FrontendsConfig, 'frontendRoot' | 'profile' | 'esConfigDir'>): string | null {
  if (config.esConfigDir !== null) return path.resolve(config.esConfigDir)
  if (config.frontendRoot === null) return null
  return treeLayout(config.frontendRoot, config.profile).esConfigDir
}

export function frontendInstall (config: FrontendsConfig): FrontendInstall {
  const romsRoot = config.romsRoot ?? (config.frontendRoot === null ? null : treeLayout(config.frontendRoot, config.profile).romsDir)
  return {
    profile: config.profile,
    root: config.frontendRoot === null ? null : path.resolve(config.frontendRoot),
    esConfigDir: effectiveEsConfigDir(config),
    romsRoot: romsRoot === null ? null : path.resolve(romsRoot),
    esUrl: config.esUrl
  }
}

/**
 * Folders holding EmulationStation theme folders, in search order: `extra` (`--themes-dir`), the
 * ES config folder's `themes/` (RetroBat), and on Batocera `/userdata/themes`, where users install themes.
 */
export function themeRoots (install: FrontendInstall, extra: string | null): string[] {
  const roots = [
    extra === null ? null : path.resolve(extra),
    install.esConfigDir === null ? null : path.join(install.esConfigDir, 'themes'),
    install.profile === 'batocera' && install.root !== null ? path.join(install.root, 'themes') : null
  ]
  return [...new Set(roots.filter((root) => root !== null))]
}
