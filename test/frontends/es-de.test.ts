/**
 * The ES-DE adapter (frontends.md §1-§3): where it keeps things, its rootless settings and the two
 * switches our hooks need, and what its custom events mean, argument shifts and escaping included.
 */
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { builtInAdapters, type FrontendAdapter } from '../../src/frontends/index.js'
import { esDeAppDataDir } from '../../src/frontends/es-de/app-data.js'
import { esDeShArguments } from '../../src/frontends/es-de/hooks.js'
import { tempDir } from '../support/hub.js'

const esDe = builtInAdapters.find((adapter) => adapter.id === 'es-de') as FrontendAdapter
const hooks = esDe.hooks!
const interpret = (event: string, args: string[], known: string[] = []) => hooks.interpret(event, args, (romPath) => known.includes(romPath))

function settingsFile (appData: string, text: string): string {
  const file = path.join(appData, 'settings', 'es_settings.xml')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
  return file
}

describe('ES-DE: where it keeps things', () => {
  it('finds the application data folder as ES-DE does on each OS', () => {
    assert.equal(esDeAppDataDir({}, 'linux', '/home/u'), '/home/u/ES-DE')
    assert.equal(esDeAppDataDir({ ESDE_APPDATA_DIR: '/data/esde' }, 'linux', '/home/u'), '/data/esde')
    assert.equal(esDeAppDataDir({ ESDE_APPDATA_DIR: '/data/esde' }, 'darwin', '/Users/u'), '/data/esde')
    assert.equal(esDeAppDataDir({ HOMEDRIVE: 'C:', HOMEPATH: '\\Users\\u', ESDE_APPDATA_DIR: 'D:\\ignored' }, 'win32', 'C:\\Users\\u'), 'C:\\Users\\u\\ES-DE')
  })

  it('derives the folders from the app-data folder: gamelists apart, roms in ~/ROMs, media in downloaded_media, unless its settings say otherwise', () => {
    const home = tempDir('cabinet-hub-esde-home-')
    const appData = path.join(home, 'ES-DE')
    const layout = esDe.layout(appData)
    assert.deepEqual([layout.esConfigDir, layout.romsDir, layout.downloadedMediaDir, layout.homeDir], [appData, path.join(home, 'ROMs'), path.join(appData, 'downloaded_media'), home])
    assert.equal(esDe.gamelistFile({ esConfigDir: appData, romsRoot: layout.romsDir }, 'nes'), path.join(appData, 'gamelists', 'nes', 'gamelist.xml'))
    assert.deepEqual(esDe.systemsFiles({ esConfigDir: appData, romsRoot: layout.romsDir }), [path.join(appData, 'custom_systems', 'es_systems.xml')])
    settingsFile(appData, '<?xml version="1.0"?>\n<string name="ROMDirectory" value="~/Games/roms" />\n<string name="MediaDirectory" value="/mnt/media" />\n')
    const configured = esDe.layout(appData)
    assert.deepEqual([configured.romsDir, configured.downloadedMediaDir], [path.join(home, 'Games', 'roms'), '/mnt/media'])
    // Named otherwise (ESDE_APPDATA_DIR), ES-DE's ~ is the user's home.
    assert.equal(esDe.layout(path.join(home, 'esde-data')).romsDir, path.join(os.homedir(), 'ROMs'))
  })

  it('reads es_settings.xml, a list of elements without a root', async () => {
    const appData = tempDir('cabinet-hub-esde-settings-')
    settingsFile(appData, '<?xml version="1.0"?>\n<bool name="CustomEventScripts" value="true" />\n<string name="Theme" value="linear-es-de" />\n')
    const settings = await esDe.readSettings(appData)
    assert.equal(settings.state, 'loaded')
    assert.equal(settings.values.get('CustomEventScripts'), 'true')
    assert.equal(settings.values.get('Theme'), 'linear-es-de')
  })

  it('names the switches that keep our hooks from running, and switches them on keeping every other line', async () => {
    const appData = tempDir('cabinet-hub-esde-switch-')
    const before = '<?xml version="1.0"?>\n<bool name="CustomEventScripts" value="false" />\n<string name="ROMDirectory" value="/roms" />\n'
    const file = settingsFile(appData, before)
    assert.deepEqual((await hooks.switchedOff!(appData)).map((p) => p.message.split(' ')[0]), ['CustomEventScripts', 'CustomEventScriptsBrowsing'])
    assert.deepEqual(await hooks.switchOn!(appData), ['CustomEventScripts', 'CustomEventScriptsBrowsing'])
    assert.equal(readFileSync(file, 'utf8'), '<?xml version="1.0"?>\n<bool name="CustomEventScripts" value="true" />\n<string name="ROMDirectory" value="/roms" />\n<bool name="CustomEventScriptsBrowsing" value="true" />\n')
    assert.deepEqual(await hooks.switchedOff!(appData), [])
    assert.deepEqual(await hooks.switchOn!(appData), [], 'a second run changes nothing')
    // Never run yet: ES-DE has no settings file, and both are off by default.
    const fresh = tempDir('cabinet-hub-esde-fresh-')
    assert.equal((await hooks.switchedOff!(fresh)).length, 2)
    assert.deepEqual(await hooks.switchOn!(fresh), ['CustomEventScripts', 'CustomEventScriptsBrowsing'])
    assert.equal((await hooks.switchedOff!(fresh)).length, 0)
  })
})

