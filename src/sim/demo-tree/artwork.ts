/**
 * Media for the demo tree, drawn at run time so no binary art lives in git: PNG title screens,
 * marquees and wheels (a symmetric pixel emblem seeded by the game name over the system colour)
 * and SVG system logos.
 */
import { createHash } from 'node:crypto'
import { PNG } from 'pngjs'

type Rgb = readonly [number, number, number]
type Rgba = readonly [number, number, number, number]

/** The art kinds written for every game, with the gamelist tag that points at them. */
export const gameArtKinds = ['image', 'marquee', 'wheel'] as const
export type GameArtKind = typeof gameArtKinds[number]

const sizes: Readonly<Record<GameArtKind, readonly [number, number]>> = {
  image: [320, 224],
  marquee: [640, 160],
  wheel: [400, 160]
}

function renderPng (width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const png = new PNG({ width, height })
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      png.data.set(paint(x, y), (y * width + x) * 4)
    }
  }
  return PNG.sync.write(png)
}

function shade ([r, g, b]: Rgb, factor: number): Rgba {
  const scale = (value: number): number => Math.max(0, Math.min(255, Math.round(value * factor)))
  return [scale(r), scale(g), scale(b), 255]
}

/** A 10x6 emblem, mirrored left to right, whose cells are lit by the bits of the name's hash. */
function emblem (seed: string): (column: number, row: number) => boolean {
  const bits = createHash('md5').update(seed).digest()
  return (column, row) => {
    const half = column < 5 ? column : 9 - column
    const bit = row * 5 + half
    return ((bits[bit >> 3]! >> (bit & 7)) & 1) === 1
  }
}

/** Draws the emblem centred in a box of the picture; null outside it. */
function emblemPainter (seed: string, colour: Rgb, box: { x: number, y: number, width: number, height: number }) {
  const lit = emblem(seed)
  const cell = Math.floor(Math.min(box.width / 10, box.height / 6))
  const left = box.x + Math.floor((box.width - cell * 10) / 2)
  const top = box.y + Math.floor((box.height - cell * 6) / 2)
  return (x: number, y: number): Rgba | null => {
    const column = Math.floor((x - left) / cell)
    const row = Math.floor((y - top) / cell)
    if (x < left || y < top || column >= 10 || row >= 6) return null
    return lit(column, row) ? shade(colour, 1.6) : null
  }
}

/** One PNG of a game, in the size and style of its kind. */
export function gameArtPng (kind: GameArtKind, gameName: string, colour: Rgb): Buffer {
  const [width, height] = sizes[kind]
  const margin = Math.round(height * 0.15)
  const mark = emblemPainter(`${kind}:${gameName}`, colour, { x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin })
  return renderPng(width, height, (x, y) => {
    const painted = mark(x, y)
    if (painted !== null) return painted
    if (kind === 'wheel') return [0, 0, 0, 0]
    // Title screens fade top to bottom, marquees glow from the middle like a backlit panel.
    const factor = kind === 'image' ? 0.7 - 0.5 * (y / height) : 0.4 + 0.6 * (1 - Math.abs(x / width - 0.5) * 2)
    return shade(colour, factor)
  })
}

function escapeXml (text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
}

/** A system logo: the system's full name on a rounded badge of its colour. */
export function systemLogoSvg (title: string, [r, g, b]: Rgb): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120">
  <rect x="4" y="4" width="472" height="112" rx="24" fill="rgb(${r},${g},${b})" stroke="#ffffff" stroke-width="4"/>
  <text x="240" y="72" font-family="sans-serif" font-size="28" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(title)}</text>
</svg>
`
}
