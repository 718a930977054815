/**
 * Media for the demo tree, drawn at run time so no binary art lives in git: PNG title screens,
 * marquees, wheels and theme backgrounds (a symmetric pixel emblem seeded by the game name over
 * the system colour) and SVG system logos.
 */
import { createHash } from 'node:crypto'
import { PNG } from 'pngjs'

type Rgb = readonly [number, number, number]
type Rgba = readonly [number, number, number, number]

/** The art kinds written for every game, with the gamelist tag that points at them. */
export const gameArtKinds = ['image', 'marquee', 'wheel'] as const
export type GameArtKind = typeof gameArtKinds[number]

/** Title screens and printed art fade top to bottom, marquee-like strips glow from the middle like a backlit panel, wheels are transparent. */
type ArtStyle = 'fade' | 'glow' | 'transparent'

interface ArtShape {
  readonly size: readonly [number, number]
  readonly style: ArtStyle
}

const gamelistArt: Readonly<Record<GameArtKind, ArtShape>> = {
  image: { size: [320, 224], style: 'fade' },
  marquee: { size: [640, 160], style: 'glow' },
  wheel: { size: [400, 160], style: 'transparent' }
}

/** Art the demo writes into the media store, by path under `games/<slug>/`, so every surface has something to show. */
export const storeGameArt: Readonly<Record<string, ArtShape>> = {
  'artwork/screenshot.png': { size: [320, 224], style: 'fade' },
  'artwork/fanart.png': { size: [640, 360], style: 'fade' },
  'artwork/box/front.png': { size: [240, 320], style: 'fade' },
  'artwork/flyer.png': { size: [240, 320], style: 'fade' },
  'artwork/marquee/topper.png': { size: [640, 120], style: 'glow' },
  'artwork/marquee/screenmarquee.png': { size: [640, 200], style: 'glow' },
  'artwork/ic/ic.png': { size: [480, 270], style: 'fade' }
}

/** Art under `systems/<mediaSystem>/`: a system's fallback marquee and fanart. */
export const storeSystemArt: Readonly<Record<string, ArtShape>> = {
  'artwork/marquee/marquee.png': { size: [640, 160], style: 'glow' },
  'artwork/fanart.png': { size: [640, 360], style: 'fade' }
}

/** The background the demo's ES theme has for each system (`art/background/<system>.png`). */
export const themeBackground: ArtShape = { size: [640, 360], style: 'fade' }

function shade ([r, g, b]: Rgb, factor: number): Rgba {
  const scale = (value: number): number => Math.max(0, Math.min(255, Math.round(value * factor)))
  return [scale(r), scale(g), scale(b), 255]
}

function fillRect (png: PNG, x: number, y: number, width: number, height: number, colour: Rgba): void {
  for (let row = y; row < y + height; row++) {
    for (let column = x; column < x + width; column++) png.data.set(colour, (row * png.width + column) * 4)
  }
}

function paintBackground (png: PNG, style: ArtStyle, colour: Rgb): void {
  if (style === 'transparent') return // pngjs starts fully transparent
  if (style === 'fade') {
    for (let y = 0; y < png.height; y++) fillRect(png, 0, y, png.width, 1, shade(colour, 0.7 - 0.5 * (y / png.height)))
  } else {
    for (let x = 0; x < png.width; x++) fillRect(png, x, 0, 1, png.height, shade(colour, 0.4 + 0.6 * (1 - Math.abs(x / png.width - 0.5) * 2)))
  }
}

/** A 10x6 emblem, mirrored left to right, whose cells are lit by the bits of the seed's hash, centred with a margin. */
function paintEmblem (png: PNG, seed: string, colour: Rgb): void {
  const bits = createHash('md5').update(seed).digest()
  const margin = Math.round(png.height * 0.15)
  const cell = Math.floor(Math.min((png.width - 2 * margin) / 10, (png.height - 2 * margin) / 6))
  const left = Math.floor((png.width - cell * 10) / 2)
  const top = Math.floor((png.height - cell * 6) / 2)
  const lit = shade(colour, 1.6)
  for (let row = 0; row < 6; row++) {
    for (let column = 0; column < 10; column++) {
      const bit = row * 5 + (column < 5 ? column : 9 - column)
      if (((bits[bit >> 3]! >> (bit & 7)) & 1) === 1) fillRect(png, left + column * cell, top + row * cell, cell, cell, lit)
    }
  }
}

/** One PNG in the given shape, its emblem seeded by `seed`. */
export function artPng ({ size: [width, height], style }: ArtShape, seed: string, colour: Rgb): Buffer {
  const png = new PNG({ width, height })
  paintBackground(png, style, colour)
  paintEmblem(png, seed, colour)
  // The "sub" filter suits these horizontal runs and skips pngjs's slow adaptive filter search.
  return PNG.sync.write(png, { filterType: 1 })
}

/** One PNG of a game for its gamelist, in the size and style of its kind. */
export function gameArtPng (kind: GameArtKind, gameName: string, colour: Rgb): Buffer {
  return artPng(gamelistArt[kind], `${kind}:${gameName}`, colour)
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
