/**
 * The frontend seam: what the service needs to know of one frontend family to read its files.
 * RetroBat and Batocera-style EmulationStation are built in; another family (ES-DE, Recalbox) is
 * a folder of its own with an adapter, and one line in `adapters.ts`.
 */
import type { OptionTable } from '../core/options.js'
import type { FrontendSettings } from '../core/settings.js'
import type { InputBackend, NavigationInput } from './controls.js'

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
  /** Where the frontend keeps its scraped media by convention (`<system>/<type>/<rom>.*`, ES-DE's downloaded_media); absent when it has none. */
  readonly downloadedMediaDir?: string
}

/** One game as the gamelist describes it; every value a string, as the frontend stores them. */
export interface GamelistEntry {
  /** Absolute rom path (gamelist paths are relative to the system folder). */
  readonly romPath: string
  /** Known tags (`name`, `desc`, `image` ...) by tag name. */
  readonly fields: Readonly<Record<string, string>>
  /** Every other tag, and each attribute as `<tag>_<attribute>`. */
  readonly extras: Readonly<Record<string, string>>
}

/** A system as the frontend's systems file or its web API describe it; absent fields stay absent. */
export interface SystemInfo {
  readonly name: string
  readonly fullname?: string
  readonly manufacturer?: string
  readonly release?: string
  readonly hardware?: string
  readonly path?: string
  readonly extension?: string
  readonly command?: string
  readonly platform?: string
  readonly theme?: string
  readonly group?: string
}

/**
 * How a family's files read: its gamelists, its systems file, and the id it gives a game. The
 * EmulationStation formats (`esFormats`) serve RetroBat, Batocera, ES-DE and Recalbox alike.
 */
export interface FrontendFormats {
  /** A system's gamelist, streamed; throws on a file it cannot read. `romFolder` is what relative rom paths are relative to. */
  readGamelist (file: string, romFolder: string): Promise<GamelistEntry[]>
  /** The systems of the systems file's text. */
  readSystems (text: string): SystemInfo[]
  /** The frontend's id of a game (`GameId`), from its path and its gamelist fields. */
  gameId (gamePath: string, fields: Readonly<Record<string, string>>): string
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
  /** The frontend family consumers see as `Context.Frontend` (`emulationstation` for RetroBat and Batocera). */
  readonly family: string
  /** The platform the frontend runs on, for a family that runs on one only (RetroBat: Windows); absent: the one this service runs on. */
  readonly platform?: NodeJS.Platform
  /** Where the frontend keeps its files when `--frontend-root` is not given (ES-DE's application data folder); absent when there is no such place. */
  defaultRoot?: () => string
  /** The folders of an installation rooted at `root`. */
  layout (root: string): FrontendLayout
  /** The same, without stopping the loop, for a family whose layout is in its own files (ES-DE's settings); absent when `layout` reads none. */
  readLayout?: (root: string) => Promise<FrontendLayout>
  /** The frontend's own settings (es_settings.cfg on EmulationStation), read at start. */
  readSettings (configDir: string | null): Promise<FrontendSettings>
  /** Where the frontend keeps its list of systems, in the order it looks; the first file found is read. Empty when it has none the service can read. */
  systemsFiles (paths: FrontendPaths): readonly string[]
  /** The gamelist of one system, or null when the frontend keeps none. */
  gamelistFile (paths: FrontendPaths, systemId: string): string | null
  /** Whether a carousel entry is a collection (ES's `all`, `favorites`, `recent`) rather than a system. */
  isCollection (systemId: string): boolean
  /** How its gamelists and systems file read, and how it names a game. */
  readonly formats: FrontendFormats
  /** Its hooks, or null when it runs none (the link then follows the web API only). */
  readonly hooks: FrontendHooks | null
  /** How the service tells whether it runs besides its start and quit hooks; absent: its web API answers. */
  readonly presence?: FrontendPresence
  /** A client of its web API at `baseUrl`. */
  webApi (baseUrl: string): FrontendWebApi
  /** The theme it shows when its settings name none, whose art the media index looks in after the set one's; absent when the service knows none. */
  readonly defaultTheme?: string
  /** How it is driven with navigation inputs, or null when it cannot be (only `dry-run` then plans). */
  readonly controls: FrontendControls | null
  /** Options of the family's own (`--recalbox-host` ...), offered beside the frontends options; absent when it has none. */
  readonly options?: OptionTable
  /**
   * The family set up with the values of every frontends option, its own among them; the service
   * uses what it returns. Absent when the options change nothing for it.
   */
  configure?: (values: Readonly<Record<string, unknown>>) => FrontendAdapter
  /** Where its web API is, when the family knows it from its own options; absent: `--es-url`. */
  readonly webApiUrl?: string
  /** Events the frontend sends by itself (Recalbox publishes on its broker), fed into the link as hooks are; absent when its hooks are all. */
  readonly eventSource?: FrontendEventSource
}

