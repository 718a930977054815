/** ES's hook command strings and gamelist order, as the simulated frontend rebuilds them (no shell runs here: test/sim/io/hooks.test.ts runs them). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { esCompareIgnoreCase } from '../../src/sim/catalog.js'
import { esEscapedPath, esScriptCommand, esWindowsScriptCommand } from '../../src/sim/es-shell.js'

describe('ES hook command strings (Scripting.cpp, getEscapedPath)', () => {
  it('escapes a rom path as getEscapedPath does: a backslash before each special character not already escaped', () => {
    assert.equal(esEscapedPath('/roms/nes/Metroid (USA).nes'), '/roms/nes/Metroid\\ \\(USA\\).nes')
    assert.equal(esEscapedPath('/roms/mame/pacman.zip'), '/roms/mame/pacman.zip')
    assert.equal(esEscapedPath("/r/It's [b]{c}!$^&*?;<>\"x"), "/r/It\\'s\\ \\[b\\]\\{c\\}\\!\\$\\^\\&\\*\\?\\;\\<\\>\\\"x")
    // A backslash is doubled first, so the character after it counts as escaped and is left alone.
    assert.equal(esEscapedPath('/r/a\\(b'), '/r/a\\\\(b')
  })

  it('builds the command line as executeScript does: quoted only with a space, double quotes dropped, stops at an empty argument', () => {
    assert.equal(esScriptCommand('/s/game-selected/log.sh', null, ['nes', '/roms/nes/Metroid (USA).nes', 'Metroid']), '/s/game-selected/log.sh nes "/roms/nes/Metroid (USA).nes" Metroid')
    assert.equal(esScriptCommand('/s/my scripts/a.sh', 'game-end', []), '"/s/my scripts/a.sh" game-end')
    assert.equal(esScriptCommand('/s/a.sh', null, ['"quoted name"', 'say "hi"']), '/s/a.sh "quoted name" "say hi"')
    assert.equal(esScriptCommand('/s/a.sh', null, ['one', '', 'three']), '/s/a.sh one')
  })

  it('on Windows (RetroBat) quotes the script and every argument, escaping nothing, for cmd /c', () => {
    assert.equal(esWindowsScriptCommand('C:\\RetroBat\\scripts\\game-selected\\hook.bat', null, ['nes', 'C:\\roms\\nes\\Tom & Jerry! (USA).nes', 'Tom & Jerry!']),
      '"C:\\RetroBat\\scripts\\game-selected\\hook.bat" "nes" "C:\\roms\\nes\\Tom & Jerry! (USA).nes" "Tom & Jerry!"')
    assert.equal(esWindowsScriptCommand('C:\\s\\all.bat', 'game-end', ['', 'x']), '"C:\\s\\all.bat" "game-end"')
  })
})

describe('ES gamelist order (FileSorts compareName)', () => {
  it('compares names code point by code point after upper-casing, without locale rules', () => {
    const names = ['the legend of zelda', 'Tetris', '_Bonus', 'metroid', 'Mega Man 2', 'Écran']
    assert.deepEqual([...names].sort(esCompareIgnoreCase), ['Mega Man 2', 'metroid', 'Tetris', 'the legend of zelda', '_Bonus', 'Écran'])
  })
})
