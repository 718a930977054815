/**
 * The cabinet as built (spec §2.8): player panels, buttons per panel, peripherals and the rows the
 * buttons sit in. From the option table, overridden by the frontend's Control Panel Manager
 * settings (`global.apiexpose.control_manager.*`) when they hold a usable value.
 */
import type { PanelsConfig } from './options.js'

const peripheralNames = ['arcade-joystick', 'analog-joystick', 'rotary-joystick', 'spinner', 'trackball', 'lightgun', 'wheel', 'pedals', 'dance-mat'] as const

export interface CabinetConfig {
  readonly playerCount: number
  readonly buttonsPerPlayer: number
  readonly peripherals: readonly string[]
  /** Slot numbers of each row of a player panel, top row first. */
  readonly rows: ReadonlyArray<readonly number[]>
  /** Where player count and buttons came from: `config` or `es_settings`. */
  readonly source: 'config' | 'es_settings'
}

const esPrefix = 'global.apiexpose.control_manager.'

function esInteger (settings: ReadonlyMap<string, string>, key: string, min: number, max: number): number | null {
  const raw = settings.get(`${esPrefix}${key}`)?.trim()
  if (raw === undefined || !/^\d+$/.test(raw)) return null
  const value = Number(raw)
  return value >= min && value <= max ? value : null
}

/** Two rows, the top one holding the extra button of an odd count (a 6-button panel is 3 over 3). */
function defaultRows (buttons: number): number[][] {
  const top = Math.ceil(buttons / 2)
  const slots = Array.from({ length: buttons }, (_, i) => i + 1)
  return [slots.slice(0, top), slots.slice(top)].filter((row) => row.length > 0)
}

/** `"1,2,3;4,5,6"` -> `[[1,2,3],[4,5,6]]`; slots beyond the button count are dropped. */
function parseRows (text: string, buttons: number): number[][] | null {
  const rows = text.split(';').map((row) => row.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n >= 1 && n <= buttons))
  const usable = rows.filter((row) => row.length > 0)
  return usable.length === 0 ? null : usable
}

export function cabinetConfig (config: PanelsConfig, esSettings: ReadonlyMap<string, string>): CabinetConfig {
  const esPlayers = esInteger(esSettings, 'player_count', 1, 6)
  const esButtons = esInteger(esSettings, 'buttons_per_player', 0, 12)
  const playerCount = esPlayers ?? config.panelPlayerCount
  const buttonsPerPlayer = esButtons ?? config.panelButtonsPerPlayer
  const esPeripherals = peripheralNames.filter((name) => ['1', 'true', 'on'].includes(esSettings.get(`${esPrefix}${name.replace('-', '_')}`)?.trim().toLowerCase() ?? ''))
  return {
    playerCount,
    buttonsPerPlayer,
    peripherals: esPeripherals.length > 0 ? esPeripherals : config.panelPeripherals,
    rows: (config.panelButtonRows === null ? null : parseRows(config.panelButtonRows, buttonsPerPlayer)) ?? defaultRows(buttonsPerPlayer),
    source: esPlayers !== null || esButtons !== null ? 'es_settings' : 'config'
  }
}

/** The `panel.config.changed` payload (consumers read `Cabinet` and `Layout.Rows`). */
export function cabinetPayload (cabinet: CabinetConfig): Record<string, unknown> {
  return {
    Cabinet: {
      PlayerCount: cabinet.playerCount,
      ButtonsPerPlayer: cabinet.buttonsPerPlayer,
      Peripherals: [...cabinet.peripherals],
      ArcadeJoystick: cabinet.peripherals.includes('arcade-joystick'),
      AnalogJoystick: cabinet.peripherals.includes('analog-joystick')
    },
    Layout: { Rows: cabinet.rows.map((row) => [...row]) },
    Source: cabinet.source
  }
}
