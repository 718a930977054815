/** What MAME says of one machine (`-listxml`), reduced to what panels, audits and scraping use. */

/** One `<control>` of a machine's `<input>`: `joy` with its ways, `trackball`, `dial`, `lightgun` ... */
export interface MachineControl {
  readonly type: string
  /** `8`, `4`, `2`, `vertical2` ...; null for controls without ways. */
  readonly ways: string | null
  /** The player the control belongs to; null when MAME names none. */
  readonly player: number | null
  readonly buttons: number
}

export interface MachineDisplay {
  readonly type: string
  readonly rotate: number
  readonly width: number | null
  readonly height: number | null
  readonly refresh: number | null
}

export interface MachineInfo {
  readonly name: string
  readonly description: string
  readonly year: string
  readonly manufacturer: string
  readonly cloneOf: string | null
  readonly romOf: string | null
  readonly isBios: boolean
  readonly isDevice: boolean
  readonly isMechanical: boolean
  /** `<driver status>`: good, imperfect, preliminary; `unknown` when MAME gives no driver element. */
  readonly status: string
  readonly players: number
  /** The most buttons any of its controls has. */
  readonly buttons: number
  readonly controls: readonly MachineControl[]
  readonly displays: readonly MachineDisplay[]
}

/** MAME's short names: lower-case letters, digits and underscores. */
export function isMachineName (name: string): boolean {
  return /^[a-z0-9_]{1,32}$/.test(name)
}
