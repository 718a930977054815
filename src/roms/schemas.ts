/** REST shapes of the Roms Manager (camelCase). */
import { Type } from 'typebox'
import { hideCategories } from './romset.js'

const MachineControlView = Type.Object({
  type: Type.String({ description: '`joy`, `stick`, `trackball`, `dial`, `paddle`, `lightgun`, `pedal`, `doublejoy` ...' }),
  ways: Type.Union([Type.String(), Type.Null()], { description: 'Joystick ways: `8`, `4`, `2`, `vertical2` ...; null for other controls.' }),
  player: Type.Optional(Type.Integer({ description: 'The player it belongs to, when MAME says.' })),
  buttons: Type.Integer()
})

export const MachineView = Type.Object({
  name: Type.String(),
  description: Type.String(),
  year: Type.String(),
  manufacturer: Type.String(),
  cloneOf: Type.Union([Type.String(), Type.Null()]),
  romOf: Type.Union([Type.String(), Type.Null()]),
  isBios: Type.Boolean(),
  isDevice: Type.Boolean(),
  isMechanical: Type.Boolean(),
  status: Type.String({ description: 'Driver status: good, imperfect, preliminary (not working), unknown.' }),
  players: Type.Integer(),
  buttons: Type.Integer({ description: 'The most buttons any control of the machine has.' }),
  controls: Type.Array(MachineControlView),
  displays: Type.Array(Type.Object({ type: Type.String(), rotate: Type.Integer(), width: Type.Union([Type.Integer(), Type.Null()]), height: Type.Union([Type.Integer(), Type.Null()]), refresh: Type.Union([Type.Number(), Type.Null()]) }))
}, {
  description: 'What the MAME on this machine reports for one machine (-listxml).',
  examples: [{
    name: '1943', description: '1943: The Battle of Midway (Euro)', year: '1987', manufacturer: 'Capcom', cloneOf: null, romOf: null, isBios: false, isDevice: false, isMechanical: false, status: 'good', players: 2, buttons: 2,
    controls: [{ type: 'joy', ways: '8', player: 1, buttons: 2 }, { type: 'joy', ways: '8', player: 2, buttons: 2 }],
    displays: [{ type: 'raster', rotate: 270, width: 256, height: 224, refresh: 59.637405 }]
  }]
})

export const MachineParams = Type.Object({ name: Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$', description: 'MAME short name (the rom stem), for example `1943`.' }) })
export const SystemParams = Type.Object({ system: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.+-]+$', description: 'Frontend system id.' }) })

export const AuditQuery = Type.Object({
  offset: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 })
}, { additionalProperties: false })

const RomFlagsView = Type.Object({
  unknown: Type.Boolean({ description: 'MAME has no machine of that name (never set while MAME cannot be asked).' }),
  clone: Type.Boolean(),
  bios: Type.Boolean(),
  device: Type.Boolean(),
  mechanical: Type.Boolean(),
  notWorking: Type.Boolean()
})

export const AuditView = Type.Object({
  system: Type.String(),
  mameVersion: Type.Union([Type.String(), Type.Null()], { description: 'null: no MAME could be asked; machine data is then null and no rom is flagged unknown.' }),
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
  summary: Type.Object({ unknown: Type.Integer(), clones: Type.Integer(), bios: Type.Integer(), devices: Type.Integer(), mechanical: Type.Integer(), notWorking: Type.Integer() }),
  roms: Type.Array(Type.Object({
    path: Type.String(),
    rom: Type.String({ description: 'Machine name looked up: the rom stem, lower case.' }),
    name: Type.String({ description: 'The gamelist name.' }),
    hidden: Type.Boolean(),
    machine: Type.Union([MachineView, Type.Null()]),
    flags: RomFlagsView,
    players: Type.Union([Type.Integer(), Type.Null()]),
    buttons: Type.Union([Type.Integer(), Type.Null()])
  }))
}, { description: 'Every rom of a system with its machine data and flags, paged.' })

export const FilterBody = Type.Object({
  hide: Type.Array(Type.Union(hideCategories.map((c) => Type.Literal(c))), { uniqueItems: true, description: 'Categories to hide.' }),
  players: Type.Optional(Type.Integer({ minimum: 1, maximum: 8, description: 'Also hide games for more players than this.' })),
  buttons: Type.Optional(Type.Integer({ minimum: 0, maximum: 12, description: 'Also hide games needing more buttons than this.' })),
  dryRun: Type.Boolean({ description: 'true: answer the diff, change nothing.' })
}, { additionalProperties: false, examples: [{ hide: ['clones', 'bios', 'devices', 'mechanical'], buttons: 6, dryRun: true }] })

export const DryRunQuery = Type.Object({ dryRun: Type.Boolean({ default: false }) }, { additionalProperties: false })

const reloadNote = Type.String({ description: 'The frontend shows the change after POST /api/v1/es/controller/reloadgames, which the service never sends by itself (it loses the cursor).' })

export const FilterResult = Type.Object({
  system: Type.String(),
  dryRun: Type.Boolean(),
  hidden: Type.Array(Type.Object({ path: Type.String({ description: 'The game\'s <path> as written.' }), rom: Type.String(), reasons: Type.Array(Type.String()) })),
  backup: Type.Union([Type.String(), Type.Null()], { description: 'Copy of the gamelist before the change.' }),
  reload: reloadNote
})

export const UnfilterResult = Type.Object({
  system: Type.String(),
  dryRun: Type.Boolean(),
  shown: Type.Array(Type.Object({ path: Type.String(), rom: Type.String() })),
  backup: Type.Union([Type.String(), Type.Null()]),
  reload: reloadNote
})

export const reloadHint = 'POST /api/v1/es/controller/reloadgames to show the change in the frontend (the cursor goes back to the first system)'
