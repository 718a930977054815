/**
 * The demo tree of ES-DE (frontends.md §2), in a folder standing for its home: `ES-DE/` with
 * `settings/es_settings.xml` (custom event scripts and browsing events on), the systems in
 * `custom_systems/es_systems.xml`, `gamelists/<system>/gamelist.xml` (no media paths; snes's with
 * the `<alternativeEmulator>` ES-DE puts before `<gameList>`), the art by convention in
 * `downloaded_media/<system>/<type>/<rom stem>.png`; the roms in `ROMs/<system>/`.
 */
import path from 'node:path'
import { frontendLayout, type FrontendLayout } from '../../frontends/index.js'
import { mediaSystemId, romStem } from '../../identity/index.js'
import { gameArtPng, type GameArtKind } from './artwork.js'
import { demoSystems, type DemoSystem } from './catalog-data.js'
import { demoMediaDir, gameFields, romBytes, storeFiles, themeFiles, xmlDocument } from './parts.js'

/** The ES-DE tree in `home`: its application data folder is `home/ES-DE`, and its roms `home/ROMs` (ES-DE's `~/ROMs`). */
export function esDeTreeLayout (home: string): FrontendLayout {
  return frontendLayout(path.join(path.resolve(home), 'ES-DE'), 'es-de')
}

/** ES-DE's default theme since 3.0 (its theme downloader's); es-theme-carbon is ES's, which ES-DE does not have. */
const esDeDemoTheme = 'linear-es-de'

/** Which downloaded_media folders get which of the demo's drawings. */
const mediaFolders: Readonly<Record<string, GameArtKind>> = { titlescreens: 'image', screenshots: 'image', marquees: 'wheel' }

function esDeSettingsXml (): string {
  const settings = [['bool', 'CustomEventScripts', 'true'], ['bool', 'CustomEventScriptsBrowsing', 'true'], ['string', 'ROMDirectory', ''], ['string', 'MediaDirectory', ''], ['bool', 'RunInBackground', 'false'], ['string', 'Theme', esDeDemoTheme]]
  // ES-DE writes the elements alone, with no root element.
  return `<?xml version="1.0"?>\n${settings.map(([tag, name, value]) => `<${tag} name="${name}" value="${value}" />`).join('\n')}\n`
}

function esDeSystemsXml (): string {
  const systems = demoSystems.map((system) => ({
    name: system.name,
    fullname: system.fullname,
    path: `%ROMPATH%/${system.name}`,
    extension: system.extensions.flatMap((extension) => [extension, extension.toUpperCase()]).join(' '),
    command: { '@_label': system.emulator, '#text': `%EMULATOR_RETROARCH% -L %CORE_RETROARCH%/${system.core}_libretro.so %ROM%` },
    platform: system.name === 'mame' ? 'arcade' : system.name,
    theme: system.name
  }))
  return xmlDocument({ systemList: { system: systems } })
}

function esDeGamelistXml (system: DemoSystem): string {
  const gameList = xmlDocument({ gameList: { game: system.games.map((game) => ({ path: `./${game.file}`, ...gameFields(game) })) } })
  return system.name === 'snes' ? gameList.replace('<gameList>', `<alternativeEmulator>\n\t<label>${system.emulator}</label>\n</alternativeEmulator>\n<gameList>`) : gameList
}

export function * esDeTreeFiles (layout: FrontendLayout): Generator<[string, () => Buffer | string]> {
  const appData = layout.esConfigDir
  const media = layout.downloadedMediaDir ?? path.join(appData, 'downloaded_media')
  yield [path.join(appData, 'settings', 'es_settings.xml'), esDeSettingsXml]
  yield [path.join(appData, 'custom_systems', 'es_systems.xml'), esDeSystemsXml]
  for (const system of demoSystems) {
    yield [path.join(appData, 'gamelists', system.name, 'gamelist.xml'), () => esDeGamelistXml(system)]
    for (const game of system.games) {
      yield [path.join(layout.romsDir, system.name, game.file), () => romBytes(system, game)]
      for (const [folder, kind] of Object.entries(mediaFolders)) {
        yield [path.join(media, system.name, folder, `${romStem(game.file)}.png`), () => gameArtPng(kind, game.name, system.colour)]
      }
    }
    yield * storeFiles(path.join(demoMediaDir(layout.root), 'systems', mediaSystemId(system.name)), system)
    yield * themeFiles(path.join(appData, 'themes', esDeDemoTheme), system)
  }
}
