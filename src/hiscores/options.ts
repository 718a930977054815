/** Where definitions and MAME's saves are, who plays by default, and how long tables are. */
import { Type } from 'typebox'
import { option } from '../core/options.js'

const folder = Type.Union([Type.String({ minLength: 1 }), Type.Null()])

export const hiscoresOptions = {
  hiscoreDefinitions: option({ kind: 'string', schema: folder, default: null, flag: 'hiscore-definitions', description: 'Folder of hi2txt-format definitions (<rom>.xml); default <data-dir>/resources/hiscore/.' }),
  mameHiscoreDir: option({ kind: 'string', schema: folder, default: null, flag: 'mame-hiscore-dir', description: 'Folder where MAME\'s hiscore plugin writes <rom>.hi; default <frontend-root>/saves/mame/hiscore (Batocera /userdata/saves/mame/hiscore).' }),
  mameNvramDir: option({ kind: 'string', schema: folder, default: null, flag: 'mame-nvram-dir', description: 'MAME\'s nvram folder (<rom>/<file>); default <frontend-root>/saves/mame/nvram.' }),
  player: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1, maxLength: 32 }), Type.Null()]), default: null, flag: 'player', description: 'Player at the cabinet when the frontend names none (es_settings global.retroachievements.username wins); else PLAYER.' }),
  maxHiscores: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 100 }), default: 10, flag: 'max-hiscores', description: 'Entries a captured-score table keeps.' }),
  hiscoreWatchPollMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 50, maximum: 60_000 }), default: 2000, flag: null, description: 'How often a save folder MAME has not created yet is looked for; also how often the save folders are walked where the system gives no file events for them (a network share). Elsewhere changes are heard, not walked for.' }),
  hiscoreDebounceMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 60_000 }), default: 750, flag: null, description: 'Quiet time after a save changes before it is decoded (MAME writes in several steps).' })
} as const
