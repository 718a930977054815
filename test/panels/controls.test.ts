import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { PanelArtStore } from '../../src/panels/art.js'
import { cabinetConfig } from '../../src/panels/cabinet.js'
import { writeDemoPanels } from '../../src/panels/demo-panels.js'
import { dynpanelsRoot, PanelResources } from '../../src/panels/resources.js'
import { PanelService } from '../../src/panels/service.js'
import { configOf, loadConfig } from '../../src/core/options.js'
import { optionEntriesOf } from '../../src/core/hub.js'
import { panelOptions } from '../../src/panels/options.js'
import { domainModules } from '../../src/modules.js'
import { tempDir } from '../support/hub.js'
import { startPanelHub } from '../support/panels.js'
import type { MachineData } from '../../src/roms/index.js'

/** No MAME to ask: every machine unavailable. */
const noMachineData: MachineData = { machine: () => null, lookup: async () => {}, knowledge: () => 'unavailable', version: null }

describe('instruction-card Controls from the panel resolution', () => {
  const dataDir = tempDir()
  after(() => rmSync(dataDir, { recursive: true, force: true }))
  writeDemoPanels(dynpanelsRoot(dataDir))
  const resources = new PanelResources(dynpanelsRoot(dataDir))
  before(async () => resources.load())
  const config = configOf(panelOptions, loadConfig(optionEntriesOf(domainModules), { cli: new Map([['dataDir', dataDir]]), env: {} }))
  const service = new PanelService({ resources, cabinet: cabinetConfig(config, new Map()), art: new PanelArtStore(dataDir), esSettings: new Map(), publisher: { publish: () => ({ published: false, reason: 'stale', coalesceKey: '' }) }, now: () => new Date(), machines: noMachineData, onScreen: { current: null, selectedSystem: null }, navigated: () => {} })

  it('says what each used button does and its colour, per player, with the system inputs', () => {
    const controls = service.controlsFor('mame', 'sf2')!
    assert.equal(controls.Players, 2)
    assert.deepEqual(controls.Buttons.filter((b) => b.Player === 1).map((b) => [b.Slot, b.Function, b.Color]), [
      [1, 'Light Punch', 'Blue'], [2, 'Medium Punch', 'Yellow'], [3, 'Heavy Punch', 'Red'], [4, 'Light Kick', 'Blue'], [5, 'Medium Kick', 'Yellow'], [6, 'Heavy Kick', 'Red']
    ])
    assert.deepEqual(controls.SystemInputs.filter((s) => s.Player === 1).map((s) => s.Input), ['START', 'COIN'])
    // Donkey Kong uses one button: unused slots are left out.
    assert.deepEqual(service.controlsFor('mame', 'dkong')!.Buttons.map((b) => [b.Player, b.Slot, b.Function]), [[1, 1, 'Jump'], [2, 1, 'Jump']])
    assert.equal(service.controlsFor('amiga', 'lotus'), null)
  })
})

describe('instruction-card snapshot carries the panel Controls', () => {
  it('tells what each button of the selected game does, and nothing for a game without a panel', async () => {
    const f = await startPanelHub()
    try {
      const card = await f.hub.connect(`/ws/instruction-card`)
      await f.hook('game-selected', 'mame', `${f.tree.root}/roms/mame/sf2.zip`, 'Street Fighter II')
      await card.until((c) => c.frames.some((frame) => String(frame.Payload.SelectionKey).endsWith('|sf2')))
      const controls = card.frames.at(-1)!.Payload.Controls as { Buttons: Array<{ Player: number, Slot: number, Function: string, Color: string }> }
      assert.deepEqual(controls.Buttons.filter((b) => b.Player === 1 && b.Slot === 3).map((b) => [b.Function, b.Color]), [['Heavy Punch', 'Red']])

      await f.hook('game-selected', 'amiga', `${f.tree.root}/roms/amiga/lotus.adf`, 'Lotus')
      await card.until((c) => c.frames.some((frame) => String(frame.Payload.SelectionKey).endsWith('|lotus')))
      assert.equal(card.frames.at(-1)!.Payload.Controls, null)
      card.close()
    } finally {
      await f.close()
    }
  })
})

describe('a Windows rom path resolves the panel of its rom on any OS', () => {
  it('gives the instruction card and panel.state the controls of rom 1943 for C:\\roms\\mame\\1943.zip', async () => {
    const panel1943 = {
      system: 'mame',
      rom: '1943',
      emulator: 'mame',
      layouts: [{ id: '2-Button', joystick: { type: 'joy8way', color: 'Red' }, buttons: [{ slot: 1, function: 'Fire', color: 'Red' }, { slot: 2, function: 'Loop', color: 'Blue' }], systemInputs: [{ input: 'START', color: 'White' }] }]
    }
    const f = await startPanelHub({}, { 'games/1943.json': JSON.stringify(panel1943) })
    try {
      const card = await f.hub.connect(`/ws/instruction-card`)
      const panel = await f.hub.connect(`/ws/panel`)
      const sequence = await f.hook('game-selected', 'mame', 'C:\\roms\\mame\\1943.zip', '1943: The Battle of Midway')
      await card.until((c) => c.frames.some((frame) => frame.Payload.Sequence === sequence))
      await panel.until((c) => c.frames.some((frame) => frame.Type === 'panel.state' && frame.Payload.Sequence === sequence))

      const snapshot = card.frames.find((frame) => frame.Payload.Sequence === sequence)!.Payload
      const controls = snapshot.Controls as { Buttons: Array<{ Player: number, Slot: number, Function: string }> } | null
      assert.deepEqual(controls?.Buttons.filter((b) => b.Player === 1).map((b) => [b.Slot, b.Function]), [[1, 'Fire'], [2, 'Loop']], 'the game file of rom 1943, not the mame system panel')
      const state = panel.frames.find((frame) => frame.Type === 'panel.state' && frame.Payload.Sequence === sequence)!.Payload
      assert.deepEqual([state.Rom, state.Scope, state.SelectionKey], ['1943', 'game', 'mame|1943'])
      card.close()
      panel.close()
    } finally {
      await f.close()
    }
  })
})
