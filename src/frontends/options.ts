/** Where the frontend is installed and how to reach it: read by every module that looks at its files. */
import { Type } from 'typebox'
import { option, type ConfigOf } from '../core/options.js'

export const frontendsOptions = {
  esConfigDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'es-config-dir', description: 'The frontend\'s config folder (holds es_settings.cfg); its global.cabinethub.* switches override the managers.' }),
  frontendRoot: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'frontend-root', description: 'Root of the frontend installation (RetroBat folder, or /userdata on Batocera); the profile derives roms, config and scripts folders from it.' }),
  profile: option({ kind: 'string', schema: Type.Union([Type.Literal('retrobat'), Type.Literal('batocera')]), default: 'retrobat', flag: 'profile', description: 'Folder layout under --frontend-root: retrobat or batocera.' }),
  romsRoot: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'roms-root', description: 'Folder holding roms/<system>/ (overrides the profile layout).' }),
  esUrl: option({ kind: 'string', schema: Type.String({ pattern: '^https?://' }), default: 'http://127.0.0.1:1234', flag: 'es-url', description: 'Base URL of the frontend\'s web API (EmulationStation PublicWebAccess).' })
} as const

export type FrontendsConfig = ConfigOf<typeof frontendsOptions>
