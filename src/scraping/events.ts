/** The Auto Scraping Manager's events (delivered on `/ws/roms`, beside the machine data they come from). */
import { Type } from 'typebox'
import { define, int, open, str, type EventMap } from '../core/events/definition.js'

export const scrapingEvents = [
  define('scraping.completed', 'A fill of empty gamelist fields ran (or was planned, on a dry run).', open({
    System: str('Frontend system id.'),
    Source: str('`offline`: MAME\'s machine data and the local dat files.'),
    DryRun: Type.Boolean(),
    Games: int('Games with at least one field filled.'),
    Fields: int('Fields filled in all.'),
    Backup: Type.Union([Type.String(), Type.Null()], { description: 'Copy of the gamelist before the change; null on a dry run or when nothing changed.' }),
    Problems: Type.Array(Type.String(), { description: 'Dat files that could not be read.' })
  }, 'scraping run'), { example: { System: 'mame', Source: 'offline', DryRun: false, Games: 3, Fields: 7, Backup: '/home/cab/.local/share/cabinet-hub/backups/gamelists/mame/gamelist-2026-11-24T22-00-00-000Z.xml', Problems: [] } })
]

export type ScrapingEvents = EventMap<typeof scrapingEvents>
