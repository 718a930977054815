/**
 * Where the drawings are written and how they are served: `<data-dir>/media/generated/panels/`,
 * `GET /api/v1/media/panels/<file>`. File names are a hex key and a view, nothing else.
 *
 * A panel is drawn on every selection while the user scrolls: the drawing is announced at once
 * and written in the background, one write per file at a time, a newer drawing of the same file
 * replacing one still waiting (only the last is written). Until it is on disk it is served
 * from memory.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import type { PanelDrawing } from './svg.js'

const panelArtFilePattern = '^[0-9a-f]{8,64}-(top|front)\\.svg$'
const panelArtFile = new RegExp(panelArtFilePattern)

export function isPanelArtFile (name: string): boolean {
  return panelArtFile.test(name)
}

/** `Svg.Top` / `Svg.Front` of panel.state. */
export interface DrawingPayload {
  readonly Url: string
  readonly Path: string
  readonly PathRoot: string
  readonly Width: number
  readonly Height: number
  readonly Buttons: ReadonlyArray<{ Slot: number, Player: number, Cx: number, Cy: number, R: number }>
}

export class PanelArtStore {
  readonly mediaRoot: string
  readonly folder: string
  /** Drawings announced and not written yet, by file. */
  readonly #waiting = new Map<string, string>()
  /** Files being written now, with the write. */
  readonly #writing = new Map<string, Promise<void>>()
  readonly #onError: (message: string) => void

  constructor (dataDir: string, onError: (message: string) => void = () => {}) {
    this.mediaRoot = path.join(dataDir, 'media')
    this.folder = path.join(this.mediaRoot, 'generated', 'panels')
    this.#onError = onError
  }

  fileOf (name: string): string {
    return path.join(this.folder, name)
  }

  /** A drawing by file name: the newest announced, written yet or not; null when there is none. */
  async read (name: string): Promise<string | null> {
    const file = this.fileOf(name)
    const waiting = this.#waiting.get(file)
    if (waiting !== undefined) return waiting
    return readFile(file, 'utf8').catch(() => null)
  }

  /** Resolves once every drawing announced so far is on disk. */
  async flushed (): Promise<void> {
    while (this.#writing.size > 0) await Promise.all(this.#writing.values())
  }

  /** Describes the drawing and has it written (replacing an older one of the same key). */
  write (key: string, view: 'top' | 'front', drawing: PanelDrawing): DrawingPayload {
    const name = `${key}-${view}.svg`
    const file = this.fileOf(name)
    this.#waiting.set(file, drawing.svg)
    if (!this.#writing.has(file)) this.#writing.set(file, this.#writeWaiting(file))
    return {
      Url: `/api/v1/media/panels/${name}`,
      Path: file,
      PathRoot: this.mediaRoot,
      Width: drawing.width,
      Height: drawing.height,
      Buttons: drawing.buttons.map((b) => ({ Slot: b.slot, Player: b.player, Cx: b.cx, Cy: b.cy, R: b.r }))
    }
  }

  /** Writes the file's waiting drawing until none waits (one announced meanwhile is written next). */
  async #writeWaiting (file: string): Promise<void> {
    for (let svg = this.#waiting.get(file); svg !== undefined; svg = this.#waiting.get(file)) {
      try {
        // A consumer fetching the file mid-write sees the old drawing or the new one, never half.
        await writeFileAtomic(file, svg)
      } catch (error) {
        this.#onError(`panel drawing ${file} not written: ${(error as Error).message}`)
      }
      // Forgotten only when no newer drawing arrived during the write.
      if (this.#waiting.get(file) === svg) this.#waiting.delete(file)
    }
    this.#writing.delete(file)
  }
}