/**
 * How the service tells whether the frontend runs, besides its start and quit hooks: its web API
 * answering (asked every `esProbeIntervalMs`), or, for a family without a web API (ES-DE), a
 * process of its own running, looked for once when the service starts: its hooks tell after that.
 * Nothing the service says of a family without a web API names one.
 */
type FrontendPresence =
  | { readonly kind: 'web-api' }
  | { readonly kind: 'process', readonly processNames: readonly string[] }

/** Whether the service can ask the family's web API (ES-DE has none). */
export function hasWebApi (adapter: FrontendAdapter): boolean {
  return (adapter.presence?.kind ?? 'web-api') === 'web-api'
}

/** One event of a frontend's own event source: its name and arguments as received, and what it means. */
export interface FrontendEvent {
  readonly event: string
  readonly args: readonly string[]
  readonly action: FrontendAction
}

/** A subscription to the frontend's own events, opened once the hooks spooled while the service was down are applied. */
export interface FrontendEventSource {
  /** The door's name in `Source` on the raw and ui.* events. */
  readonly name: 'mqtt'
  /** Starts delivering, in the order the frontend sent them; `onProblem` hears why events cannot come (once per kind). */
  open (deliver: (event: FrontendEvent) => void, onProblem: (message: string) => void): void
  close (): Promise<void>
  /** For `GET /api/v1/status`. */
  status (): Readonly<Record<string, unknown>>
}

/** What an input backend needs to reach the frontend. */
interface InputBackendContext {
  readonly webApi: FrontendWebApi
  readonly esConfigDir: string | null
  /** The X display of the frontend's session. */
  readonly display: string | undefined
  /** X window class of the frontend window. */
  readonly windowClass: string
}

export interface FrontendControls {
  /** The input that opens and launches (ES: `b`), and the one that goes back (ES: `a`). */
  readonly ok: NavigationInput
  readonly back: NavigationInput
  /**
   * Whether one up or down at either end of a gamelist goes round to the other end: ES and ES-DE
   * wrap single steps (held scrolling and page jumps stop at the ends), so the far end of a list
   * is a few steps the other way.
   */
  readonly listsWrap: boolean
  /** X window class of its window, which the xdotool backend sends keys to unless `xdotoolWindowClass` names another. */
  readonly windowClass: string
  /** The backend of that `--control-backend` name. */
  backend (kind: 'simulator' | 'xdotool', context: InputBackendContext): InputBackend
}

/**
 * What a frontend hook means, the same for every family: the link applies these, never raw hook
 * names, so a family whose hooks are named or shaped differently only interprets its own.
 */
export type FrontendAction =
  | { readonly kind: 'system-selected', readonly systemId: string }
  | { readonly kind: 'game-selected', readonly systemId: string, readonly gamePath: string, readonly gameName: string | undefined }
  | { readonly kind: 'game-started', readonly gamePath: string, readonly romStem: string | undefined, readonly gameName: string | undefined }
  | { readonly kind: 'game-ended' }
  | { readonly kind: 'frontend-started' }
  | { readonly kind: 'frontend-quit' }
  | { readonly kind: 'screensaver-started', readonly mode: string | null }
  | { readonly kind: 'screensaver-stopped' }
  /** The frontend wrote its settings: it does so at each launch and at quit, so a game may have started or ended unseen. */
  | { readonly kind: 'settings-written' }
  | { readonly kind: 'other' }

