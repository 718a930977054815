/**
 * The option table: every setting is declared once here, and from it come the CLI flags, the
 * `CABINET_HUB_*` environment variables, the config-file schema, `--help` and the effective
 * configuration report. Precedence: CLI > env > config file > default.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import envPaths from 'env-paths'
import { Type, type Static, type TSchema } from 'typebox'
import Value from 'typebox/value'
import { parse as parseYaml } from 'yaml'
import { managerDefinitions, parseSwitchWord, type ConfiguredSwitch, type ManagerId } from './core/gates.js'

type OptionKind = 'string' | 'integer' | 'boolean' | 'list'

interface OptionSpec<S extends TSchema = TSchema> {
  readonly kind: OptionKind
  readonly schema: S
  readonly default: Static<S>
  /** CLI long flag (without dashes); null for settings that only come from env or the config file. */
  readonly flag: string | null
  readonly description: string
  /** Redacted in every report. */
  readonly secret?: boolean
}

function option<S extends TSchema> (spec: OptionSpec<S>): OptionSpec<S> {
  return spec
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export const optionTable = {
  host: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'host', description: 'Address to listen on. Anything but loopback requires the API key from non-loopback clients.' }),
  port: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 65535 }), default: 12345, flag: 'port', description: 'TCP port for REST and WebSocket.' }),
  dataDir: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: envPaths('cabinet-hub', { suffix: '' }).data, flag: 'data-dir', description: 'Folder for the database and generated files.' }),
  config: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'config', description: 'Config file (JSON or YAML) with any of these options, managers under "managers".' }),
  nodeId: option({ kind: 'string', schema: Type.String({ minLength: 1, maxLength: 64 }), default: 'cab-01', flag: 'node-id', description: 'NodeId written into every event envelope.' }),
  logLevel: option({ kind: 'string', schema: Type.Union([Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')]), default: 'info', flag: 'log-level', description: `Log level: ${logLevels.join(', ')}.` }),
  devEventsIngest: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'dev-events-ingest', description: 'Enable POST /api/v1/events (loopback only) to inject events for tools and tests.' }),
  apiKey: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 8 }), Type.Null()]), default: null, flag: 'api-key', description: 'Key non-loopback clients send as the X-Api-Key header (a browser\'s WebSocket, which cannot send headers, as ?apiKey=; never logged).', secret: true }),
  allowedHosts: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 })), default: [], flag: 'allowed-hosts', description: 'Extra Host header names accepted besides loopback and --host (comma separated).' }),
  allowedOrigins: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }), default: ['*'], flag: 'allowed-origins', description: 'Web origins whose pages may read the API and open WebSockets (comma separated, e.g. https://overlay.example); * is any. Local pages always may; only local pages may change state.' }),
  esConfigDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'es-config-dir', description: 'The frontend\'s config folder (holds es_settings.cfg); its global.cabinethub.* switches override the managers.' }),
  frontendRoot: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'frontend-root', description: 'Root of the frontend installation (RetroBat folder, or /userdata on Batocera); the profile derives roms, config and scripts folders from it.' }),
  profile: option({ kind: 'string', schema: Type.Union([Type.Literal('retrobat'), Type.Literal('batocera')]), default: 'retrobat', flag: 'profile', description: 'Folder layout under --frontend-root: retrobat or batocera.' }),
  romsRoot: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'roms-root', description: 'Folder holding roms/<system>/ (overrides the profile layout).' }),
  themesDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'themes-dir', description: 'Folder of EmulationStation themes searched before the ES config folder\'s themes/ (and /userdata/themes on Batocera) for the system logos and backgrounds of the active theme.' }),
  esUrl: option({ kind: 'string', schema: Type.String({ pattern: '^https?://' }), default: 'http://127.0.0.1:1234', flag: 'es-url', description: 'Base URL of the frontend\'s web API (EmulationStation PublicWebAccess).' }),
  eventsIni: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'events-ini', description: 'events.ini written by the incumbent\'s hook scripts; watched when set.' }),
  selectionBurstMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 10_000 }), default: 200, flag: null, description: 'Selections closer together than this are a burst: the first is published at once, then at most one (the latest) per interval.' }),
  esProbeIntervalMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 100, maximum: 600_000 }), default: 2000, flag: null, description: 'How often the frontend web API is probed for ui.frontend.started/stopped.' }),
  watchPollMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 10, maximum: 60_000 }), default: 150, flag: null, description: 'Poll interval backing the file watchers (events.ini, spool folder, gamelists).' }),
  mediaDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'media-dir', description: 'The media store (user/systems/... and systems/...); default <data-dir>/media.' }),
  downloadedMediaDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'downloaded-media-dir', description: 'ES-DE style downloaded_media folder (<system>/<type>/<rom>.*) indexed after the store and the gamelists.' }),
  mediaRescanMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 50, maximum: 3_600_000 }), default: 5000, flag: null, description: 'How often the media sources are rescanned for added, changed and removed files.' }),
  language: option({ kind: 'string', schema: Type.String({ pattern: '^[a-z]{2,3}$' }), default: 'en', flag: 'language', description: 'Language of the texts on the topper and instruction card (texts/metadata-<lang>.json), falling back to the gamelist.' }),
  controlBackend: option({ kind: 'string', schema: Type.Union([Type.Literal('dry-run'), Type.Literal('simulator'), Type.Literal('xdotool')]), default: 'dry-run', flag: 'control-backend', description: 'How frontend-control inputs are sent: dry-run (planned only), simulator (the simulated frontend\'s /sim/input) or xdotool (X11 keys to the frontend window, keys from es_input.cfg).' }),
  xdotoolWindowName: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: 'EmulationStation', flag: null, description: 'Title of the frontend window the xdotool backend sends keys to.' }),
  wsPingIntervalMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 50, maximum: 600_000 }), default: 15_000, flag: null, description: 'WebSocket keepalive ping interval; a socket that misses two pongs is terminated.' }),
  wsMaxQueuedBytes: option({ kind: 'integer', schema: Type.Integer({ minimum: 4096, maximum: 1 << 30 }), default: 16 << 20, flag: null, description: 'Bytes of frames a slow WebSocket client may have waiting (beyond what its socket holds) before it is closed with 1013.' }),
  wsMaxBufferedBytes: option({ kind: 'integer', schema: Type.Integer({ minimum: 1024, maximum: 1 << 30 }), default: 1 << 20, flag: null, description: 'Bytes written to a socket but not yet sent before further frames wait in its queue.' }),
  journalMaxEvents: option({ kind: 'integer', schema: Type.Integer({ minimum: 10, maximum: 10_000_000 }), default: 5000, flag: null, description: 'Recent events kept in the diagnostics journal.' }),
  panelPlayerCount: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 6 }), default: 2, flag: 'panel-players', description: 'Player panels on the cabinet (the frontend setting global.apiexpose.control_manager.player_count wins).' }),
  panelButtonsPerPlayer: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 12 }), default: 6, flag: 'panel-buttons', description: 'Buttons on each player panel (global.apiexpose.control_manager.buttons_per_player wins); also the layout asked for when the frontend names none.' }),
  panelPeripherals: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 })), default: ['arcade-joystick'], flag: 'panel-peripherals', description: 'Controls besides the buttons: arcade-joystick, analog-joystick, rotary-joystick, spinner, trackball, lightgun, wheel, pedals, dance-mat (comma separated).' }),
  panelButtonRows: option({ kind: 'string', schema: Type.Union([Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*(\\s*;\\s*\\d+(\\s*,\\s*\\d+)*)*\\s*$' }), Type.Null()]), default: null, flag: 'panel-rows', description: 'Slots of each button row, top row first, rows separated by ";" (for example "1,2,3;4,5,6"); default two rows, the top one holding the odd button.' }),
  panelEvdevDevices: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 })), default: [], flag: 'panel-evdev', description: 'Linux input devices (/dev/input/event*) or FIFOs read for panel presses (comma separated).' }),
  panelInputMap: option({ kind: 'list', schema: Type.Array(Type.String({ pattern: '^\\d+=(\\d+:\\d+|(START|SELECT|COIN):\\d+)$' })), default: [], flag: 'panel-input-map', description: 'Cabinet wiring: evdev key or button code = player:slot or START|SELECT|COIN:player (for example "29=1:1,2=START:1"); replaces the built-in keyboard-encoder and gamepad map.' }),
  cabemuEnabled: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Read arcade outputs from the first cabemu instance (MAME -output network).' }),
  cabemuHost: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'cabemu-host', description: 'Host of the first cabemu output server.' }),
  cabemuPort: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 8000, flag: 'cabemu-port', description: 'TCP port of the first cabemu output server.' }),
  cabemu2Enabled: option({ kind: 'boolean', schema: Type.Boolean(), default: false, flag: 'cabemu2', description: 'Also read arcade outputs from a second cabemu instance (events cabemu2.*).' }),
  cabemu2Host: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'cabemu2-host', description: 'Host of the second cabemu output server.' }),
  cabemu2Port: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 8001, flag: 'cabemu2-port', description: 'TCP port of the second cabemu output server.' }),
  multiemuEnabled: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Poll the multi-system emulator (RetroArch network commands) for running content and watched memory.' }),
  multiemuHost: option({ kind: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', flag: 'multiemu-host', description: 'Host of the RetroArch network command interface.' }),
  multiemuPort: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 65535 }), default: 55355, flag: 'multiemu-port', description: 'UDP port of the RetroArch network command interface (network_cmd_port).' }),
  multiemuPollHz: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 120 }), default: 60, flag: 'multiemu-poll-hz', description: 'Memory reads per second while content with a watch definition runs.' })
} as const

