/** How the achievements host answers RetroArch: forwarding to the platform, or from local sets. */
import { Type } from 'typebox'
import { option, type ConfigOf } from '../core/options.js'

export const achievementsOptions = {
  achievementsMode: option({
    kind: 'string',
    schema: Type.Union([Type.Literal('proxy'), Type.Literal('local')]),
    default: 'proxy',
    flag: 'achievements-mode',
    description: 'proxy: forward RetroArch\'s achievement requests to --achievements-upstream; local: answer them from the sets under <data-dir>/achievements/sets (no network).'
  }),
  achievementsUpstream: option({
    kind: 'string',
    schema: Type.String({ pattern: '^https?://[^/?#\\s]+$' }),
    default: 'https://retroachievements.org',
    flag: 'achievements-upstream',
    description: 'The achievements platform the proxy forwards to (scheme and host, no path); the only host it ever contacts.'
  }),
  achievementsTimeoutMs: option({
    kind: 'integer',
    schema: Type.Integer({ minimum: 100, maximum: 120_000 }),
    default: 10_000,
    flag: 'achievements-timeout-ms',
    description: 'How long the proxy waits for the upstream before answering RetroArch with a failure.'
  }),
  achievementsDemo: option({
    kind: 'boolean',
    schema: Type.Boolean(),
    default: false,
    flag: null,
    description: 'Set by the embedded demo: every game the simulated frontend plays gets a demo achievements session.'
  })
} as const

export type AchievementsConfig = ConfigOf<typeof achievementsOptions>
