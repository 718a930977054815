import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { frontendSystemId, mediaKey, mediaSystemId, normalizedSystemId, romFileName, romStem, selectionKey, slugOf, systemFromRomPath } from '../../src/identity/index.js'

describe('romStem and romFileName: Windows and POSIX paths on any OS', () => {
  const cases: ReadonlyArray<readonly [path: string, fileName: string, stem: string]> = [
    // Windows drive paths
    ['C:\\roms\\mame\\1943.zip', '1943.zip', '1943'],
    ['D:\\RetroBat\\roms\\snes\\Super Mario World (USA).sfc', 'Super Mario World (USA).sfc', 'Super Mario World (USA)'],
    ['C:/roms/mame/1943.zip', '1943.zip', '1943'],
    ['C:\\roms/mame\\mixed.zip', 'mixed.zip', 'mixed'],
    // UNC paths
    ['\\\\server\\share\\x.7z', 'x.7z', 'x'],
    ['\\\\nas\\roms\\psx\\Final Fantasy VII (Disc 1).chd', 'Final Fantasy VII (Disc 1).chd', 'Final Fantasy VII (Disc 1)'],
    // POSIX and relative
    ['/userdata/roms/mame/1943.zip', '1943.zip', '1943'],
    ['./1943.zip', '1943.zip', '1943'],
    ['1943.zip', '1943.zip', '1943'],
    // dots in names: only the last extension goes
    ['/roms/nes/Super Mario Bros. 3 (USA).nes', 'Super Mario Bros. 3 (USA).nes', 'Super Mario Bros. 3 (USA)'],
    ['C:\\roms\\nes\\Dr. Mario (World).nes', 'Dr. Mario (World).nes', 'Dr. Mario (World)'],
    ['/roms/mame/a.zip.7z', 'a.zip.7z', 'a.zip'],
    ['/roms/mame/a.zip', 'a.zip', 'a'],
    ['/roms/pico8/celeste.p8.png', 'celeste.p8.png', 'celeste.p8'],
    // spaces, parentheses, &, non-ASCII
    ['  /roms/snes/Chrono Trigger (USA).sfc  ', 'Chrono Trigger (USA).sfc', 'Chrono Trigger (USA)'],
    ['C:\\roms\\mame\\Tom & Jerry [!].zip', 'Tom & Jerry [!].zip', 'Tom & Jerry [!]'],
    ['/roms/pce/ドラゴンスレイヤー英雄伝説.pce', 'ドラゴンスレイヤー英雄伝説.pce', 'ドラゴンスレイヤー英雄伝説'],
    ['C:\\roms\\snes\\Pokémon Café.sfc', 'Pokémon Café.sfc', 'Pokémon Café'],
    // no extension, leading dot, a colon in a name
    ['/roms/ports/doom', 'doom', 'doom'],
    ['C:\\roms\\ports\\quake', 'quake', 'quake'],
    ['/roms/mame/.hidden', '.hidden', '.hidden'],
    ['/roms/dos/Game: Part 2.exe', 'Game: Part 2.exe', 'Game: Part 2'],
    // trailing separators (a folder rom)
    ['/roms/ps3/God of War.ps3/', 'God of War.ps3', 'God of War'],
    ['C:\\roms\\ps3\\God of War.ps3\\', 'God of War.ps3', 'God of War'],
    ['\\\\server\\share\\', 'share', 'share'],
    // nothing to name
    ['', '', ''],
    ['/', '', ''],
    ['C:\\', 'C:', 'C:']
  ]
  for (const [romPath, fileName, stem] of cases) {
    it(`${JSON.stringify(romPath)} -> ${JSON.stringify(stem)}`, () => {
      assert.equal(romFileName(romPath), fileName)
      assert.equal(romStem(romPath), stem)
    })
  }
})

describe('system ids', () => {
  it('keeps the frontend id as given apart from surrounding whitespace', () => {
    assert.equal(frontendSystemId(' mame '), 'mame')
    assert.equal(frontendSystemId('Sega Saturn'), 'Sega Saturn')
  })

  it('normalizes to lower case with whitespace runs as _', () => {
    const cases: ReadonlyArray<readonly [string, string]> = [['mame', 'mame'], ['MAME', 'mame'], ['Sega Saturn', 'sega_saturn'], ['  Atari  Lynx ', 'atari_lynx']]
    for (const [id, normalized] of cases) assert.equal(normalizedSystemId(id), normalized, id)
  })

  it('maps frontend systems to the media system their media lives under', () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ['mame', 'arcade'], ['MAME', 'arcade'], ['fbneo', 'arcade'], ['fba', 'arcade'], ['hbmame', 'arcade'],
      ['atarijaguar', 'jaguar'], ['atarijaguarcd', 'jaguarcd'], ['atarilynx', 'lynx'],
      ['snes', 'snes'], ['Sega Saturn', 'sega_saturn'], [' nes ', 'nes']
    ]
    for (const [frontend, media] of cases) assert.equal(mediaSystemId(frontend), media, frontend)
  })

  it('finds the system folder under roms/ in a path of either separator', () => {
    assert.equal(systemFromRomPath('/userdata/roms/snes/a.sfc'), 'snes')
    assert.equal(systemFromRomPath('C:\\RetroBat\\ROMS\\mame\\1943.zip'), 'mame')
    assert.equal(systemFromRomPath('roms/nes/smb.nes'), 'nes')
    assert.equal(systemFromRomPath('/games/snes/a.sfc'), null)
  })
})

describe('slugOf', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['1943', '1943'],
    ['Sonic The Hedgehog (USA, Europe)', 'sonic_the_hedgehog'],
    ['Super Mario Bros. 3 (USA)', 'super_mario_bros_3'],
    ['Tom & Jerry [!]', 'tom_jerry'],
    ['a.zip', 'a_zip'],
    ['Pokémon Café', 'pokémon_café'],
    ['ドラゴンスレイヤー英雄伝説', 'ドラゴンスレイヤー英雄伝説'],
    ['  Street   Fighter II ', 'street_fighter_ii'],
    ['(Proto)', ''],
    ['', '']
  ]
  for (const [text, slug] of cases) {
    it(`${JSON.stringify(text)} -> ${JSON.stringify(slug)}`, () => { assert.equal(slugOf(text), slug) })
  }
})

describe('selectionKey', () => {
  it('is <systemId>|<romId>, or <systemId>| at system scope, with the frontend id as given', () => {
    assert.equal(selectionKey('mame', '1943'), 'mame|1943')
    assert.equal(selectionKey('mame', null), 'mame|')
    assert.equal(selectionKey('snes', 'Super Mario Bros. 3 (USA)'), 'snes|Super Mario Bros. 3 (USA)')
    assert.equal(selectionKey('Sega Saturn', 'x'), 'Sega Saturn|x')
  })

  it('of a Windows and a POSIX path of the same rom are equal', () => {
    assert.equal(selectionKey('mame', romStem('C:\\roms\\mame\\1943.zip')), selectionKey('mame', romStem('/userdata/roms/mame/1943.zip')))
  })
})

describe('mediaKey', () => {
  it('is <mediaSystem>|<gameSlug>, or <mediaSystem>| for a system, apart from the SelectionKey', () => {
    assert.equal(mediaKey(mediaSystemId('mame'), slugOf(romStem('C:\\roms\\mame\\1943.zip'))), 'arcade|1943')
    assert.equal(mediaKey('arcade', ''), 'arcade|')
    assert.notEqual(mediaKey(mediaSystemId('mame'), '1943'), selectionKey('mame', '1943'))
  })
})
