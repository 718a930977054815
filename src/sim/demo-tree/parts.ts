/**
 * What the demo trees of every frontend family share: the rom bytes, a game's gamelist fields, the
 * media store and the theme, and the XML writer.
 */
import path from 'node:path'
import { XMLBuilder } from 'fast-xml-parser'
import { slugOf, romStem } from '../../identity/index.js'
import { artPng, storeGameArt, storeSystemArt, systemLogoSvg, themeBackground } from './artwork.js'
import type { DemoGame, DemoSystem } from './catalog-data.js'

/** The ThemeSet of the demo's es_settings.cfg, written under `<es config>/themes/`. */
export const demoTheme = 'es-theme-carbon'

const builder = new XMLBuilder({ format: true, indentBy: '\t', ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true, suppressBooleanAttributes: false })

export function xmlDocument (content: unknown): string {
  return `<?xml version="1.0"?>\n${builder.build(content) as string}`
}

/** Placeholder rom bytes. NES gets a valid iNES image (header, 16 KiB PRG looping at reset, 8 KiB CHR). */
export function romBytes (system: DemoSystem, game: DemoGame): Buffer {
  if (system.name === 'nes') {
    const rom = Buffer.alloc(16 + 16384 + 8192)
    rom.set([0x4e, 0x45, 0x53, 0x1a, 1, 1], 0)
    rom.set([0x4c, 0x00, 0x80], 16) // JMP $8000
    rom.set([0x00, 0x80, 0x00, 0x80, 0x00, 0x80], 16 + 16384 - 6) // NMI, RESET, IRQ vectors -> $8000
    return rom
  }
  if (path.extname(game.file) === '.zip') {
    // An empty but valid zip archive: just the end-of-central-directory record.
    return Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)])
  }
  return Buffer.from(`cabinet-hub demo rom: ${game.name}\n`)
}

/** A game's gamelist fields beside its path and media (ES and ES-DE write the same). */
export function gameFields (game: DemoGame) {
  return {
    name: game.name,
    desc: game.desc,
    rating: game.rating,
    releasedate: game.releasedate,
    developer: game.developer,
    publisher: game.publisher,
    genre: game.genre,
    players: game.players
  }
}

/** The demo's media store: the art the gamelist has no tag for (topper, instruction card, box ...). */
export function * storeFiles (systemDir: string, system: DemoSystem): Generator<[string, () => Buffer]> {
  if (system.systemArtInStore) {
    for (const [file, shape] of Object.entries(storeSystemArt)) yield [path.join(systemDir, file), () => artPng(shape, `${file}:${system.name}`, system.colour)]
  }
  for (const game of system.games) {
    for (const [file, shape] of Object.entries(storeGameArt)) {
      yield [path.join(systemDir, 'games', slugOf(romStem(game.file)), file), () => artPng(shape, `${file}:${game.name}`, system.colour)]
    }
  }
}

/** The demo's ES theme: a logo and a background for every system, where real themes keep them. */
export function * themeFiles (themeDir: string, system: DemoSystem): Generator<[string, () => Buffer | string]> {
  yield [path.join(themeDir, 'art', 'logos', `${system.name}.svg`), () => systemLogoSvg(system.fullname, system.colour)]
  yield [path.join(themeDir, 'art', 'background', `${system.name}.png`), () => artPng(themeBackground, `background:${system.name}`, system.colour)]
}

/** The media store that ships with the demo tree (the demo points --media-dir at it). */
export function demoMediaDir (root: string): string {
  return path.join(path.resolve(root), 'media')
}