type OptionTable = typeof optionTable
export type OptionKey = keyof OptionTable

export type HubConfig = { -readonly [K in OptionKey]: Static<OptionTable[K]['schema']> } & {
  managers: Record<ManagerId, boolean>
}

/** `demo`: set by the embedded default when no frontend is configured. */
export type ConfigSource = 'default' | 'file' | 'env' | 'cli' | 'demo'

export interface LoadedConfig {
  readonly config: HubConfig
  /** Where each effective value came from, keyed like the config file (`port`, `managers.roms`). */
  readonly sources: Readonly<Record<string, ConfigSource>>
}

export class ConfigError extends Error {
  constructor (readonly problems: readonly string[]) {
    super(`invalid configuration: ${problems.join('; ')}`)
    this.name = 'ConfigError'
  }
}

/** `managers.localMedia` -> `CABINET_HUB_MANAGERS_LOCAL_MEDIA`. */
export function envName (key: string): string {
  return `CABINET_HUB_${key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/\./g, '_').toUpperCase()}`
}

interface Entry {
  readonly key: string
  readonly spec: OptionSpec
}

const managerOption = (title: string): OptionSpec => ({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: `Switch for the ${title}.` })

/** Every option, scalar settings first, then one switch per manager. */
export const allOptions: readonly Entry[] = [
  ...Object.entries(optionTable).map(([key, spec]) => ({ key, spec: spec as OptionSpec })),
  ...managerDefinitions.map((m) => ({ key: `managers.${m.id}`, spec: managerOption(m.title) }))
]

