/**
 * The offline fill: empty gamelist fields get what MAME's machine data and the local dat files say.
 * A value the user has is never touched; every change is listed, and the file is backed up first.
 */
import type { Publisher } from '../core/event-bus.js'
import { setTag, type GamelistEdit, type LocatedGame } from '../frontends/index.js'
import { editSystemGamelist, gamelistGames, machineNameOf, type MachineData, type MachineInfo, type SystemGamelist } from '../roms/index.js'
import type { DatTexts, LocalDats } from './dats/local-dats.js'
import type { ScrapingEvents } from './events.js'

export const fillFields = ['name', 'desc', 'releasedate', 'developer', 'publisher', 'players', 'genre'] as const
export type FillField = typeof fillFields[number]

export interface FillDeps {
  readonly machines: MachineData
  readonly dats: LocalDats
  readonly gamelist: (system: string) => SystemGamelist
  readonly publisher: Publisher<ScrapingEvents>
  readonly now: () => Date
}

/** A field's value from the machine and the dats; null when they do not say. */
function valueOf (field: FillField, machine: MachineInfo | null, name: string, dats: DatTexts): string | null {
  const filled = (value: string | undefined): string | null => value === undefined || value.trim() === '' ? null : value.trim()
  switch (field) {
    case 'desc': return filled(dats.descriptions.get(name))
    case 'genre': return filled(dats.genres.get(name))
    case 'name': return filled(machine?.description)
    case 'developer':
    case 'publisher': return filled(machine?.manufacturer)
    // ES dates: `19870101T000000`; MAME years such as `198?` say too little.
    case 'releasedate': return /^\d{4}$/.test(machine?.year ?? '') ? `${machine!.year}0101T000000` : null
    case 'players': return machine === null || machine.players < 1 ? null : String(machine.players)
  }
}

const isEmpty = (game: LocatedGame, field: FillField): boolean => (game.tags.find((t) => t.name === field)?.text.trim() ?? '') === ''

interface FillChange {
  readonly path: string
  readonly rom: string
  readonly fields: Record<string, string>
}

export class ScrapingFill {
  readonly #deps: FillDeps
  #lastRun: { system: string, at: string, dryRun: boolean, games: number, fields: number } | null = null

  constructor (deps: FillDeps) {
    this.#deps = deps
  }

  get lastRun () {
    return this.#lastRun
  }

  async fill (system: string, fields: readonly FillField[], dryRun: boolean) {
    const target = this.#deps.gamelist(system)
    const names = (await gamelistGames(target)).map((g) => machineNameOf(g.path))
    await this.#deps.machines.lookup(names)
    const dats = await this.#deps.dats.texts(names, fields.includes('desc'), fields.includes('genre'))
    const written = await editSystemGamelist(target, dryRun, this.#deps.now(), (text, games) => {
      const edits: GamelistEdit[] = []
      const changes: FillChange[] = []
      for (const game of games) {
        const rom = machineNameOf(game.path)
        const machine = this.#deps.machines.machine(rom)
        const filled: Record<string, string> = {}
        for (const field of fields) {
          const value = isEmpty(game, field) ? valueOf(field, machine, rom, dats) : null
          if (value === null) continue
          filled[field] = value
        }
        // One game's new tags go in as one edit, so they stay in the order asked.
        const gameEdits = Object.entries(filled).map(([field, value]) => setTag(text, game, field, value))
        edits.push(...mergedAtSamePlace(gameEdits))
        if (gameEdits.length > 0) changes.push({ path: game.path, rom, fields: filled })
      }
      return { edits, result: changes }
    })
    const fieldCount = written.result.reduce((n, c) => n + Object.keys(c.fields).length, 0)
    this.#lastRun = { system, at: this.#deps.now().toISOString(), dryRun, games: written.result.length, fields: fieldCount }
    this.#deps.publisher.publish('scraping.completed', { System: system, Source: 'offline', DryRun: dryRun, Games: written.result.length, Fields: fieldCount, Backup: written.backup, Problems: [...dats.problems] })
    return { system, dryRun, changes: written.result, backup: written.backup, problems: [...dats.problems] }
  }
}

/** Insertions at the same offset (new tags after the same last tag) joined in order; replacements as they are. */
function mergedAtSamePlace (edits: readonly GamelistEdit[]): GamelistEdit[] {
  const merged: GamelistEdit[] = []
  for (const edit of edits) {
    const previous = merged.find((m) => m.start === edit.start && m.end === edit.start && edit.start === edit.end)
    if (previous === undefined) merged.push(edit)
    else merged[merged.indexOf(previous)] = { ...previous, text: previous.text + edit.text }
  }
  return merged
}
