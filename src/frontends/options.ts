/** Where the frontend is installed and how to reach it: read by every module that looks at its files. */
import { Type } from 'typebox'
import { option, type ConfigOf, type OptionTable } from '../core/options.js'
import type { FrontendAdapter } from './adapter.js'
import { simulatedProfiles, type SimulatedProfile } from './profiles.js'

/** `--profile`: one value per frontend adapter of the build. */
function profileOption (adapters: readonly FrontendAdapter[]) {
  const ids = adapters.map((a) => a.id)
  return option({ kind: 'string', schema: Type.Unsafe<string>(Type.Union(ids.map((id) => Type.Literal(id)))), default: ids[0]!, flag: 'profile', description: `The frontend family and its folder layout under --frontend-root: ${adapters.map((a) => `${a.id} (${a.title})`).join(', ')}.` })
}

const paths = {
  esConfigDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'es-config-dir', description: 'The frontend\'s config folder (holds es_settings.cfg); its global.cabinethub.* switches override the managers.' }),
  frontendRoot: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'frontend-root', description: 'Root of the frontend installation (RetroBat folder, /userdata on Batocera, /recalbox/share on Recalbox); the profile derives roms, config and scripts folders from it.' }),
  romsRoot: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'roms-root', description: 'Folder holding roms/<system>/ (overrides the profile layout).' }),
  esUrl: option({ kind: 'string', schema: Type.String({ pattern: '^https?://' }), default: 'http://127.0.0.1:1234', flag: 'es-url', description: 'Base URL of the frontend\'s web API (EmulationStation PublicWebAccess).' })
} as const

/** `--demo-profile`: which family's tree the embedded demo's simulated EmulationStation runs on. */
const demoProfile = option({ kind: 'string', schema: Type.Unsafe<SimulatedProfile>(Type.Union(simulatedProfiles.map((id) => Type.Literal(id)))), default: 'retrobat', flag: 'demo-profile', description: `The frontend the embedded demo simulates when no frontend is configured: ${simulatedProfiles.join(', ')}.` })

/**
 * The options every family shares, and those of each family that has its own (a build offers its
 * families' flags); a family reads its own in `configure`, so they are not part of the shared type.
 */
export function frontendsOptionsFor (adapters: readonly FrontendAdapter[]) {
  const shared = { ...paths, profile: profileOption(adapters), demoProfile }
  const own: OptionTable = Object.assign({}, ...adapters.map((adapter) => adapter.options ?? {}))
  return { ...own, ...shared } as typeof shared
}

export type FrontendsConfig = ConfigOf<ReturnType<typeof frontendsOptionsFor>>