function fromText (entry: Entry, text: string): unknown {
  switch (entry.spec.kind) {
    case 'integer': return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text
    case 'boolean': return parseSwitchWord(text) ?? text
    case 'list': return text.split(',').map((s) => s.trim()).filter((s) => s.length > 0)
    case 'string': return text
  }
}

function readConfigFile (file: string): Record<string, unknown> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new ConfigError([`config file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`])
  }
  let parsed: unknown
  try {
    parsed = parseYaml(text)
  } catch (error) {
    throw new ConfigError([`config file ${file} is neither JSON nor YAML: ${(error as Error).message.split('\n')[0]}`])
  }
  if (parsed === null || parsed === undefined) return {}
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError([`config file ${file} must hold an object of options`])
  return parsed as Record<string, unknown>
}

function flattenFile (data: Record<string, unknown>, problems: string[]): Map<string, unknown> {
  const known = new Set(allOptions.map((e) => e.key))
  const flat = new Map<string, unknown>()
  for (const [key, value] of Object.entries(data)) {
    if (key === 'managers' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [id, sw] of Object.entries(value)) flat.set(`managers.${id}`, sw)
    } else {
      flat.set(key, value)
    }
  }
  for (const key of flat.keys()) if (!known.has(key)) problems.push(`${key}: unknown option in the config file`)
  return flat
}

export interface ConfigInputs {
  /** Values given on the command line, keyed by option key (already split from argv). */
  readonly cli: ReadonlyMap<string, string | boolean>
  readonly env: NodeJS.ProcessEnv
}

