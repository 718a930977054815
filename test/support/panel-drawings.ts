/** Checks a panel.state's drawings as a consumer would: fetch each SVG and find every advertised button in it. */
import assert from 'node:assert/strict'
import { XMLParser } from 'fast-xml-parser'
import type { TestHub } from './hub.js'

export interface AdvertisedDrawing { Url: string, Path: string, Width: number, Height: number, Buttons: Array<{ Slot: number, Player: number, Cx: number, Cy: number, R: number }> }

/** Every `<circle>` of an SVG document with its attributes, wherever it sits. */
function circles (svg: string): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = []
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) { node.forEach(walk); return }
    if (node === null || typeof node !== 'object') return
    for (const [key, value] of Object.entries(node)) {
      if (key === 'circle') for (const c of [value].flat()) found.push(c as Record<string, string>)
      walk(value)
    }
  }
  walk(new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg))
  return found
}

/** Each drawing is served as SVG, and each advertised button is a button circle with exactly its cx, cy and r, inside the drawing. */
export async function assertDrawnAsAdvertised (hub: Pick<TestHub, 'fetch'>, drawing: AdvertisedDrawing): Promise<void> {
  const response = await hub.fetch(drawing.Url)
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /image\/svg\+xml/)
  const drawn = circles(await response.text()).filter((c) => c.class === 'button')
  assert.equal(drawn.length, drawing.Buttons.length)
  for (const button of drawing.Buttons) {
    const circle = drawn.find((c) => Number(c['data-player']) === button.Player && Number(c['data-slot']) === button.Slot)!
    assert.deepEqual([Number(circle.cx), Number(circle.cy), Number(circle.r)], [button.Cx, button.Cy, button.R])
    assert.ok(button.Cx - button.R >= 0 && button.Cx + button.R <= drawing.Width && button.Cy + button.R <= drawing.Height)
  }
}
