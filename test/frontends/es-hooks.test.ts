/** EmulationStation's hooks with the argument shapes the real ES passes (src/sim/README.md). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { interpretEsHook, startedGamePath } from '../../src/frontends/emulationstation/hooks.js'

const unknown = (): boolean => false

describe('EmulationStation hooks', () => {
  it('takes back the shell escaping of game-start\'s path', () => {
    assert.equal(startedGamePath('/userdata/roms/nes/Metroid\\ \\(USA\\).nes', unknown), '/userdata/roms/nes/Metroid (USA).nes')
    assert.equal(startedGamePath('/userdata/roms/nes/Tetris\\(USA\\)\\ \\[\\!\\].nes', unknown), '/userdata/roms/nes/Tetris(USA) [!].nes')
    assert.equal(startedGamePath('/userdata/roms/mame/pacman.zip', unknown), '/userdata/roms/mame/pacman.zip')
  })

  it('leaves Windows paths and the names of real files alone', () => {
    assert.equal(startedGamePath('C:\\RetroBat\\roms\\nes\\Metroid (USA).nes', unknown), 'C:\\RetroBat\\roms\\nes\\Metroid (USA).nes')
    const real = '/roms/odd/back\\slash.nes'
    assert.equal(startedGamePath(real, (p) => p === real), real)
  })

  it('reads each hook as the real ES shapes it', () => {
    assert.deepEqual(interpretEsHook('game-start', ['/r/nes/Metroid\\ \\(USA\\).nes', 'Metroid (USA)', 'Metroid'], unknown), { kind: 'game-started', gamePath: '/r/nes/Metroid (USA).nes', romStem: 'Metroid (USA)', gameName: 'Metroid' })
    assert.deepEqual(interpretEsHook('game-selected', ['nes', '/r/nes/Metroid (USA).nes', 'Metroid'], unknown), { kind: 'game-selected', systemId: 'nes', gamePath: '/r/nes/Metroid (USA).nes', gameName: 'Metroid' })
    assert.deepEqual(interpretEsHook('system-selected', ['all'], unknown), { kind: 'system-selected', systemId: 'all' })
    assert.deepEqual(interpretEsHook('screensaver-start', ['slideshow'], unknown), { kind: 'screensaver-started', mode: 'slideshow' })
    assert.deepEqual(interpretEsHook('screensaver-stop', [], unknown), { kind: 'screensaver-stopped' })
    assert.deepEqual(interpretEsHook('settings-changed', [], unknown), { kind: 'settings-written' })
    assert.deepEqual(interpretEsHook('config-changed', [], unknown), { kind: 'settings-written' })
    assert.deepEqual(interpretEsHook('sleep', [], unknown), { kind: 'other' })
  })
})
