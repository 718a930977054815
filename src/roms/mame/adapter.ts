/** The seam to MAME: what the machine library needs of the emulator, whatever runs it. */
import type { MachineInfo } from '../machine.js'

export interface MameAdapter {
  /** The executable asked. */
  readonly executable: string
  /** `mame -version`: `0.251 (unknown)`. */
  version (): Promise<string>
  /** `-listxml <name> ...`: the machines MAME knows among the names (their devices left out); unknown names are simply absent. */
  machines (names: readonly string[]): Promise<MachineInfo[]>
  /** The full `-listxml`, streamed: every machine to the callback as it is read; resolves to their count. */
  everyMachine (onMachine: (machine: MachineInfo) => void): Promise<number>
}