/** Builds the effective configuration; throws one ConfigError that lists every bad value. */
export function loadConfig ({ cli, env }: ConfigInputs): LoadedConfig {
  const problems: string[] = []
  const configPath = cli.get('config') ?? env[envName('config')]
  const file = typeof configPath === 'string' && configPath !== '' ? flattenFile(readConfigFile(configPath), problems) : new Map<string, unknown>()

  const values: Record<string, unknown> = {}
  const sources: Record<string, ConfigSource> = {}
  for (const entry of allOptions) {
    const cliValue = cli.get(entry.key)
    const envValue = env[envName(entry.key)]
    let value: unknown
    let source: ConfigSource
    let origin: string
    if (cliValue !== undefined) {
      value = typeof cliValue === 'string' ? fromText(entry, cliValue) : cliValue
      source = 'cli'
      origin = entry.spec.flag === null ? entry.key : `--${entry.spec.flag}`
    } else if (envValue !== undefined && envValue !== '') {
      value = fromText(entry, envValue)
      source = 'env'
      origin = envName(entry.key)
    } else if (file.has(entry.key)) {
      value = file.get(entry.key)
      source = 'file'
      origin = `${entry.key} in ${String(configPath)}`
    } else {
      value = entry.spec.default
      source = 'default'
      origin = entry.key
    }
    if (!Value.Check(entry.spec.schema, value)) {
      const first = [...Value.Errors(entry.spec.schema, value)].at(-1)
      problems.push(`${origin}: ${first?.message ?? 'invalid value'} (got ${JSON.stringify(value)})`)
    }
    values[entry.key] = value
    sources[entry.key] = source
  }
  if (problems.length > 0) throw new ConfigError(problems)

  const managers = Object.fromEntries(managerDefinitions.map((m) => [m.id, values[`managers.${m.id}`] as boolean])) as Record<ManagerId, boolean>
  const scalars = Object.fromEntries(Object.keys(optionTable).map((k) => [k, values[k]]))
  const config = { ...scalars, managers } as HubConfig
  if (typeof config.config === 'string') config.config = path.resolve(config.config)
  config.dataDir = path.resolve(config.dataDir)
  return { config, sources }
}

/** The manager switches as the gate resolver wants them. */
export function configuredSwitches (loaded: LoadedConfig): Map<ManagerId, ConfiguredSwitch> {
  return new Map(managerDefinitions.map((m) => [m.id, {
    value: loaded.config.managers[m.id],
    fromDefault: loaded.sources[`managers.${m.id}`] === 'default'
  }]))
}

/** The effective options with secrets replaced, for reports. */
export function redactedConfig (loaded: LoadedConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const { key, spec } of allOptions) {
    const value = key.startsWith('managers.') ? loaded.config.managers[key.slice('managers.'.length) as ManagerId] : loaded.config[key as OptionKey]
    out[key] = spec.secret === true && value !== null ? '***' : value
  }
  return out
}

/** `--help` text: every option with its flag, environment variable and default. */
export function optionsHelp (): string {
  const rows = allOptions.map(({ key, spec }) => {
    const flag = spec.flag === null ? '' : `--${spec.flag}${spec.kind === 'boolean' ? '' : ' <value>'}`
    const shownDefault = spec.secret === true ? '(none)' : JSON.stringify(spec.default)
    return `  ${(flag || `(${key})`).padEnd(26)} ${spec.description}\n  ${''.padEnd(26)} env ${envName(key)}, default ${shownDefault}`
  })
  return rows.join('\n')
}

/** The parseArgs option declarations derived from the table. */
export function cliFlags (): Record<string, { type: 'string' | 'boolean' }> {
  const flags: Record<string, { type: 'string' | 'boolean' }> = {}
  for (const { spec } of allOptions) if (spec.flag !== null) flags[spec.flag] = { type: spec.kind === 'boolean' ? 'boolean' : 'string' }
  return flags
}

/** Maps parsed CLI flag values back to option keys. */
export function cliValuesByKey (parsed: Record<string, string | boolean | undefined>): Map<string, string | boolean> {
  const byKey = new Map<string, string | boolean>()
  for (const { key, spec } of allOptions) {
    const value = spec.flag === null ? undefined : parsed[spec.flag]
    if (value !== undefined) byKey.set(key, value)
  }
  return byKey
}
