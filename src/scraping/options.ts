/** Where the owner keeps MAME's support files for offline scraping. */
import { Type } from 'typebox'
import { option } from '../core/options.js'

export const scrapingOptions = {
  scrapingDatDirs: option({ kind: 'list', schema: Type.Array(Type.String({ minLength: 1 })), default: [], flag: 'scraping-dats', description: 'Folders holding history.xml, mameinfo.dat and catver.ini (comma separated), read by the offline fill for descriptions and genres.' })
} as const
