/**
 * The directory reads and stats of one scan, all through the thread pool: a scan of a big library
 * makes about 250,000 of them (150,000 files in 50,000 game folders), and none may hold the loop
 * while a disk that really seeks (or a network share) answers. Listings are read with
 * `readdir`, which libuv sorts by name, so two scans of the same folders meet files in the same
 * order (`opendir` gives the disk's order, which would change which of two equal files wins).
 */
import { lstat, readdir, stat, type Dirent, type Stats } from 'node:fs'
import { setImmediate as nextTurn } from 'node:timers/promises'

/** The longest the loop is held by the work between two turns (a walk of 100,000 gamelist entries does little else). */
const sliceMs = 10

/** node:fs's callback form: its calls cost a fifth less than node:fs/promises' (a promise of its own, and the binding's promise wrapping), which 250,000 of them feel. */
const statsOf = async (call: typeof stat, file: string): Promise<Stats> => new Promise((resolve, reject) => { call(file, (error, stats) => { if (error === null) resolve(stats); else reject(error) }) })

export class ScanDisk {
  readonly #signal: AbortSignal | undefined
  #sliceStartedMs = performance.now()

  constructor (options: { signal?: AbortSignal | undefined }) {
    this.#signal = options.signal
  }

  /** The entries of a folder, sorted by name; none when it cannot be read. */
  async list (dir: string): Promise<Dirent[]> {
    await this.turn()
    try {
      return await new Promise<Dirent[]>((resolve, reject) => { readdir(dir, { withFileTypes: true }, (error, entries) => { if (error === null) resolve(entries); else reject(error) }) })
    } catch {
      return []
    }
  }

  /** The file itself (a link is not followed); throws when it is gone or unreadable. */
  async lstat (file: string): Promise<Stats> {
    await this.turn()
    return statsOf(lstat, file)
  }

  /** What the file or link leads to; throws when it is gone or unreadable. */
  async stat (file: string): Promise<Stats> {
    await this.turn()
    return statsOf(stat, file)
  }

  /**
   * Gives the loop its turn once the current slice has run its time (every call does; call it
   * between other units of work too); nothing to wait for until then, so that a caller going
   * through 100,000 files need not make a promise for each. Throws once the scan is stopped.
   */
  turn (): Promise<void> | undefined {
    if (performance.now() - this.#sliceStartedMs < sliceMs) return undefined
    this.#signal?.throwIfAborted()
    return nextTurn().then(() => { this.#sliceStartedMs = performance.now() })
  }
}

/**
 * Each item with what `read` gave for it, in the items' order, with `ahead` reads in flight:
 * folders read one after the other each wait for a hand-off to the thread pool and back, which
 * made a walk of the whole library three times slower than with its reads in flight together.
 * A read nobody takes any more (the walk stopped) fails unheard.
 */
export async function * readAhead<T, R> (items: readonly T[], read: (item: T) => Promise<R>, ahead: number): AsyncGenerator<readonly [T, R]> {
  const reads: Array<Promise<R>> = []
  let next = 0
  for (const item of items) {
    while (next < items.length && reads.length < ahead) {
      const reading = read(items[next++]!)
      reading.catch(() => {})
      reads.push(reading)
    }
    yield [item, await reads.shift()!]
  }
}
