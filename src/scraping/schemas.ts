/** REST shapes of the Auto Scraping Manager (camelCase). */
import { Type } from 'typebox'
import { fillFields } from './fill.js'

export const SystemParams = Type.Object({ system: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.+-]+$', description: 'Frontend system id.' }) })

export const FillBody = Type.Object({
  fields: Type.Array(Type.Union(fillFields.map((f) => Type.Literal(f))), { minItems: 1, uniqueItems: true, description: 'Gamelist fields to fill where empty.' }),
  dryRun: Type.Boolean({ description: 'true: answer the diff, change nothing.' })
}, { additionalProperties: false, examples: [{ fields: ['name', 'releasedate', 'developer', 'players', 'genre'], dryRun: true }] })

export const FillResult = Type.Object({
  system: Type.String(),
  dryRun: Type.Boolean(),
  changes: Type.Array(Type.Object({ path: Type.String({ description: 'The game\'s <path> as written.' }), rom: Type.String(), fields: Type.Record(Type.String(), Type.String(), { description: 'Field -> the value filled in.' }) })),
  backup: Type.Union([Type.String(), Type.Null()], { description: 'Copy of the gamelist before the change.' }),
  problems: Type.Array(Type.String(), { description: 'Dat files that could not be read.' })
}, { description: 'Every empty field filled, by game; fields the user had are never in it.' })

export const ScrapingStatus = Type.Object({
  source: Type.Literal('offline'),
  mame: Type.Object({ available: Type.Boolean(), version: Type.Union([Type.String(), Type.Null()]) }),
  datFiles: Type.Object({ history: Type.Union([Type.String(), Type.Null()]), mameinfo: Type.Union([Type.String(), Type.Null()]), catver: Type.Union([Type.String(), Type.Null()]) }, { description: 'The dat files found in --scraping-dats; null when absent.' }),
  lastRun: Type.Union([Type.Object({ system: Type.String(), at: Type.String({ format: 'date-time' }), dryRun: Type.Boolean(), games: Type.Integer(), fields: Type.Integer() }), Type.Null()])
}, {
  examples: [{
    source: 'offline',
    mame: { available: true, version: '0.251 (unknown)' },
    datFiles: { history: '/home/cab/mame/dats/history.xml', mameinfo: null, catver: '/home/cab/mame/dats/catver.ini' },
    lastRun: { system: 'mame', at: '2026-11-24T22:00:00.000Z', dryRun: false, games: 3, fields: 7 }
  }]
})
