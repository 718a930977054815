/**
 * Options: every setting is declared once, by the core or by the module that uses it, and from the
 * assembled table come the CLI flags, the `CABINET_HUB_*` environment variables, the config-file
 * keys, `--help` and the effective configuration report. Precedence: CLI > env > config file > default.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Static, TSchema } from 'typebox'
import Value from 'typebox/value'
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser'
import { parse as parseYaml } from 'yaml'
import { closestName } from './flags.js'
import { parseSwitchWord } from './gates.js'

type OptionKind = 'string' | 'integer' | 'boolean' | 'list'

export interface OptionSpec<S extends TSchema = TSchema> {
  readonly kind: OptionKind
  readonly schema: S
  readonly default: Static<S>
  /** CLI long flag (without dashes); null for settings that only come from env or the config file. */
  readonly flag: string | null
  readonly description: string
  /** Redacted in every report. */
  readonly secret?: boolean
}

export function option<S extends TSchema> (spec: OptionSpec<S>): OptionSpec<S> {
  return spec
}

/** A module's (or the core's) options, by key. */
export type OptionTable = Readonly<Record<string, OptionSpec>>

/** The values of a table, as typed as its schemas. */
export type ConfigOf<T extends OptionTable> = { -readonly [K in keyof T]: Static<T[K]['schema']> }

/** `demo`: set by the embedded default when no frontend is configured. */
export type ConfigSource = 'default' | 'file' | 'env' | 'cli' | 'demo'

export interface LoadedConfig<C = Readonly<Record<string, unknown>>> {
  /** Every effective value by option key (`port`, `managers.roms`). */
  readonly config: C
  /** Where each effective value came from, by the same key. */
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

export interface OptionEntry {
  readonly key: string
  readonly spec: OptionSpec
}

/** One entry per option of the given tables; a key declared twice is a programming error. */
export function optionEntries (tables: readonly OptionTable[]): OptionEntry[] {
  const entries = tables.flatMap((table) => Object.entries(table).map(([key, spec]) => ({ key, spec })))
  const seen = new Set<string>()
  for (const { key } of entries) {
    if (seen.has(key)) throw new Error(`option ${key} is declared twice`)
    seen.add(key)
  }
  return entries
}

/** The typed values of one table, out of a loaded configuration. */
export function configOf<T extends OptionTable> (table: T, loaded: LoadedConfig): ConfigOf<T> {
  return Object.fromEntries(Object.keys(table).map((key) => [key, loaded.config[key]])) as ConfigOf<T>
}

function fromText (entry: OptionEntry, text: string): unknown {
  switch (entry.spec.kind) {
    case 'integer': return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text
    case 'boolean': return parseSwitchWord(text) ?? text
    case 'list': return text.split(',').map((s) => s.trim()).filter((s) => s.length > 0)
    case 'string': return text
  }
}

/** `{"port": 22345,}` -> `property name expected at line 3, column 1` (JSON.parse names neither line nor column). */
function parseJson (text: string): unknown {
  const errors: ParseError[] = []
  const value: unknown = parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
  const first = errors[0]
  if (first === undefined) return value
  const before = text.slice(0, first.offset)
  const line = before.split('\n').length
  const column = before.length - before.lastIndexOf('\n')
  const what = printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  throw new Error(`${what} at line ${line}, column ${column}`)
}

/** The yaml library's first line ends with a colon before a code excerpt; the line and column are in it. */
function parseYamlText (text: string): unknown {
  try {
    return parseYaml(text)
  } catch (error) {
    throw new Error((error as Error).message.split('\n')[0]!.replace(/:$/, ''), { cause: error })
  }
}

/** The parser follows the extension: `.json` is strict JSON; `.yaml`, `.yml` and anything else YAML. */
function readConfigFile (file: string): Record<string, unknown> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new ConfigError([`config file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`])
  }
  const json = path.extname(file).toLowerCase() === '.json'
  let parsed: unknown
  try {
    parsed = json ? parseJson(text) : parseYamlText(text)
  } catch (error) {
    throw new ConfigError([`config file ${file} is not valid ${json ? 'JSON' : 'YAML'}: ${(error as Error).message}`])
  }
  if (parsed === null || parsed === undefined) return {}
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError([`config file ${file} must hold an object of options`])
  return parsed as Record<string, unknown>
}

/** `managers: { roms: false }` in a file is the option `managers.roms`. */
function flattenFile (entries: readonly OptionEntry[], data: Record<string, unknown>, problems: string[]): Map<string, unknown> {
  const known = new Set(entries.map((e) => e.key))
  const flat = new Map<string, unknown>()
  for (const [key, value] of Object.entries(data)) {
    if (key === 'managers' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [id, sw] of Object.entries(value)) flat.set(`managers.${id}`, sw)
    } else {
      flat.set(key, value)
    }
  }
  for (const key of flat.keys()) {
    if (known.has(key)) continue
    const suggestion = closestName(key, known)
    problems.push(`${key}: unknown option in the config file${suggestion === null ? '' : ` (did you mean ${suggestion}?)`}`)
  }
  return flat
}

/** The values a schema allows when it is a choice of constants (a union of literals), else null. */
function allowedValues (schema: TSchema): unknown[] | null {
  const branches = (schema as { anyOf?: TSchema[] }).anyOf ?? [schema]
  const values = branches.map((branch) => branch as { const?: unknown, type?: unknown })
  if (!values.every((branch) => 'const' in branch || branch.type === 'null')) return null
  return values.map((branch) => branch.const ?? null)
}

