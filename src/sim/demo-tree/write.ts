/**
 * Writes the demo frontend tree: es_systems.cfg and es_settings.cfg, and per system a gamelist.xml,
 * tiny rom files, generated PNG media and an SVG logo, its art in the media store and in the ES
 * theme. Files that already exist are left alone, so a second run keeps whatever the user changed.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { frontendLayout, type FrontendLayout, type FrontendProfile } from '../../frontends/index.js'
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

function gamelistXml (system: DemoSystem): string {
  const games = system.games.map((game) => ({
    path: `./${game.file}`,
    ...gameFields(game),
    ...Object.fromEntries(gameArtKinds.map((kind) => [kind, `./images/${romStem(game.file)}-${kind}.png`]))
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

/** Every file of an ES tree, generated lazily so kept files cost nothing. */
function * esTreeFiles (layout: FrontendLayout): Generator<[string, () => Buffer | string]> {
  const root = layout.root
  yield [path.join(layout.esConfigDir, 'es_systems.cfg'), esSystemsXml]
  yield [path.join(layout.esConfigDir, 'es_settings.cfg'), esSettingsXml]
  for (const system of demoSystems) {
    const folder = path.join(layout.romsDir, system.name)
    yield [path.join(folder, 'gamelist.xml'), () => gamelistXml(system)]
    yield [path.join(folder, 'images', 'logo.svg'), () => systemLogoSvg(system.fullname, system.colour)]
    for (const game of system.games) {
      yield [path.join(folder, game.file), () => romBytes(system, game)]
      for (const kind of gameArtKinds) {
        yield [path.join(folder, 'images', `${romStem(game.file)}-${kind}.png`), () => gameArtPng(kind, game.name, system.colour)]
      }
    }
    yield * storeFiles(path.join(demoMediaDir(root), 'systems', mediaSystemId(system.name)), system)
    yield * themeFiles(path.join(layout.esConfigDir, 'themes', demoTheme), system)
  }
}

/**
 * Writes the demo frontend tree into `root` (RetroBat layout unless told otherwise; for ES-DE `root`
 * is its home: `ES-DE/` and `ROMs/` in it). Idempotent: only missing files are written.
 */
export async function writeDemoTree (root: string, profile: FrontendProfile = 'retrobat'): Promise<DemoTreeResult> {
  const layout = profile === 'es-de' ? esDeTreeLayout(root) : frontendLayout(root, profile)
  const written: string[] = []
  const kept: string[] = []
  for (const [file, content] of profile === 'es-de' ? esDeTreeFiles(layout) : esTreeFiles(layout)) {
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
