/** What MAME says a rom is, as audit flags, and which of them a filter hides. */
import { romStem } from '../identity/index.js'
import type { MachineData } from './machine-library.js'
import type { MachineInfo } from './machine.js'

export const hideCategories = ['clones', 'bios', 'devices', 'mechanical', 'notworking', 'unknown'] as const
type HideCategory = typeof hideCategories[number]

export interface RomFlags {
  /** MAME has no machine of that name (never set while MAME cannot be asked). */
  readonly unknown: boolean
  readonly clone: boolean
  readonly bios: boolean
  readonly device: boolean
  readonly mechanical: boolean
  /** Driver status `preliminary`: MAME does not run it. */
  readonly notWorking: boolean
}

export interface RomsetCriteria {
  readonly hide: readonly HideCategory[]
  /** Hide games for more players than this. */
  readonly players?: number
  /** Hide games that need more buttons than this. */
  readonly buttons?: number
}

/** The machine name of a rom path: its stem, lower case (`/roms/mame/1943.zip` -> `1943`). */
export function machineNameOf (romPath: string): string {
  return romStem(romPath).toLowerCase()
}

export function romFlags (knowledge: ReturnType<MachineData['knowledge']>, machine: MachineInfo | null): RomFlags {
  return {
    unknown: knowledge === 'unknown',
    clone: machine?.cloneOf !== null && machine?.cloneOf !== undefined,
    bios: machine?.isBios ?? false,
    device: machine?.isDevice ?? false,
    mechanical: machine?.isMechanical ?? false,
    notWorking: machine?.status === 'preliminary'
  }
}

const byCategory: Readonly<Record<HideCategory, keyof RomFlags>> = { clones: 'clone', bios: 'bios', devices: 'device', mechanical: 'mechanical', notworking: 'notWorking', unknown: 'unknown' }

/** Why the criteria hide a rom (`clones`, `players` ...); empty when they keep it. */
export function hideReasons (flags: RomFlags, machine: MachineInfo | null, criteria: RomsetCriteria): string[] {
  const reasons: string[] = criteria.hide.filter((category) => flags[byCategory[category]])
  if (machine !== null && criteria.players !== undefined && machine.players > criteria.players) reasons.push('players')
  if (machine !== null && criteria.buttons !== undefined && machine.buttons > criteria.buttons) reasons.push('buttons')
  return reasons
}
