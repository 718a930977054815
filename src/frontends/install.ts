/**
 * Where the frontend keeps things: the adapter's layout under `--frontend-root`, each folder
 * overridable by its own option (design.md §5).
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { commandToRun } from '../core/launcher.js'
import type { ArgumentRules, FrontendAdapter, FrontendLayout, InstalledHookScript } from './adapter.js'
import type { FrontendsConfig } from './options.js'

export interface FrontendInstall {
  readonly adapter: FrontendAdapter
  /** `--frontend-root`, or null when only single folders were given. */
  readonly root: string | null
  /** Holds the settings, the systems file and `scripts/<event>/`. */
  readonly esConfigDir: string | null
  /** Holds `<system>/` with the rom files. */
  readonly romsRoot: string | null
  /** The frontend's own scraped media by convention (ES-DE's downloaded_media), or null. */
  readonly downloadedMediaDir: string | null
  /** Base URL of the frontend's web API. */
  readonly esUrl: string
}

type FolderOptions = Pick<FrontendsConfig, 'frontendRoot' | 'esConfigDir' | 'romsRoot'>

/** `--frontend-root`, else the family's own place when no folder at all was given (ES-DE's application data folder). */
function effectiveRoot (config: FolderOptions, adapter: FrontendAdapter): string | null {
  if (config.frontendRoot !== null) return config.frontendRoot
  return config.esConfigDir === null && config.romsRoot === null ? adapter.defaultRoot?.() ?? null : null
}

/** The effective config folder: `--es-config-dir`, else derived from the root by the adapter. */
export function effectiveEsConfigDir (config: FolderOptions, adapter: FrontendAdapter): string | null {
  if (config.esConfigDir !== null) return path.resolve(config.esConfigDir)
  const root = effectiveRoot(config, adapter)
  return root === null ? null : adapter.layout(root).esConfigDir
}

export function frontendInstall (config: FrontendsConfig, family: FrontendAdapter): FrontendInstall {
  const adapter = family.configure?.(config) ?? family
  const root = effectiveRoot(config, adapter)
  return installOf(config, adapter, root, root === null ? null : adapter.layout(root))
}

/** The same, the frontend's own files read without stopping the loop: for a request (the setup page's choice of a frontend). */
export async function readFrontendInstall (config: FrontendsConfig, family: FrontendAdapter): Promise<FrontendInstall> {
  const adapter = family.configure?.(config) ?? family
  const root = effectiveRoot(config, adapter)
  return installOf(config, adapter, root, root === null ? null : adapter.readLayout === undefined ? adapter.layout(root) : await adapter.readLayout(root))
}

function installOf (config: FrontendsConfig, adapter: FrontendAdapter, root: string | null, layout: FrontendLayout | null): FrontendInstall {
  const romsRoot = config.romsRoot ?? layout?.romsDir ?? null
  return {
    adapter,
    root: root === null ? null : path.resolve(root),
    esConfigDir: config.esConfigDir === null ? layout?.esConfigDir ?? null : path.resolve(config.esConfigDir),
    romsRoot: romsRoot === null ? null : path.resolve(romsRoot),
    downloadedMediaDir: layout?.downloadedMediaDir ?? null,
    esUrl: adapter.webApiUrl ?? config.esUrl
  }
}

/**
 * Folders holding EmulationStation theme folders, in search order: `extra` (`--themes-dir`), the
 * config folder's `themes/`, then the installation's own theme folders (Batocera's `/userdata/themes`).
 */
export function themeRoots (install: FrontendInstall, extra: string | null): string[] {
  const roots = [
    extra === null ? null : path.resolve(extra),
    install.esConfigDir === null ? null : path.join(install.esConfigDir, 'themes'),
    ...(install.root === null ? [] : install.adapter.layout(install.root).themesDirs)
  ]
  return [...new Set(roots.filter((root) => root !== null))]
}

