import type { MachineInfo } from './machine.js'

/** The REST view of a machine: `player` only on controls MAME gives one. */
export function machineView (machine: MachineInfo) {
  return {
    ...machine,
    controls: machine.controls.map(({ player, ...control }) => player === null ? control : { ...control, player }),
    displays: machine.displays.map((d) => ({ ...d }))
  }
}
