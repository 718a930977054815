/**
 * The sets a local host serves: `<data-dir>/achievements/sets/<hash>.json`, each the `PatchData` of
 * one game. Files are read when asked for, so a set copied in by hand is served at once.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import Value from 'typebox/value'
import { HubError } from '../core/errors.js'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import { PatchData, type PatchDataType, type SetAchievementType, type SetLeaderboardType } from './schemas.js'

const setFile = /^([0-9a-f]{32})\.json$/

export interface InstalledSet {
  readonly hash: string
  readonly file: string
  readonly set: PatchDataType
}

/** The first id used twice in a list, with its index, for a 400 that names the field. */
function duplicateId (items: ReadonlyArray<{ ID: number }>): { index: number, id: number } | null {
  const seen = new Set<number>()
  for (const [index, item] of items.entries()) {
    if (seen.has(item.ID)) return { index, id: item.ID }
    seen.add(item.ID)
  }
  return null
}

function checkSetIds (set: PatchDataType): void {
  for (const [list, items] of [['Achievements', set.Achievements], ['Leaderboards', set.Leaderboards ?? []]] as const) {
    const duplicate = duplicateId(items)
    if (duplicate !== null) throw new HubError(400, 'VALIDATION_ERROR', `body/${list}/${duplicate.index}/ID ${duplicate.id} is used twice in the set`)
  }
}

export class SetLibrary {
  constructor (readonly dir: string, private readonly onUnreadable: (file: string, reason: string) => void) {}

  fileOf (hash: string): string {
    return path.join(this.dir, `${hash.toLowerCase()}.json`)
  }

  async byHash (hash: string): Promise<InstalledSet | null> {
    const normalized = hash.toLowerCase()
    if (!/^[0-9a-f]{32}$/.test(normalized)) return null
    return this.#read(this.fileOf(normalized), normalized)
  }

  async byGameId (gameId: number): Promise<InstalledSet | null> {
    return (await this.#all()).find((entry) => entry.set.ID === gameId) ?? null
  }

  /** The achievement with its set: the set of `hash` first (RetroArch sends it with awards), else any. */
  async achievement (achievementId: number, hash: string | null): Promise<{ entry: InstalledSet, achievement: SetAchievementType } | null> {
    return this.#find(hash, (entry) => entry.set.Achievements.find((a) => a.ID === achievementId), 'achievement')
  }

  async leaderboard (leaderboardId: number, hash: string | null): Promise<{ entry: InstalledSet, leaderboard: SetLeaderboardType } | null> {
    return this.#find(hash, (entry) => (entry.set.Leaderboards ?? []).find((l) => l.ID === leaderboardId), 'leaderboard')
  }

  async install (hash: string, set: PatchDataType): Promise<InstalledSet> {
    checkSetIds(set)
    const normalized = hash.toLowerCase()
    const file = this.fileOf(normalized)
    await writeFileAtomic(file, `${JSON.stringify(set, null, 2)}\n`, { durable: true })
    return { hash: normalized, file, set }
  }

  async #find<K extends string, T> (hash: string | null, pick: (entry: InstalledSet) => T | undefined, key: K): Promise<({ entry: InstalledSet } & Record<K, T>) | null> {
    const first = hash === null ? null : await this.byHash(hash)
    const all = await this.#all()
    for (const entry of first === null ? all : [first, ...all]) {
      const found = pick(entry)
      if (found !== undefined) return { entry, [key]: found } as { entry: InstalledSet } & Record<K, T>
    }
    return null
  }

  async #all (): Promise<InstalledSet[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch {
      return []
    }
    const entries = await Promise.all(names.map(async (name) => {
      const match = setFile.exec(name)
      return match === null ? null : this.#read(path.join(this.dir, name), match[1]!)
    }))
    return entries.filter((entry) => entry !== null)
  }

  async #read (file: string, hash: string): Promise<InstalledSet | null> {
    let parsed: unknown
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.onUnreadable(file, (error as Error).message)
      return null
    }
    if (!Value.Check(PatchData, parsed)) {
      const first = [...Value.Errors(PatchData, parsed)][0]
      this.onUnreadable(file, `${first?.instancePath ?? ''} ${first?.message ?? 'is not a set'}`.trim())
      return null
    }
    return { hash, file, set: parsed }
  }
}