async function isFolder (folder: string): Promise<boolean> {
  return stat(folder).then((info) => info.isDirectory(), () => false)
}

/**
 * Why the configured folders do not look like an installation of the frontend (the config folder
 * or the roms folder is not there), naming the option to fix; null when they do, or when none is
 * configured (the service then follows hooks and the web API only).
 */
export async function installProblem (install: FrontendInstall): Promise<string | null> {
  const { adapter, root } = install
  const missing = [
    install.esConfigDir !== null && !(await isFolder(install.esConfigDir)) ? `the config folder ${install.esConfigDir}` : null,
    install.romsRoot !== null && !(await isFolder(install.romsRoot)) ? `the roms folder ${install.romsRoot}` : null
  ].filter((part) => part !== null)
  if (missing.length === 0) return null
  const fix = root === null ? 'check --es-config-dir and --roms-root' : `point --frontend-root at the ${adapter.title} folder, or choose its --profile`
  return `${root === null ? 'the configured frontend folders' : `--frontend-root ${root}`} ${root === null ? 'are' : 'is'} not a ${adapter.title} install: ${missing.join(' and ')} ${missing.length === 1 ? 'does' : 'do'} not exist; ${fix}`
}

/** Our hook scripts installed in the config folder (none where the family's scripts name no spool folder). */
export async function installedHookScripts (install: FrontendInstall): Promise<InstalledHookScript[]> {
  const installed = install.adapter.hooks?.installed
  return install.esConfigDir === null || installed === undefined ? [] : await installed.read(install.esConfigDir)
}

/** The spool folders the scripts leave hooks in (one, unless installed several times with different data dirs). */
export function spoolDirsOf (scripts: readonly InstalledHookScript[]): string[] {
  return [...new Set(scripts.flatMap((script) => script.spoolDir ?? []))]
}

/** The command that installs our hook scripts for the service of `dataDir`. */
export function installHooksCommand (install: FrontendInstall, dataDir: string): string {
  const where = install.root === null ? `--es-config-dir ${install.esConfigDir ?? 'DIR'}` : `--frontend-root ${install.root} --profile ${install.adapter.id}`
  return commandToRun(`install-hooks ${where} --data-dir ${path.resolve(dataDir)}`)
}

/**
 * Which rom names the frontend passes to our hook scripts: the rules of the shell that runs them
 * where the frontend runs (cmd on Windows, sh elsewhere); null when it passes every name.
 */
export function hookArgumentRules (install: FrontendInstall): ArgumentRules | null {
  const platform = install.adapter.platform ?? process.platform
  return install.adapter.hooks?.argumentRules?.[platform === 'win32' ? 'cmd' : 'sh'] ?? null
}

/**
 * Why installed hooks do not reach this service: scripts installed for another data dir (say
 * without `--data-dir`) spool where nothing reads, and the hooks of `expected` events (that had
 * our scripts) whose scripts were removed are no longer sent. Names the command that fixes it.
 */
export function hookScriptsProblem (install: FrontendInstall, scripts: readonly InstalledHookScript[], spoolDir: string, dataDir: string, expected: ReadonlySet<string> = new Set()): string | null {
  const elsewhere = spoolDirsOf(scripts).filter((dir) => path.resolve(dir) !== path.resolve(spoolDir))
  const present = new Set(scripts.map((script) => script.event))
  const removed = [...expected].filter((event) => !present.has(event))
  const problems = [
    elsewhere.length === 0 ? null : `the hook scripts installed in ${install.esConfigDir ?? ''} leave hooks in ${elsewhere.join(' and ')}, but this service reads ${spoolDir}: they never reach it`,
    removed.length === 0 ? null : `the hook scripts of ${removed.join(', ')} were removed from ${install.esConfigDir ?? ''}: those hooks no longer reach this service`
  ].filter((problem) => problem !== null)
  return problems.length === 0 ? null : `${problems.join('; ')}; run ${installHooksCommand(install, dataDir)}`
}