describe('ES-DE: what its custom events mean', () => {
  const rom = '/home/u/ROMs/nes/Legend of Zelda, The (USA).zip'

  it('game-select: [rom path, game name, system, system full name], the raw path', () => {
    assert.deepEqual(interpret('game-select', [rom, 'The Legend of Zelda', 'nes', 'Nintendo Entertainment System']), { kind: 'game-selected', systemId: 'nes', gamePath: rom, gameName: 'The Legend of Zelda' })
  })

  it('takes the shift of an empty argument: no game name, or no full name; the system is the argument naming a folder of the path', () => {
    assert.deepEqual(interpret('game-select', [rom, 'nes', 'Nintendo Entertainment System']), { kind: 'game-selected', systemId: 'nes', gamePath: rom, gameName: undefined })
    assert.deepEqual(interpret('game-select', [rom, 'The Legend of Zelda', 'nes']), { kind: 'game-selected', systemId: 'nes', gamePath: rom, gameName: 'The Legend of Zelda' })
    assert.deepEqual(interpret('game-select', [rom, 'The Legend of Zelda']), { kind: 'game-selected', systemId: 'nes', gamePath: rom, gameName: 'The Legend of Zelda' })
    assert.deepEqual(interpret('game-select', [rom, '', 'nes', 'Nintendo Entertainment System']), { kind: 'game-selected', systemId: 'nes', gamePath: rom, gameName: undefined }, 'a door that kept the empty one')
  })

  it('the blank game-select of a fast scroll is no game', () => {
    assert.deepEqual(interpret('game-select', []), { kind: 'other' })
    assert.deepEqual(interpret('game-select', ['', '', '', '']), { kind: 'other' })
  })

  it('game-start takes back the shell escaping on Unix and the quotes on Windows; a real name with a backslash stays', () => {
    const escaped = '/home/u/ROMs/nes/Legend\\ of\\ Zelda,\\ The\\ \\(USA\\).zip'
    assert.deepEqual(interpret('game-start', [escaped, 'The Legend of Zelda', 'nes', 'Nintendo Entertainment System']), { kind: 'game-started', gamePath: rom, romStem: undefined, gameName: 'The Legend of Zelda' })
    const windows = 'C:\\ROMs\\nes\\Legend of Zelda, The (USA).zip'
    assert.deepEqual(interpret('game-start', [`"${windows}"`, 'The Legend of Zelda', 'nes', 'Nintendo Entertainment System']), { kind: 'game-started', gamePath: windows, romStem: undefined, gameName: 'The Legend of Zelda' })
    const real = '/home/u/ROMs/nes/a\\b.zip'
    assert.equal((interpret('game-start', [real], [real]) as { gamePath: string }).gamePath, real)
    assert.deepEqual(interpret('game-end', [escaped, 'The Legend of Zelda', 'nes', 'NES']), { kind: 'game-ended' })
  })

  it('system-select, startup, quit and the screensaver\'s events; a system that is no name is ignored', () => {
    assert.deepEqual(interpret('system-select', ['snes', 'Super Nintendo', '/home/u/ROMs/snes']), { kind: 'system-selected', systemId: 'snes' })
    assert.deepEqual(interpret('system-select', ['../etc', 'x', '/x']), { kind: 'other' })
    assert.deepEqual(interpret('game-select', ['/r/../x.zip', 'X', '..', 'Y']), { kind: 'other' })
    assert.deepEqual(interpret('startup', []), { kind: 'frontend-started' })
    assert.deepEqual(interpret('quit', []), { kind: 'frontend-quit' })
    assert.deepEqual(interpret('screensaver-start', ['timer']), { kind: 'screensaver-started', mode: 'timer' })
    assert.deepEqual(interpret('screensaver-game-select', [rom, 'The Legend of Zelda', 'nes', 'NES']), { kind: 'game-selected', systemId: 'nes', gamePath: rom, gameName: 'The Legend of Zelda' })
    assert.deepEqual(interpret('screensaver-end', ['cancel']), { kind: 'screensaver-stopped' })
    assert.deepEqual(interpret('theme-changed', ['a', 'b']), { kind: 'other' })
  })

  it('tells which names ES-DE\'s sh -c cannot pass: $, backquote and " inside its double quotes; the name without them passes', () => {
    assert.equal(esDeShArguments.unpassable(rom), null)
    assert.equal(esDeShArguments.unpassable('/r/nes/Tetris(USA).nes'), null, 'ES-DE quotes every argument')
    assert.match(esDeShArguments.unpassable('/r/nes/Cash $ Money.nes') ?? '', /^\$ inside the double quotes/)
    assert.match(esDeShArguments.unpassable('/r/nes/`whoami`.nes') ?? '', /^`/)
    assert.match(esDeShArguments.unpassable('/r/nes/Say "Hi".nes') ?? '', /^"/)
    const renames: Array<[string, string]> = [['Cash $ Money.nes', 'Cash Money.nes'], ['`whoami`.nes', 'whoami.nes'], ['Say "Hi" $.nes', 'Say Hi.nes']]
    for (const [name, renamed] of renames) {
      assert.equal(esDeShArguments.passableName(name), renamed)
      assert.equal(esDeShArguments.unpassable(`/r/nes/${renamed}`), null)
    }
  })
})
