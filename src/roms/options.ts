/** Where MAME is, and whether its full machine list is imported in the background. */
import { Type } from 'typebox'
import { option } from '../core/options.js'

export const romsOptions = {
  mameExe: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'mame-exe', description: 'MAME executable asked for machine data (-listxml); default: mame on the PATH, else /usr/games/mame (Linux) or <frontend root>\\emulators\\mame\\mame.exe (Windows, RetroBat); `none`: never run MAME.' }),
  mameImportDelaySeconds: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 3600 }), default: 60, flag: 'mame-import-delay', description: 'Seconds after start before the full machine list is imported (at the lowest CPU priority), so it never competes with the first minute of a cabinet\'s use.' }),
  mameImport: option({ kind: 'boolean', schema: Type.Boolean(), default: true, flag: null, description: 'Import MAME\'s full machine list into the cache in the background, once per MAME version; off: machines are asked one page at a time when needed.' })
} as const
