/**
 * The Roms Manager's work: audits a system's roms against MAME's machine data, and hides (or shows
 * again) the games a romset filter picks, in the system's gamelist. No Fastify here.
 */
import type { Publisher } from '../core/event-bus.js'
import { HubError } from '../core/errors.js'
import { indentBefore, setTag, type GamelistEdit, type LocatedGame } from '../frontends/index.js'
import type { LibraryCatalog } from '../library/index.js'
import type { RomsEvents } from './events.js'
import { editSystemGamelist, gamelistGames, type GamelistPlan, type SystemGamelist } from './gamelists.js'
import type { HiddenRecord, HiddenStore } from './hidden-store.js'
import type { MachineLibrary } from './machine-library.js'
import { machineView } from './views.js'
import { hideReasons, machineNameOf, romFlags, type RomsetCriteria } from './romset.js'

export interface RomsetServiceDeps {
  readonly machines: MachineLibrary
  readonly catalog: LibraryCatalog
  readonly hidden: HiddenStore
  readonly gamelist: (system: string) => SystemGamelist
  readonly publisher: Publisher<RomsEvents>
  readonly now: () => Date
}

interface FilterChange {
  readonly path: string
  readonly rom: string
  readonly reasons: string[]
}

const hiddenTag = '<hidden>true</hidden>'

export class RomsetService {
  readonly #deps: RomsetServiceDeps

  constructor (deps: RomsetServiceDeps) {
    this.#deps = deps
  }

  /** Every rom of the system with its machine data and flags; the summary covers all of them, `roms` the page. */
  async audit (system: string, offset: number, limit: number) {
    const { machines, catalog } = this.#deps
    await catalog.refreshGamelists()
    const games = catalog.gamesOf(system)
    if (games.length === 0 && catalog.system(system) === null) throw new HubError(404, 'SYSTEM_NOT_FOUND', `No system ${system} with a gamelist`)
    await machines.lookup(games.map((g) => machineNameOf(g.romPath)))
    const audited = games.map((game) => {
      const rom = machineNameOf(game.romPath)
      const machine = machines.machine(rom)
      return { path: game.romPath, rom, name: game.fields.name ?? '', hidden: game.fields.hidden === 'true', machine: machine === null ? null : machineView(machine), flags: romFlags(machines.knowledge(rom), machine), players: machine?.players ?? null, buttons: machine?.buttons ?? null }
    })
    const count = (flag: keyof ReturnType<typeof romFlags>): number => audited.filter((a) => a.flags[flag]).length
    const summary = { unknown: count('unknown'), clones: count('clone'), bios: count('bios'), devices: count('device'), mechanical: count('mechanical'), notWorking: count('notWorking') }
    this.#deps.publisher.publish('roms.audit.completed', {
      System: system, MameVersion: machines.version, Roms: audited.length, Unknown: summary.unknown, Clones: summary.clones, Bios: summary.bios, Devices: summary.devices, Mechanical: summary.mechanical, NotWorking: summary.notWorking
    })
    return { system, mameVersion: machines.version, total: audited.length, offset, limit, summary, roms: audited.slice(offset, offset + limit) }
  }

  /** Marks `<hidden>true</hidden>` on every game the criteria pick that is not hidden yet. */
  async applyFilter (system: string, criteria: RomsetCriteria, dryRun: boolean) {
    const target = this.#deps.gamelist(system)
    await this.#deps.machines.lookup((await gamelistGames(target)).map((g) => machineNameOf(g.path)))
    const records: HiddenRecord[] = []
    const written = await this.#rewrite(target, dryRun, (text, games) => {
      const edits: GamelistEdit[] = []
      const changes: FilterChange[] = []
      for (const game of games) {
        const rom = machineNameOf(game.path)
        const machine = this.#deps.machines.machine(rom)
        const reasons = hideReasons(romFlags(this.#deps.machines.knowledge(rom), machine), machine, criteria)
        const hidden = game.tags.find((t) => t.name === 'hidden')
        if (reasons.length === 0 || hidden?.text.trim() === 'true') continue
        const edit = setTag(text, game, 'hidden', 'true')
        edits.push(edit)
        changes.push({ path: game.path, rom, reasons })
        records.push(hidden === undefined ? { gamePath: game.path, insertedBefore: edit.text.slice(0, -hiddenTag.length), replaced: null } : { gamePath: game.path, insertedBefore: null, replaced: text.slice(hidden.start, hidden.end) })
      }
      return { edits, result: changes }
    })
    if (!dryRun) this.#deps.hidden.add(system, records)
    this.#deps.publisher.publish('romset.filter.applied', { System: system, Hide: [...criteria.hide], Players: criteria.players ?? null, Buttons: criteria.buttons ?? null, DryRun: dryRun, Games: written.result.length, Backup: written.backup })
    return { system, dryRun, hidden: written.result, backup: written.backup }
  }

  /** Shows again every game a filter hid, restoring the bytes it changed; a game the user changed since is left as the user left it. */
  async removeFilters (system: string, dryRun: boolean) {
    const target = this.#deps.gamelist(system)
    const records = this.#deps.hidden.records(system)
    const written = await this.#rewrite(target, dryRun, (text, games) => {
      const edits: GamelistEdit[] = []
      const shown: Array<{ path: string, rom: string }> = []
      for (const record of records) {
        const game = games.find((g) => g.path === record.gamePath)
        const edit = game === undefined ? null : undoEdit(text, game, record)
        if (edit === null) continue
        edits.push(edit)
        shown.push({ path: record.gamePath, rom: machineNameOf(record.gamePath) })
      }
      return { edits, result: shown }
    })
    if (!dryRun) this.#deps.hidden.clear(system)
    this.#deps.publisher.publish('romset.filter.removed', { System: system, DryRun: dryRun, Games: written.result.length, Backup: written.backup })
    return { system, dryRun, shown: written.result, backup: written.backup }
  }

  async #rewrite<R> (target: SystemGamelist, dryRun: boolean, plan: GamelistPlan<R>) {
    const written = await editSystemGamelist(target, dryRun, this.#deps.now(), plan)
    if (written.backup !== null) void this.#deps.catalog.refreshGamelists()
    return written
  }
}

/** The edit that puts a hidden game back as it was, or null when the user changed it since. */
function undoEdit (text: string, game: LocatedGame, record: HiddenRecord): GamelistEdit | null {
  const hidden = game.tags.find((t) => t.name === 'hidden')
  if (hidden === undefined || text.slice(hidden.start, hidden.end) !== hiddenTag) return null
  if (record.replaced !== null) return { start: hidden.start, end: hidden.end, text: record.replaced }
  const before = record.insertedBefore ?? ''
  if (indentBefore(text, hidden.start) !== before && before !== '') return null
  return { start: hidden.start - before.length, end: hidden.end, text: '' }
}
