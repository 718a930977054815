/** Where the media store is, and how its folders are followed where the system gives no file events. */
import { Type } from 'typebox'
import { option, type ConfigOf } from '../core/options.js'

export const mediaOptions = {
  themesDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'themes-dir', description: 'Folder of EmulationStation themes searched before the ES config folder\'s themes/ (and /userdata/themes on Batocera) for the system logos and backgrounds of the active theme.' }),
  mediaDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'media-dir', description: 'The media store (user/systems/... and systems/...); default <data-dir>/media.' }),
  downloadedMediaDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'downloaded-media-dir', description: 'ES-DE style downloaded_media folder (<system>/<type>/<rom>.*) indexed after the store and the gamelists.' }),
  mediaFirstLookGames: option({ kind: 'integer', schema: Type.Integer({ minimum: 0 }), default: 5000, flag: null, description: 'A first start (no saved index) of a library with at least this many games is ready after a first look (the files the gamelists name, the store\'s system art) and takes up the store\'s game folders with the full scan that follows at once; a smaller library is fully scanned before it is ready.' }),
  mediaRescanMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 50, maximum: 3_600_000 }), default: 5000, flag: null, description: 'How often the media sources are walked for added, changed and removed files where the system gives no file events for them (a network share), and a missing one looked for. Elsewhere their changes are heard (file events) and rescanned after.' })
} as const

export type MediaConfig = ConfigOf<typeof mediaOptions>
