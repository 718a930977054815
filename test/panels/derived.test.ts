/** Panels without a panel file: the built-in console pads, the generic arcade panel, and the cores/ file reported beside them. */
import assert from 'node:assert/strict'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { PanelArtStore } from '../../src/panels/art.js'
import { cabinetConfig } from '../../src/panels/cabinet.js'
import type { panelOptions } from '../../src/panels/options.js'
import { dynpanelsRoot, PanelResources } from '../../src/panels/resources.js'
import { corePanelFile } from '../../src/panels/resolve.js'
import { PanelService } from '../../src/panels/service.js'
import type { MachineData } from '../../src/roms/index.js'
import { tempDir } from '../support/hub.js'

const noMachineData: MachineData = { machine: () => null, lookup: async () => {}, knowledge: () => 'unavailable', version: null }

describe('derived panels', () => {
  const dataDir = tempDir()
  after(() => rmSync(dataDir, { recursive: true, force: true }))
  const resources = new PanelResources(dynpanelsRoot(dataDir))
  const defaults = { panelPlayerCount: 2, panelButtonsPerPlayer: 6, panelPeripherals: ['arcade-joystick'], panelButtonRows: null, panelEvdevDevices: [], panelInputMap: [] } satisfies Record<keyof typeof panelOptions, unknown>
  const service = new PanelService({ resources, cabinet: cabinetConfig(defaults, new Map()), art: new PanelArtStore(dataDir), esSettings: new Map(), publisher: { publish: () => ({ published: false, reason: 'stale', coalesceKey: '' }) }, now: () => new Date(), machines: noMachineData, onScreen: { current: null, selectedSystem: null }, navigated: () => {} })

  it('gives every common console its pad, on the cabinet slots, marked derived', () => {
    for (const system of ['nes', 'snes', 'megadrive', 'genesis', 'mastersystem', 'gb', 'gbc', 'gba', 'n64', 'psx', 'pcengine', 'neogeo', 'atari2600', 'saturn', 'dreamcast', 'ps2', 'gamecube', 'wii']) {
      const panel = service.resolve(system, 'Some Game (USA)')
      assert.ok(panel !== null, system)
      assert.equal(panel.source, 'derived', system)
      assert.match(panel.file, /^derived:pad\//, system)
      assert.ok(panel.activeLayout.buttons.length > 0, system)
      assert.deepEqual(panel.activeLayout.buttons.map((b) => b.slot), panel.activeLayout.buttons.map((_, i) => i + 1), system)
    }
    const snes = service.statePayload(service.resolve('snes', null)!, 'ui.system.selected', 1)
    assert.equal(snes.Source, 'derived')
    assert.deepEqual((snes.ActivePanel as { Slots: Array<{ Player: number, Function: string }> }).Slots.filter((s) => s.Player === 1).map((s) => s.Function), ['Y', 'X', 'L', 'B', 'A', 'R'])
  })

  it('gives an arcade game MAME cannot tell about every cabinet button, and knows no panel for an unknown system', () => {
    for (const system of ['mame', 'fbneo', 'cps2', 'naomi']) {
      const panel = service.resolve(system, 'mygame')!
      assert.equal(panel.file, 'derived:arcade')
      assert.equal(panel.activeLayout.buttons.length, 6)
    }
    assert.equal(service.resolve('amiga', 'lotus'), null)
  })

  it('reports the cores/ file of the configured core, by core, core without _libretro, or slug', async () => {
    mkdirSync(path.join(resources.root, 'cores'), { recursive: true })
    writeFileSync(path.join(resources.root, 'cores', 'fbneo.json'), JSON.stringify({ core: 'fbneo', layouts: [{ id: '4-Button', buttons: [] }] }))
    writeFileSync(path.join(resources.root, 'cores', 'mame2003-plus.json'), JSON.stringify({ core: 'mame2003_plus', layouts: [{ id: '4-Button', buttons: [] }] }))
    await resources.load()
    assert.equal(corePanelFile(resources, 'fbneo_libretro'), path.join(resources.root, 'cores', 'fbneo.json'))
    assert.equal(corePanelFile(resources, 'mame2003_plus'), path.join(resources.root, 'cores', 'mame2003-plus.json'))
    assert.equal(corePanelFile(resources, 'snes9x'), '')
    assert.equal(corePanelFile(resources, undefined), '')
  })
})
