/**
 * The panels the demo ships: every demo system, and two arcade games with layouts of their own
 * (Street Fighter II's six buttons, Donkey Kong's single Jump). Written once; later runs keep edits.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { PanelButtonResource, PanelLayoutResource, PanelResource } from './resource-schema.js'

const startAndCoin: PanelLayoutResource['systemInputs'] = [{ input: 'START', color: 'White' }, { input: 'COIN', color: 'Yellow' }]

function buttons (...functions: Array<[string, string, string]>): PanelButtonResource[] {
  return functions.map(([fn, color, controller], i) => ({ slot: i + 1, function: fn, color, controller }))
}

const mame: PanelResource = {
  system: 'mame',
  emulator: 'mame',
  layouts: [
    { id: '6-Button', joystick: { type: 'joy8way', color: 'Red' }, buttons: buttons(['Button 1', 'Red', 'b'], ['Button 2', 'Red', 'a'], ['Button 3', 'Red', 'y'], ['Button 4', 'Blue', 'x'], ['Button 5', 'Blue', 'l2'], ['Button 6', 'Blue', 'r2']), systemInputs: startAndCoin },
    { id: '4-Button', joystick: { type: 'joy8way', color: 'Red' }, buttons: buttons(['Button 1', 'Red', 'b'], ['Button 2', 'Red', 'a'], ['Button 3', 'Blue', 'y'], ['Button 4', 'Blue', 'x']), systemInputs: startAndCoin }
  ]
}

const sf2: PanelResource = {
  system: 'mame',
  rom: 'sf2',
  emulator: 'mame',
  layouts: [{
    id: '6-Button',
    name: 'Street Fighter',
    joystick: { type: 'joy8way', color: 'Black' },
    buttons: [
      { slot: 1, function: 'Light Punch', label: 'LP', color: 'Blue', gameButton: 'BUTTON1', controller: 'y' },
      { slot: 2, function: 'Medium Punch', label: 'MP', color: 'Yellow', gameButton: 'BUTTON2', controller: 'x' },
      { slot: 3, function: 'Heavy Punch', label: 'HP', color: 'Red', gameButton: 'BUTTON3', controller: 'l' },
      { slot: 4, function: 'Light Kick', label: 'LK', color: 'Blue', gameButton: 'BUTTON4', controller: 'b' },
      { slot: 5, function: 'Medium Kick', label: 'MK', color: 'Yellow', gameButton: 'BUTTON5', controller: 'a' },
      { slot: 6, function: 'Heavy Kick', label: 'HK', color: 'Red', gameButton: 'BUTTON6', controller: 'r' }
    ],
    systemInputs: startAndCoin,
    outputs: [{ id: 'start1', name: 'led0', player: 1, systemInput: 'START' }, { id: 'start2', name: 'led1', player: 2, systemInput: 'START' }]
  }]
}

const dkong: PanelResource = {
  system: 'mame',
  rom: 'dkong',
  emulator: 'mame',
  layouts: [{ id: '1-Button', joystick: { type: 'joy4way', color: 'Red' }, buttons: [{ slot: 1, function: 'Jump', color: 'Red', gameButton: 'BUTTON1', controller: 'b' }], systemInputs: startAndCoin }]
}

const consolePanel = (system: string, layouts: PanelLayoutResource[]): PanelResource => ({ system, emulator: 'libretro', layouts })
const pad = (): PanelLayoutResource['systemInputs'] => [{ input: 'START', color: 'White' }, { input: 'SELECT', color: 'Gray' }]

const snes = consolePanel('snes', [{ id: '6-Button', joystick: { type: 'joy8way', color: 'Gray' }, buttons: buttons(['B', 'Yellow', 'b'], ['A', 'Red', 'a'], ['R', 'Gray', 'r'], ['Y', 'Green', 'y'], ['X', 'Blue', 'x'], ['L', 'Gray', 'l']), systemInputs: pad() }])
const megadrive = consolePanel('megadrive', [
  { id: '3-Button', joystick: { type: 'joy8way', color: 'Black' }, buttons: buttons(['A', 'Black', 'y'], ['B', 'Black', 'b'], ['C', 'Black', 'a']), systemInputs: [{ input: 'START', color: 'Black' }] },
  { id: '6-Button', joystick: { type: 'joy8way', color: 'Black' }, buttons: buttons(['A', 'Black', 'y'], ['B', 'Black', 'b'], ['C', 'Black', 'a'], ['X', 'Gray', 'l'], ['Y', 'Gray', 'x'], ['Z', 'Gray', 'r']), systemInputs: [{ input: 'START', color: 'Black' }] }
])
const nes = consolePanel('nes', [{ id: '2-Button', joystick: { type: 'joy8way', color: 'Black' }, buttons: [{ slot: 1, function: 'B', color: 'Red', controller: 'y' }, { slot: 2, function: 'A', color: 'Red', controller: 'b' }], systemInputs: pad() }])

/** Relative path under resources/dynpanels -> file content. */
const demoPanels: Readonly<Record<string, PanelResource>> = {
  'systems/mame.json': mame,
  'systems/snes.json': snes,
  'systems/megadrive.json': megadrive,
  'systems/nes.json': nes,
  'games/sf2.json': sf2,
  'games/dkong.json': dkong
}

/** Writes the demo panels that are not there yet. */
export function writeDemoPanels (root: string): void {
  for (const [relative, resource] of Object.entries(demoPanels)) {
    const file = path.join(root, relative)
    if (existsSync(file)) continue
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify({ $schema: '/api/v1/panels/schema', ...resource }, null, 2)}\n`)
  }
}