/** Where and for which service our hook scripts are installed. */
export interface HookScriptTarget {
  /** The frontend's config folder. */
  readonly esConfigDir: string
  /** The service's spool folder, where the scripts leave hooks. */
  readonly spoolDir: string
  /** The service's port, for the Windows script's direct post. */
  readonly port: number
  /** Which scripts to write: the shell's on Linux and macOS, batch files on Windows. */
  readonly platform: NodeJS.Platform
}

export interface HookInstallReport {
  readonly written: string[]
  readonly removed: string[]
}

/** One of our scripts as installed: the hook it runs for, and the spool folder it names (null when it names none). */
export interface InstalledHookScript {
  readonly event: string
  readonly file: string
  readonly spoolDir: string | null
}

/** Where our installed scripts are, and what they say. */
export interface InstalledHookScripts {
  /** The folder holding them (`<es-config>/scripts`), watched while the service runs. */
  folder (esConfigDir: string): string
  /** How many levels of sub-folders of `folder` hold them. */
  readonly depth: number
  read (esConfigDir: string): Promise<InstalledHookScript[]>
}

/** The frontend's hooks: which ones we listen to, what they mean, and our scripts for them. */
export interface FrontendHooks {
  /** The hooks our scripts are installed for. */
  readonly names: readonly string[]
  /** `isKnownGame`: whether the library knows a rom at exactly this path (to tell a real name from an escaped one). */
  interpret (event: string, args: readonly string[], isKnownGame: (romPath: string) => boolean): FrontendAction
  install (target: HookScriptTarget): Promise<HookInstallReport>
  /** Removes our scripts of every platform, and nothing else. */
  uninstall (esConfigDir: string): Promise<HookInstallReport>
  /** Our scripts as installed, and where they are; absent for a family whose scripts name no spool folder. */
  readonly installed?: InstalledHookScripts
  /** Which rom names the frontend passes to our scripts, by the shell that runs them; absent when it passes every name. */
  readonly argumentRules?: Readonly<Record<HookShell, ArgumentRules>>
  /** Frontend settings that keep our installed hooks from running, each with its fix; absent when the frontend has none. */
  switchedOff?: (esConfigDir: string) => Promise<HookSwitchProblem[]>
  /** Turns on the frontend settings our hooks need (install-hooks --enable-scripts); returns what it changed. */
  switchOn?: (esConfigDir: string) => Promise<string[]>
}

/** The shell the frontend runs our hook scripts through: `sh -c` on Linux and macOS, cmd (our `.bat`) on Windows. */
type HookShell = 'sh' | 'cmd'

/** Which arguments (rom paths and names) a frontend's hook shell passes to our scripts as they are. */
export interface ArgumentRules {
  /** Why the shell cannot pass this argument as it is (no hook runs at all, or it gets another value), or null when it can. */
  unpassable (argument: string): string | null
  /** A file name close to this one that the shell passes. */
  passableName (fileName: string): string
}

export interface HookSwitchProblem {
  readonly message: string
  readonly fix: string
}

export interface FrontendResponse {
  readonly status: number
  readonly body: string
}

/** A game as the frontend's web API lists it. */
export interface FrontendGame {
  readonly path: string
  readonly name: string
}

/** The frontend's web API, as far as the service uses it. */
export interface FrontendWebApi {
  readonly baseUrl: string
  launch (romPath: string): Promise<FrontendResponse>
  notify (message: string): Promise<FrontendResponse>
  /** A message box the user dismisses (Batocera-style ES). */
  messagebox (message: string): Promise<FrontendResponse>
  reloadGames (): Promise<FrontendResponse>
  /** One navigation input to the simulated frontend. */
  simulatorInput (input: string): Promise<FrontendResponse>
  /** Games of a system in the frontend's on-screen order; null when it does not answer usefully. */
  games (systemId: string): Promise<FrontendGame[] | null>
  /** Systems in carousel order, as the frontend describes them; null when it does not answer usefully. */
  systems (): Promise<readonly Record<string, unknown>[] | null>
  /** The game running now, null when none; throws when the frontend does not answer. */
  runningGame (): Promise<FrontendGame | null>
  /** true when the web API gives any HTTP answer. */
  reachable (timeoutMs?: number): Promise<boolean>
}
