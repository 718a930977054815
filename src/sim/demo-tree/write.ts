/**
 * Writes the demo frontend tree: es_systems.cfg and es_settings.cfg (a Recalbox tree: recalbox.conf and systemlist.xml;
 * an ES-DE tree: see es-de.ts), and per system a gamelist.xml,
 * tiny rom files, generated PNG media and an SVG logo, its art in the media store and in the ES
 * theme. Files that already exist are left alone, so a second run keeps whatever the user changed.
 */
import { mkdir, open, rm } from 'node:fs/promises'
import path from 'node:path'
import { frontendLayout, recalboxSystemsFiles, type DemoTreeProfile, type FrontendLayout } from '../../frontends/index.js'
import { mediaSystemId, romStem } from '../../identity/index.js'
import { gameArtKinds, gameArtPng, systemLogoSvg } from './artwork.js'
import { demoSystems, type DemoSystem } from './catalog-data.js'
import { esDeTreeFiles, esDeTreeLayout } from './es-de.js'
import { demoMediaDir, demoTheme, gameFields, romBytes, storeFiles, themeFiles, xmlDocument } from './parts.js'

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

/** Where a system's game art is, relative to its rom folder: Recalbox's scraper writes under `media/`. */
const artFolder = (profile: DemoTreeProfile): string => profile === 'recalbox' ? 'media/images' : 'images'

function gamelistXml (system: DemoSystem, profile: DemoTreeProfile): string {
  const games = system.games.map((game) => ({
    path: `./${game.file}`,
    ...gameFields(game),
    ...Object.fromEntries(gameArtKinds.map((kind) => [kind, `./${artFolder(profile)}/${romStem(game.file)}-${kind}.png`]))
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

/**
 * Recalbox's systemlist.xml, as the share's own full copy (a real Recalbox configures its systems in
 * share_init, beside the share): name and full name as attributes, folder on `<descriptor>`.
 */
function recalboxSystemlistXml (): string {
  const systems = demoSystems.map((system) => ({
    '@_name': system.name,
    '@_fullname': system.fullname,
    '@_platforms': system.name === 'mame' ? 'arcade' : system.name,
    descriptor: { '@_path': `%ROOT%/${system.name}`, '@_theme': system.name, '@_extensions': system.extensions.join(' ') },
    properties: { '@_type': system.hardware, '@_releasedate': system.release },
    emulatorList: { emulator: { '@_name': system.emulator, core: { '@_name': system.core, '@_priority': '1' } } }
  }))
  return xmlDocument({ systemList: { defaults: { '@_command': 'python /usr/bin/emulatorlauncher.pyc -system %SYSTEM% -rom %ROM% -emulator %EMULATOR% -core %CORE%' }, system: systems } })
}

/** Recalbox's settings file: the demo's systems' emulators, as `<system>.emulator` / `<system>.core` lines. */
function recalboxConf (): string {
  return ['; recalbox.conf of the cabinet-hub demo tree', ...demoSystems.flatMap((system) => [`${system.name}.emulator=${system.emulator}`, `${system.name}.core=${system.core}`]), ''].join('\n')
}

/** Every file of an ES or Recalbox tree, generated lazily so kept files cost nothing. */
function * esTreeFiles (layout: FrontendLayout, profile: DemoTreeProfile): Generator<[string, () => Buffer | string]> {
  const root = layout.root
  if (profile === 'recalbox') {
    yield [path.join(layout.esConfigDir, 'recalbox.conf'), recalboxConf]
    yield [recalboxSystemsFiles(root).at(-1)!, recalboxSystemlistXml]
  } else {
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

/**
 * Writes the demo frontend tree into `root` (RetroBat layout unless told otherwise; for ES-DE `root`
 * is its home: `ES-DE/` and `ROMs/` in it). Idempotent: only missing files are written.
 */
export async function writeDemoTree (root: string, profile: DemoTreeProfile = 'retrobat'): Promise<DemoTreeResult> {
  const layout = profile === 'es-de' ? esDeTreeLayout(root) : frontendLayout(root, profile)
  const written: string[] = []
  const kept: string[] = []
  for (const [file, content] of profile === 'es-de' ? esDeTreeFiles(layout) : esTreeFiles(layout, profile)) {
    await mkdir(path.dirname(file), { recursive: true })
    // Made before its content is drawn: a file already there (every start of the demo after the
    // first) costs no drawing of its PNG.
    let handle
    try {
      handle = await open(file, 'wx')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      kept.push(file)
      continue
    }
    try {
      await handle.writeFile(content())
    } catch (error) {
      // Not left half written, where the next run would keep it.
      await rm(file, { force: true })
      throw error
    } finally {
      await handle.close()
    }
    written.push(file)
  }
  return { root: layout.root, esConfigDir: layout.esConfigDir, written, kept }
}
