/**
 * The wait for a file's writing to finish: a writer that does not rename its file into place is
 * not read halfway. A file counts as written once its size and modification time have held still
 * `stillMs`, looked at every `checkMs`; a file that goes away ends its wait too.
 */
import { stat } from 'node:fs/promises'

export interface WriteFinishTiming {
  readonly stillMs: number
  readonly checkMs: number
}

async function sizeAndTime (file: string): Promise<string | null> {
  try {
    const stats = await stat(file)
    return `${stats.size}:${stats.mtimeMs}`
  } catch {
    return null
  }
}

export class WriteFinish {
  readonly #timing: WriteFinishTiming
  /** One wait per file: a file noticed again while it waits joins the wait. */
  readonly #waits = new Map<string, Promise<void>>()
  readonly #ends = new Map<string, { timer: NodeJS.Timeout, end: () => void }>()

  constructor (timing: WriteFinishTiming) {
    this.#timing = timing
  }

  /** Resolves once the file has held still (or is gone, or the waits are ended). */
  of (file: string): Promise<void> {
    let wait = this.#waits.get(file)
    if (wait === undefined) {
      wait = this.#wait(file).finally(() => { this.#waits.delete(file) })
      this.#waits.set(file, wait)
    }
    return wait
  }

  /** Ends every wait now (watching stopped). */
  endAll (): void {
    for (const { timer, end } of this.#ends.values()) { clearTimeout(timer); end() }
    this.#ends.clear()
  }

  async #wait (file: string): Promise<void> {
    const { stillMs, checkMs } = this.#timing
    let last = await sizeAndTime(file)
    let stillSince = Date.now()
    while (last !== null && Date.now() - stillSince < stillMs) {
      if (!await this.#sleep(file, checkMs)) return
      const now = await sizeAndTime(file)
      if (now !== last) { last = now; stillSince = Date.now() }
    }
  }

  /** False when the waits were ended meanwhile. */
  async #sleep (file: string, ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => { this.#ends.delete(file); resolve(true) }, ms)
      timer.unref()
      this.#ends.set(file, { timer, end: () => { resolve(false) } })
    })
  }
}
