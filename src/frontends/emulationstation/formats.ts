/** The EmulationStation formats: `gamelist.xml`, `es_systems.cfg`, and ES's game id. ES-DE and Recalbox write the same. */
import { createHash } from 'node:crypto'
import type { FrontendFormats } from '../adapter.js'
import { parseEsSystems } from './es-systems.js'
import { readGamelist } from './gamelist.js'

export const esFormats: FrontendFormats = {
  readGamelist,
  readSystems: parseEsSystems,
  /** ES's own game id when the gamelist has one, else its formula: MD5 of the absolute path with forward slashes. */
  gameId: (gamePath, fields) => {
    const known = fields.id ?? fields.md5
    if (known !== undefined && known !== '') return known
    return createHash('md5').update(gamePath.replace(/\\/g, '/')).digest('hex')
  }
}
