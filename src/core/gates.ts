/**
 * Managers and switches: which branches of the service are on.
 *
 * Resolution is a pure function so the precedence rules (frontend setting over config, parent OFF
 * over child) can be tested on their own, without a running service.
 */

/** A manager's id, as in the `managers.<id>` switch (`localMedia`, `controlPanel` ...). */
export type ManagerId = string

/** A switchable branch of the service, declared by the module that owns it. */
export interface ManagerDefinition {
  readonly id: ManagerId
  readonly title: string
  /** `<key>` in the frontend's `global.cabinethub.<key>.enabled` setting. */
  readonly esKey: string
  readonly parent: ManagerId | null
  readonly description: string
}

/** The switches of the core's own branches. */
export const coreManagers: readonly ManagerDefinition[] = [
  { id: 'webSocket', title: 'WebSocket streams', esKey: 'websocket', parent: null, description: 'The /ws firehose and every /ws/<stream>.' },
  { id: 'apiReference', title: 'API reference', esKey: 'api_reference', parent: null, description: 'The interactive reference at /swagger and the OpenAPI and AsyncAPI documents.' }
]

type GateSource = 'default' | 'config' | 'es_settings'

export interface GateState {
  readonly id: ManagerId
  readonly title: string
  /** The effective state: ON only when the manager and all its parents are ON. */
  readonly enabled: boolean
  /** The manager's own switch, before its parents are considered. */
  readonly switchedOn: boolean
  readonly source: GateSource
  readonly esSetting: string
  /** Set when the manager's own switch is ON but a parent is OFF. */
  readonly disabledByParent: ManagerId | null
  /** The raw frontend value when it could not be read as a boolean (and was ignored). */
  readonly ignoredEsValue: string | null
}

export interface ConfiguredSwitch {
  readonly value: boolean
  readonly fromDefault: boolean
}

function esSettingName (definition: ManagerDefinition): string {
  return `global.cabinethub.${definition.esKey}.enabled`
}

const trueWords = new Set(['1', 'true', 'yes', 'on'])
const falseWords = new Set(['0', 'false', 'no', 'off'])

/** Reads the boolean words the frontends write (1/0, true/false, yes/no, on/off); null when it is none of them. */
export function parseSwitchWord (raw: string): boolean | null {
  const word = raw.trim().toLowerCase()
  if (trueWords.has(word)) return true
  if (falseWords.has(word)) return false
  return null
}

/**
 * Effective state of every manager. A frontend setting that can be read wins over the config;
 * a manager is enabled only when every parent is enabled too.
 */
export function resolveGates (
  definitions: readonly ManagerDefinition[],
  configured: ReadonlyMap<ManagerId, ConfiguredSwitch>,
  esSettings: ReadonlyMap<string, string>
): Map<ManagerId, GateState> {
  const own = new Map<ManagerId, { switchedOn: boolean, source: GateSource, ignoredEsValue: string | null }>()
  for (const definition of definitions) {
    const fromConfig = configured.get(definition.id) ?? { value: true, fromDefault: true }
    const raw = esSettings.get(esSettingName(definition))
    const parsed = raw === undefined ? null : parseSwitchWord(raw)
    own.set(definition.id, parsed === null
      ? { switchedOn: fromConfig.value, source: fromConfig.fromDefault ? 'default' : 'config', ignoredEsValue: raw ?? null }
      : { switchedOn: parsed, source: 'es_settings', ignoredEsValue: null })
  }

  const byId = new Map(definitions.map((d) => [d.id, d]))
  const firstOffAncestor = (id: ManagerId): ManagerId | null => {
    const seen = new Set<ManagerId>()
    for (let parent = byId.get(id)?.parent ?? null; parent !== null && !seen.has(parent); parent = byId.get(parent)?.parent ?? null) {
      seen.add(parent)
      if (own.get(parent)?.switchedOn === false) return parent
    }
    return null
  }

  const states = new Map<ManagerId, GateState>()
  for (const definition of definitions) {
    const mine = own.get(definition.id)!
    const blockedBy = mine.switchedOn ? firstOffAncestor(definition.id) : null
    states.set(definition.id, {
      id: definition.id,
      title: definition.title,
      enabled: mine.switchedOn && blockedBy === null,
      switchedOn: mine.switchedOn,
      source: mine.source,
      esSetting: esSettingName(definition),
      disabledByParent: blockedBy,
      ignoredEsValue: mine.ignoredEsValue
    })
  }
  return states
}
