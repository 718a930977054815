/** Where theme exports go. */
import { Type } from 'typebox'
import { option } from '../core/options.js'

export const themesOptions = {
  themeExportDir: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'theme-export-dir', description: 'Themes folder receiving the theme exports (`.hiscore/<system>/<rom>.xml`, the hiscore block of `.gameinfos/<system>/<rom>.xml`, `.panels/<system>/<rom>.xml`); default: the first themes folder of the frontend (the ES config folder\'s themes/).' })
} as const
