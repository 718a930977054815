/** Where the frontend is installed and how to reach it: read by every module that looks at its files. */
import { Type } from 'typebox'
import { option, type ConfigOf } from '../core/options.js'
import type { FrontendAdapter } from './adapter.js'
import { frontendProfiles } from './profiles.js'

/** `--profile`: one value per frontend adapter of the build. */
function profileOption (adapters: readonly FrontendAdapter[]) {
  const ids = adapters.map((a) => a.id)
  return option({ kind: 'string', schema: Type.Unsafe<string>(Type.Union(ids.map((id) => Type.Literal(id)))), default: ids[0]!, flag: 'profile', description: `The frontend family and its folder layout under --frontend-root: ${adapters.map((a) => `${a.id} (${a.title})`).join(', ')}.` })
}

const paths = {
  esConfigDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'es-config-dir', description: 'The frontend\'s config folder (holds es_settings.cfg); its global.cabinethub.* switches override the managers.' }),
  frontendRoot: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'frontend-root', description: 'Root of the frontend installation (RetroBat folder, or /userdata on Batocera); the profile derives roms, config and scripts folders from it.' }),
  romsRoot: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'roms-root', description: 'Folder holding roms/<system>/ (overrides the profile layout).' }),
  esUrl: option({ kind: 'string', schema: Type.String({ pattern: '^https?://' }), default: 'http://127.0.0.1:1234', flag: 'es-url', description: 'Base URL of the frontend\'s web API (EmulationStation PublicWebAccess).' })
} as const

/** `--demo-profile`: which simulated frontend the embedded demo runs. */
const demoProfile = option({ kind: 'string', schema: Type.Unsafe<typeof frontendProfiles[number]>(Type.Union(frontendProfiles.map((id) => Type.Literal(id)))), default: 'retrobat', flag: 'demo-profile', description: `The frontend the embedded demo simulates when no frontend is configured: ${frontendProfiles.join(', ')}.` })

export function frontendsOptionsFor (adapters: readonly FrontendAdapter[]) {
  return { ...paths, profile: profileOption(adapters), demoProfile }
}

export type FrontendsConfig = ConfigOf<ReturnType<typeof frontendsOptionsFor>>
