/**
 * The directory reads and stats of one scan. A scan of a big library makes about 250,000 of them
 * (150,000 files in 50,000 game folders); through the thread pool each one costs a hand-off to a
 * worker thread and back, which on 2 cores made a first scan take 3 times the CPU of the same
 * calls made in place. So calls are made synchronously while the disk answers them from its cache,
 * in slices of at most `sliceMs` with a turn of the loop between slices. Once calls often take longer
 * than `slowCallMs` (a disk that really seeks, a network share), the rest of the scan goes through
 * the thread pool, so a slow disk holds the loop for a few calls at most. Often, not once: on a
 * busy machine a call answered from the cache is now and then slow too, when the thread is put
 * aside in the middle of it.
 */
import { lstatSync, readdirSync, statSync, type Dirent, type Stats } from 'node:fs'
import { lstat, readdir, stat } from 'node:fs/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'

/** The longest the loop is held by one slice of calls and the work between them. */
const sliceMs = 10
/** A call slower than this did not come from a cache, or was put aside. */
const slowCallMs = 4
/** The share of slow calls (after `slowCallsToJudge` of them) that says the disk is slow. */
const slowShare = 0.05
const slowCallsToJudge = 10

export class ScanDisk {
  readonly #signal: AbortSignal | undefined
  #sliceStartedMs = performance.now()
  #inPlace: boolean
  #calls = 0
  #slowCalls = 0

  /** `inPlace`: start with calls in place (a walk of the whole library); otherwise every call goes through the thread pool. */
  constructor (options: { signal?: AbortSignal | undefined, inPlace: boolean }) {
    this.#signal = options.signal
    this.#inPlace = options.inPlace
  }

  /**
   * The entries of a folder (none when it cannot be read), sorted by name as `readdirSync` gives
   * them: libuv sorts a listing, whereas `opendir` would give the disk's order and change which of
   * two equal files a scan meets first.
   */
  async list (dir: string): Promise<Dirent[]> {
    await this.turn()
    try {
      return this.#inPlace ? this.#timed(() => readdirSync(dir, { withFileTypes: true })) : await readdir(dir, { withFileTypes: true })
    } catch {
      return []
    }
  }

  /** The file itself (a link is not followed); throws when it is gone or unreadable. */
  async lstat (file: string): Promise<Stats> {
    await this.turn()
    return this.#inPlace ? this.#timed(() => lstatSync(file)) : lstat(file)
  }

  /** What the file or link leads to; throws when it is gone or unreadable. */
  async stat (file: string): Promise<Stats> {
    await this.turn()
    return this.#inPlace ? this.#timed(() => statSync(file)) : stat(file)
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

  #timed<T> (call: () => T): T {
    const started = performance.now()
    try {
      return call()
    } finally {
      this.#calls++
      if (performance.now() - started > slowCallMs && ++this.#slowCalls >= slowCallsToJudge && this.#slowCalls > this.#calls * slowShare) this.#inPlace = false
    }
  }
}
