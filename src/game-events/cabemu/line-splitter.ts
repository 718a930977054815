/**
 * Splits a text stream into lines ended by CR, LF or CRLF (MAME ends its lines with CR, other
 * output servers with LF or CRLF), with a CRLF split across two chunks counted once. Node's
 * readline is not used because it hands out the unterminated tail when the stream ends, and a
 * line cut by a dying emulator (`lamp0 = 1` of `lamp0 = 12`) must be dropped, not believed.
 */
export class LineSplitter {
  #partial = ''
  #afterCr = false
  #overlong = false

  /** @param maxLineLength longer lines are garbage: dropped up to their end, so memory stays bounded. */
  constructor (readonly maxLineLength = 1024) {}

  /** Complete lines in `chunk` (an over-long one comes out as null, for counting). */
  push (chunk: string): Array<string | null> {
    const lines: Array<string | null> = []
    let start = 0
    if (this.#afterCr && chunk.startsWith('\n')) start = 1
    this.#afterCr = false
    for (let i = start; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i)
      if (c !== 10 && c !== 13) continue
      lines.push(this.#take(chunk.slice(start, i)))
      if (c === 13) {
        if (chunk.charCodeAt(i + 1) === 10) i++
        else if (i + 1 === chunk.length) this.#afterCr = true
      }
      start = i + 1
    }
    this.#keep(chunk.slice(start))
    return lines
  }

  /** Forgets an unterminated tail (the connection ended). */
  reset (): void {
    this.#partial = ''
    this.#afterCr = false
    this.#overlong = false
  }

  #take (tail: string): string | null {
    const line = this.#overlong || this.#partial.length + tail.length > this.maxLineLength ? null : this.#partial + tail
    this.#partial = ''
    this.#overlong = false
    return line
  }

  #keep (tail: string): void {
    if (this.#overlong) return
    if (this.#partial.length + tail.length > this.maxLineLength) {
      this.#partial = ''
      this.#overlong = true
    } else {
      this.#partial += tail
    }
  }
}
