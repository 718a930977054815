/**
 * Where the drawings are written and how they are served: `<data-dir>/media/generated/panels/`,
 * `GET /api/v1/media/panels/<file>`. File names are a hex key and a view, nothing else.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
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

  constructor (dataDir: string) {
    this.mediaRoot = path.join(dataDir, 'media')
    this.folder = path.join(this.mediaRoot, 'generated', 'panels')
  }

  fileOf (name: string): string {
    return path.join(this.folder, name)
  }

  /** Writes the drawing (replacing an older one of the same key) and describes it. */
  write (key: string, view: 'top' | 'front', drawing: PanelDrawing): DrawingPayload {
    const name = `${key}-${view}.svg`
    mkdirSync(this.folder, { recursive: true })
    const file = this.fileOf(name)
    writeFileSync(`${file}.tmp`, drawing.svg)
    // A consumer fetching the file mid-write must see the old drawing or the new one, never half.
    renameSync(`${file}.tmp`, file)
    return {
      Url: `/api/v1/media/panels/${name}`,
      Path: file,
      PathRoot: this.mediaRoot,
      Width: drawing.width,
      Height: drawing.height,
      Buttons: drawing.buttons.map((b) => ({ Slot: b.slot, Player: b.player, Cx: b.cx, Cy: b.cy, R: b.r }))
    }
  }
}
