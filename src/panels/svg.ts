/**
 * The two drawings of a panel: a top view and a front view in perspective. Each button is one
 * `<circle>` whose cx, cy and r are exactly the numbers advertised in `Buttons`, so a consumer can
 * light a button where the artwork draws it.
 */
import type { CabinetConfig } from './cabinet.js'
import type { PanelControls, SlotControl } from './projection.js'

interface DrawnButton {
  readonly slot: number
  readonly player: number
  readonly cx: number
  readonly cy: number
  readonly r: number
}

export interface PanelDrawing {
  readonly width: number
  readonly height: number
  readonly buttons: readonly DrawnButton[]
  readonly svg: string
}

const panelWidth = 360
const topHeight = 240
const buttonRadius = 22
const buttonPitch = 62
const rowPitch = 68
/** Rows further down sit a little further right, as on a real arcade panel. */
const rowStagger = 16

const round = (n: number): number => Math.round(n * 100) / 100

function escapeXml (text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Where a slot sits on its player's panel, in top-view coordinates. */
function topPosition (cabinet: CabinetConfig, player: number, slot: number): { x: number, y: number } | null {
  const rowIndex = cabinet.rows.findIndex((row) => row.includes(slot))
  if (rowIndex < 0) return null
  const column = cabinet.rows[rowIndex]!.indexOf(slot)
  return { x: (player - 1) * panelWidth + 150 + column * buttonPitch + rowIndex * rowStagger, y: 80 + rowIndex * rowPitch }
}

function circle (button: DrawnButton, control: SlotControl): string {
  const fill = control.function === '' ? '#222' : escapeXml(control.color)
  return `<circle class="button" data-player="${button.player}" data-slot="${button.slot}" cx="${button.cx}" cy="${button.cy}" r="${button.r}" fill="${fill}" stroke="#111" stroke-width="2"><title>${escapeXml(`P${control.player} ${control.slot}: ${control.function || 'unused'}`)}</title></circle>`
}

function label (button: DrawnButton, control: SlotControl, size: number): string {
  if (control.label === '') return ''
  return `<text x="${button.cx}" y="${round(button.cy + button.r + size + 2)}" font-size="${size}" text-anchor="middle" fill="#eee" font-family="sans-serif">${escapeXml(control.label.slice(0, 12))}</text>`
}

function document (width: number, height: number, body: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body.join('\n')}\n</svg>\n`
}

function playerSlots (controls: PanelControls, cabinet: CabinetConfig) {
  return controls.slots.filter((c) => cabinet.rows.some((row) => row.includes(c.slot)))
}

/** The panel seen from above: one panel per player, joystick on the left, buttons in their rows. */
export function drawTop (controls: PanelControls, cabinet: CabinetConfig): PanelDrawing {
  const width = panelWidth * cabinet.playerCount
  const body: string[] = [`<rect width="${width}" height="${topHeight}" fill="#1b1b24"/>`]
  const buttons: DrawnButton[] = []
  for (let player = 1; player <= cabinet.playerCount; player++) {
    const x0 = (player - 1) * panelWidth
    body.push(`<rect x="${x0 + 6}" y="6" width="${panelWidth - 12}" height="${topHeight - 12}" rx="14" fill="#2c2c3a" stroke="#555"/>`)
    body.push(`<text x="${x0 + 20}" y="28" font-size="14" fill="#aaa" font-family="sans-serif">P${player}</text>`)
    if (controls.joystick !== null) body.push(`<circle class="joystick" cx="${x0 + 75}" cy="120" r="30" fill="${escapeXml(controls.joystick.color)}" stroke="#000" stroke-width="3"/>`)
  }
  for (const control of playerSlots(controls, cabinet)) {
    const at = topPosition(cabinet, control.player, control.slot)!
    const button = { slot: control.slot, player: control.player, cx: at.x, cy: at.y, r: buttonRadius }
    buttons.push(button)
    body.push(circle(button, control), label(button, control, 11))
  }
  return { width, height: topHeight, buttons, svg: document(width, topHeight, body) }
}

const frontHeight = 340
/** The panel's far edge is drawn at this fraction of its near edge's width. */
const farScale = 0.72
const surfaceTop = 30
const surfaceDepth = 250

/**
 * The panel seen from the player's eyes: its top surface as a trapezoid receding to the back,
 * buttons shrinking with distance, over the cabinet's vertical front face.
 */
export function drawFront (controls: PanelControls, cabinet: CabinetConfig): PanelDrawing {
  const width = panelWidth * cabinet.playerCount
  const centre = width / 2
  const scaleAt = (y: number): number => farScale + (1 - farScale) * (y / topHeight)
  const project = (x: number, y: number): { x: number, y: number, s: number } => {
    const s = scaleAt(y)
    return { x: round(centre + (x - centre) * s), y: round(surfaceTop + surfaceDepth * (y / topHeight) * (0.85 + 0.15 * s)), s }
  }
  const nearY = project(0, topHeight).y
  const farLeft = project(0, 0)
  const farRight = project(width, 0)
  const body: string[] = [
    `<rect width="${width}" height="${frontHeight}" fill="#111118"/>`,
    `<polygon points="${farLeft.x},${farLeft.y} ${farRight.x},${farRight.y} ${width},${nearY} 0,${nearY}" fill="#2c2c3a" stroke="#666"/>`,
    `<rect x="0" y="${nearY}" width="${width}" height="${frontHeight - nearY}" fill="#20202a" stroke="#444"/>`
  ]
  const buttons: DrawnButton[] = []
  if (controls.joystick !== null) {
    for (let player = 1; player <= cabinet.playerCount; player++) {
      // The ball stands on its shaft above the panel surface.
      const base = project((player - 1) * panelWidth + 75, 120)
      const ballY = round(base.y - 34 * base.s)
      body.push(`<ellipse cx="${base.x}" cy="${base.y}" rx="${round(26 * base.s)}" ry="${round(9 * base.s)}" fill="#0c0c10"/>`)
      body.push(`<line x1="${base.x}" y1="${base.y}" x2="${base.x}" y2="${ballY}" stroke="#9a9aa6" stroke-width="${round(7 * base.s)}"/>`)
      body.push(`<circle class="joystick" cx="${base.x}" cy="${ballY}" r="${round(22 * base.s)}" fill="${escapeXml(controls.joystick.color)}" stroke="#666" stroke-width="2"/>`)
    }
  }
  for (const control of playerSlots(controls, cabinet)) {
    const at = topPosition(cabinet, control.player, control.slot)!
    const p = project(at.x, at.y)
    const button = { slot: control.slot, player: control.player, cx: p.x, cy: p.y, r: round(buttonRadius * p.s) }
    buttons.push(button)
    // The button's side, seen below its cap, gives the depth.
    body.push(`<ellipse cx="${button.cx}" cy="${round(button.cy + button.r * 0.35)}" rx="${button.r}" ry="${round(button.r * 0.75)}" fill="#000" opacity="0.55"/>`)
    body.push(circle(button, control), label(button, control, 10))
  }
  return { width, height: frontHeight, buttons, svg: document(width, frontHeight, body) }
}
