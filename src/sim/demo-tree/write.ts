/**
 * Writes the demo frontend tree: es_systems.cfg and es_settings.cfg (a Recalbox tree: recalbox.conf),
 * and per system a gamelist.xml, tiny rom files, generated PNG media and an SVG logo, its art in the
 * media store and in the ES theme. Files that already exist are left alone, so a second run keeps
 * whatever the user changed.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { XMLBuilder } from 'fast-xml-parser'
import { frontendLayout, type FrontendProfile } from '../../frontends/index.js'
import { mediaSystemId, romStem, slugOf } from '../../identity/index.js'
import { artPng, gameArtKinds, gameArtPng, storeGameArt, storeSystemArt, systemLogoSvg, themeBackground } from './artwork.js'
import { demoSystems, type DemoGame, type DemoSystem } from './catalog-data.js'

/** The layouts a demo tree is written in: the simulated ES's, and Recalbox's (src/sim/recalbox). */
export type DemoTreeProfile = FrontendProfile | 'recalbox'

export interface DemoTreeResult {
  /** Absolute root of the tree (give it to `--frontend-root`). */
  readonly root: string
  /** ES config folder of the tree (holds es_settings.cfg and the hook `scripts/`). */
  readonly esConfigDir: string
  /** Files created by this run. */
  readonly written: readonly string[]
  /** Files that were already there and were kept as they are. */
  readonly kept: readonly string[]
}

/** The ThemeSet of the demo's es_settings.cfg, written under `<es config>/themes/`. */
const demoTheme = 'es-theme-carbon'

const builder = new XMLBuilder({ format: true, indentBy: '\t', ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true, suppressBooleanAttributes: false })

function xmlDocument (content: unknown): string {
  return `<?xml version="1.0"?>\n${builder.build(content) as string}`
}

/** Placeholder rom bytes. NES gets a valid iNES image (header, 16 KiB PRG looping at reset, 8 KiB CHR). */
function romBytes (system: DemoSystem, game: DemoGame): Buffer {
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

/** Where a system's game art is, relative to its rom folder: Recalbox's scraper writes under `media/`. */
const artFolder = (profile: DemoTreeProfile): string => profile === 'recalbox' ? 'media/images' : 'images'

function gamelistXml (system: DemoSystem, profile: DemoTreeProfile): string {
  const games = system.games.map((game) => ({
    path: `./${game.file}`,
    name: game.name,
    desc: game.desc,
    ...Object.fromEntries(gameArtKinds.map((kind) => [kind, `./${artFolder(profile)}/${romStem(game.file)}-${kind}.png`])),
    rating: game.rating,
    releasedate: game.releasedate,
    developer: game.developer,
    publisher: game.publisher,
    genre: game.genre,
    players: game.players
  }))
  return xmlDocument({ gameList: { game: games } })
}

function esSystemsXml (): string {
  const systems = demoSystems.map((system) => ({
    name: system.name,
    fullname: system.fullname,
    manufacturer: system.manufacturer,
    release: system.release,
    hardware: system.hardware,
    path: `~/../roms/${system.name}`,
    extension: system.extensions.join(' '),
    command: '"%HOME%/emulatorLauncher" %CONTROLLERSCONFIG% -system %SYSTEM% -emulator %EMULATOR% -core %CORE% -rom %ROM%',
    platform: system.name === 'mame' ? 'arcade' : system.name,
    theme: system.name,
    emulators: { emulator: { '@_name': system.emulator, cores: { core: { '@_default': 'true', '#text': system.core } } } }
  }))
  return xmlDocument({ systemList: { system: systems } })
}

function esSettingsXml (): string {
  const settings = [
    { tag: 'bool', name: 'PublicWebAccess', value: 'true' },
    { tag: 'string', name: 'ThemeSet', value: demoTheme },
    ...demoSystems.flatMap((system) => [
      { tag: 'string', name: `${system.name}.emulator`, value: system.emulator },
      { tag: 'string', name: `${system.name}.core`, value: system.core }
    ])
  ]
  return `<?xml version="1.0"?>\n<config>\n${settings.map(({ tag, name, value }) => `\t<${tag} name="${name}" value="${value}" />`).join('\n')}\n</config>\n`
}

/** Recalbox's settings file: the demo's systems' emulators, as `<system>.emulator` / `<system>.core` lines. */
function recalboxConf (): string {
  return ['; recalbox.conf of the cabinet-hub demo tree', ...demoSystems.flatMap((system) => [`${system.name}.emulator=${system.emulator}`, `${system.name}.core=${system.core}`]), ''].join('\n')
}

/** Every file of the tree, generated lazily so kept files cost nothing. */
function* treeFiles (root: string, profile: DemoTreeProfile): Generator<[string, () => Buffer | string]> {
  const layout = frontendLayout(root, profile)
  if (profile === 'recalbox') yield [path.join(layout.esConfigDir, 'recalbox.conf'), recalboxConf]
  else {
    yield [path.join(layout.esConfigDir, 'es_systems.cfg'), esSystemsXml]
    yield [path.join(layout.esConfigDir, 'es_settings.cfg'), esSettingsXml]
  }
  for (const system of demoSystems) {
    const folder = path.join(layout.romsDir, system.name)
    yield [path.join(folder, 'gamelist.xml'), () => gamelistXml(system, profile)]
    yield [path.join(folder, 'images', 'logo.svg'), () => systemLogoSvg(system.fullname, system.colour)]
    for (const game of system.games) {
      yield [path.join(folder, game.file), () => romBytes(system, game)]
      for (const kind of gameArtKinds) {
        yield [path.join(folder, artFolder(profile), `${romStem(game.file)}-${kind}.png`), () => gameArtPng(kind, game.name, system.colour)]
      }
    }
    yield * storeFiles(path.join(demoMediaDir(root), 'systems', mediaSystemId(system.name)), system)
    if (profile !== 'recalbox') yield * themeFiles(path.join(layout.esConfigDir, 'themes', demoTheme), system)
  }
}

/** The demo's media store: the art the gamelist has no tag for (topper, instruction card, box ...). */
function * storeFiles (systemDir: string, system: DemoSystem): Generator<[string, () => Buffer]> {
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
function * themeFiles (themeDir: string, system: DemoSystem): Generator<[string, () => Buffer | string]> {
  yield [path.join(themeDir, 'art', 'logos', `${system.name}.svg`), () => systemLogoSvg(system.fullname, system.colour)]
  yield [path.join(themeDir, 'art', 'background', `${system.name}.png`), () => artPng(themeBackground, `background:${system.name}`, system.colour)]
}

/** The media store that ships with the demo tree (the demo points --media-dir at it). */
export function demoMediaDir (root: string): string {
  return path.join(path.resolve(root), 'media')
}

/**
 * Writes the demo frontend tree into `root` (RetroBat layout unless told otherwise). Idempotent:
 * only missing files are written.
 */
export async function writeDemoTree (root: string, profile: DemoTreeProfile = 'retrobat'): Promise<DemoTreeResult> {
  const layout = frontendLayout(root, profile)
  const written: string[] = []
  const kept: string[] = []
  for (const [file, content] of treeFiles(layout.root, profile)) {
    await mkdir(path.dirname(file), { recursive: true })
    try {
      await writeFile(file, content(), { flag: 'wx' })
      written.push(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      kept.push(file)
    }
  }
  return { root: layout.root, esConfigDir: layout.esConfigDir, written, kept }
}