/** An enum option lists its values; otherwise the most specific complaint of the schema. */
function whyInvalid (schema: TSchema, value: unknown): string {
  const allowed = allowedValues(schema)
  if (allowed !== null) return `must be one of ${allowed.map(String).join(', ')}`
  return [...Value.Errors(schema, value)][0]?.message ?? 'invalid value'
}

/**
 * The config file a start reads when none is given: `config.json` in the data dir, where the setup
 * page writes the owner's choices (the frontend it found), so the next start needs no options.
 */
export const dataDirConfigFile = (dataDir: string): string => path.join(path.resolve(dataDir), 'config.json')

/** `--config`, else the data dir's config file when there is one, else null. */
function configFileOf (entries: readonly OptionEntry[], { cli, env }: ConfigInputs): string | null {
  const given = cli.get('config') ?? env[envName('config')]
  if (typeof given === 'string' && given !== '') return given
  const dataDir = cli.get('dataDir') ?? env[envName('dataDir')] ?? entries.find((entry) => entry.key === 'dataDir')?.spec.default
  if (typeof dataDir !== 'string' || dataDir === '') return null
  // Read when present: a missing one is the usual case, not an error as a missing --config is.
  return existsSync(dataDirConfigFile(dataDir)) ? dataDirConfigFile(dataDir) : null
}

export interface ConfigInputs {
  /** Values given on the command line, keyed by option key (already split from argv). */
  readonly cli: ReadonlyMap<string, string | boolean>
  readonly env: NodeJS.ProcessEnv
}

/** Builds the effective configuration; throws one ConfigError that lists every bad value. */
export function loadConfig (entries: readonly OptionEntry[], { cli, env }: ConfigInputs): LoadedConfig {
  const problems: string[] = []
  const configPath = configFileOf(entries, { cli, env })
  const file = configPath !== null ? flattenFile(entries, readConfigFile(configPath), problems) : new Map<string, unknown>()

  const values: Record<string, unknown> = {}
  const sources: Record<string, ConfigSource> = {}
  for (const entry of entries) {
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
    } else if (entry.key === 'config' && configPath !== null) {
      // The data dir's own file: reports name the file the options came from.
      value = configPath
      source = 'default'
      origin = entry.key
    } else if (file.has(entry.key)) {
      value = file.get(entry.key)
      source = 'file'
      origin = `${entry.key} in ${String(configPath)}`
    } else {
      value = entry.spec.default
      source = 'default'
      origin = entry.key
    }
    if (!Value.Check(entry.spec.schema, value)) problems.push(`${origin}: ${whyInvalid(entry.spec.schema, value)} (got ${JSON.stringify(value)})`)
    values[entry.key] = value
    sources[entry.key] = source
  }
  if (problems.length > 0) throw new ConfigError(problems)
  for (const key of ['config', 'dataDir']) if (typeof values[key] === 'string') values[key] = path.resolve(values[key])
  return { config: values, sources }
}

/** The effective options with secrets replaced, for reports. */
export function redactedConfig (entries: readonly OptionEntry[], loaded: LoadedConfig): Record<string, unknown> {
  return Object.fromEntries(entries.map(({ key, spec }) => {
    const value = loaded.config[key]
    return [key, spec.secret === true && value !== null ? '***' : value]
  }))
}

/** `--help` text: every option with its flag, environment variable and default. */
export function optionsHelp (entries: readonly OptionEntry[]): string {
  const rows = entries.map(({ key, spec }) => {
    const flag = spec.flag === null ? '' : `--${spec.flag}${spec.kind === 'boolean' ? '' : ' <value>'}`
    const shownDefault = spec.secret === true ? '(none)' : JSON.stringify(spec.default)
    return `  ${(flag || `(${key})`).padEnd(26)} ${spec.description}\n  ${''.padEnd(26)} env ${envName(key)}, default ${shownDefault}`
  })
  return rows.join('\n')
}

/** The parseArgs option declarations derived from the table; a list flag may be repeated. */
export function cliFlags (entries: readonly OptionEntry[]): Record<string, { type: 'string' | 'boolean', multiple?: boolean }> {
  const flags: Record<string, { type: 'string' | 'boolean', multiple?: boolean }> = {}
  for (const { spec } of entries) {
    if (spec.flag !== null) flags[spec.flag] = spec.kind === 'boolean' ? { type: 'boolean' } : spec.kind === 'list' ? { type: 'string', multiple: true } : { type: 'string' }
  }
  return flags
}

/** Maps parsed CLI flag values back to option keys; a repeated list flag counts as its values joined by commas. */
export function cliValuesByKey (entries: readonly OptionEntry[], parsed: Record<string, string | boolean | string[] | undefined>): Map<string, string | boolean> {
  const byKey = new Map<string, string | boolean>()
  for (const { key, spec } of entries) {
    const value = spec.flag === null ? undefined : parsed[spec.flag]
    if (value !== undefined) byKey.set(key, Array.isArray(value) ? value.join(',') : value)
  }
  return byKey
}

/** The options that came from the command line, as flags again (paths already absolute), in table order. */
export function givenServiceArgs (entries: readonly OptionEntry[], loaded: LoadedConfig): string[] {
  return entries.flatMap(({ key, spec }) => {
    const value = loaded.config[key]
    if (spec.flag === null || loaded.sources[key] !== 'cli' || value === null) return []
    if (spec.kind === 'boolean') return value === true ? [`--${spec.flag}`] : []
    return [`--${spec.flag}`, Array.isArray(value) ? value.join(',') : String(value)]
  })
}
