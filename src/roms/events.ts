/** The Roms Manager's events on `/ws/roms`. */
import { Type } from 'typebox'
import { define, int, open, str, type EventMap } from '../core/events/definition.js'

const filterFields = {
  System: str('Frontend system id.'),
  Hide: Type.Array(Type.String(), { description: 'Categories hidden: clones, bios, devices, mechanical, notworking, unknown.' }),
  Players: Type.Union([Type.Integer(), Type.Null()], { description: 'Games for more players were hidden; null: no player limit.' }),
  Buttons: Type.Union([Type.Integer(), Type.Null()], { description: 'Games needing more buttons were hidden; null: no button limit.' }),
  DryRun: Type.Boolean(),
  Games: int('Games the filter (newly) hides.'),
  Backup: Type.Union([Type.String(), Type.Null()], { description: 'Copy of the gamelist before the change; null on a dry run or when nothing changed.' })
}

export const romsEvents = [
  define('romset.filter.applied', 'A romset filter marked games hidden in a system\'s gamelist (or would have, on a dry run).', open(filterFields, 'romset filter'), {
    example: { System: 'mame', Hide: ['clones', 'bios'], Players: null, Buttons: 6, DryRun: false, Games: 12, Backup: '/home/cab/.local/share/cabinet-hub/backups/gamelists/mame/gamelist-2026-11-24T22-00-00-000Z.xml' }
  }),
  define('romset.filter.removed', 'The games a romset filter hid are shown again.', open({ System: str('Frontend system id.'), DryRun: Type.Boolean(), Games: int('Games shown again.'), Backup: Type.Union([Type.String(), Type.Null()]) }, 'romset filter removal'), {
    example: { System: 'mame', DryRun: false, Games: 12, Backup: null }
  }),
  define('roms.audit.completed', 'A system\'s roms were audited against MAME\'s machine data.', open({
    System: str('Frontend system id.'),
    MameVersion: Type.Union([Type.String(), Type.Null()], { description: 'null when no MAME could be asked.' }),
    Roms: int('Roms in the gamelist.'),
    Unknown: int('Roms MAME has no machine for.'),
    Clones: int('Clones.'),
    Bios: int('BIOS sets.'),
    Devices: int('Devices.'),
    Mechanical: int('Mechanical machines.'),
    NotWorking: int('Machines MAME marks preliminary.')
  }, 'rom audit'), { example: { System: 'mame', MameVersion: '0.251 (unknown)', Roms: 5, Unknown: 0, Clones: 1, Bios: 0, Devices: 0, Mechanical: 0, NotWorking: 0 } }),
  define('roms.machines.imported', 'MAME\'s full machine list is in the cache.', open({ MameVersion: str('MAME version.'), Machines: int('Machines imported.') }, 'machine import'), {
    example: { MameVersion: '0.251 (unknown)', Machines: 44000 }
  })
]

export type RomsEvents = EventMap<typeof romsEvents>
