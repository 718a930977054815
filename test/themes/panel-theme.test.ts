/**
 * The current control panel as theme XML, as a theme author reads it: GET answers the document of
 * the game on screen (game panel, system panel, the layout asked for), POST writes the same
 * document to `<themes>/.panels/<system>/<rom or _system>.xml` and tells /ws/panel; without a game
 * or a panel both answer 404 and write nothing.
 */
import assert from 'node:assert/strict'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import { tempDir } from '../support/hub.js'
import { startPanelHub, type PanelHub } from '../support/panels.js'
import type { RecordingClient } from '../support/ws-client.js'

type Attributes = Record<string, string>
interface PanelDocument {
  panel: Attributes & {
    sources: Record<string, string>
    layouts: { layout: Array<Attributes & { players: { player: Array<Attributes & { joystick?: Attributes, buttons: { button: Attributes[] } }> }, systemButtons?: { button: Attributes[] } }> }
  }
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['layout', 'player', 'button'].includes(name) })

describe('panel theme XML', () => {
  let f: PanelHub
  let panel: RecordingClient
  const themesDir = tempDir('themes-panels-')

  const themeXml = async (query = '') => {
    const response = await f.hub.fetch(`/api/v1/panels/current/theme-xml${query}`)
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
  }
  const exportXml = async (query = '') => {
    const response = await f.hub.fetch(`/api/v1/panels/current/export-theme-xml${query}`, { method: 'POST' })
    return { status: response.status, body: await response.json() as Record<string, unknown> }
  }
  const select = async (system: string, file: string, name: string): Promise<void> => {
    const states = panel.frames.filter((frame) => frame.Type === 'panel.state').length
    await f.hook('game-selected', system, f.tree.rom(system, file), name)
    await panel.until((client) => client.frames.filter((frame) => frame.Type === 'panel.state').length > states)
  }

  before(async () => {
    f = await startPanelHub({ themeExportDir: themesDir })
    panel = await f.hub.connect(`/ws/panel`)
  })
  after(async () => {
    panel.socket.close()
    await f.close()
    rmSync(themesDir, { recursive: true, force: true })
  })

  it('answers 404 NO_GAME to both without a game, writing nothing', async () => {
    const xml = await themeXml()
    assert.equal(xml.status, 404)
    assert.equal(JSON.parse(xml.text).code, 'NO_GAME')
    const written = await exportXml()
    assert.deepEqual([written.status, written.body.code], [404, 'NO_GAME'])
    assert.match(String(written.body.message), /No game is selected or running/)
    assert.equal(existsSync(path.join(themesDir, '.panels')), false)
  })

  it('gives the game panel with every player\'s buttons by slot, empty attributes left out', async () => {
    await select('mame', 'sf2.zip', 'Street Fighter II')
    const xml = await themeXml()
    assert.equal(xml.status, 200)
    assert.match(String(xml.type), /^application\/xml/)
    const doc = parser.parse(xml.text) as PanelDocument
    const { sources, layouts, ...attributes } = doc.panel
    assert.deepEqual(attributes, { schema: 'cabinet-hub.panel.theme.v1', scope: 'game', system: 'mame', rom: 'sf2', defaultLayout: '6-Button', activeLayout: '6-Button', activeLayoutSource: 'request' })
    assert.match(sources.game!, /games[/\\]sf2\.json$/)
    const [layout] = layouts.layout
    assert.deepEqual({ id: layout!.id, type: layout!.type, name: layout!.name, panelButtons: layout!.panelButtons }, { id: '6-Button', type: '6-Button', name: 'Street Fighter', panelButtons: '6' })
    assert.deepEqual(layout!.players.player.map((p) => p.index), ['1', '2'])
    const [p1] = layout!.players.player
    assert.deepEqual(p1!.joystick, { type: 'joy8way', color: 'Black' })
    assert.deepEqual(p1!.buttons.button[0], { id: 'P1_SLOT1', slot: '1', player: '1', label: 'LP', machineButton: 'BUTTON1', function: 'Light Punch', controller: 'y', color: 'Blue' })
    assert.deepEqual(p1!.buttons.button.map((b) => b.function), ['Light Punch', 'Medium Punch', 'Heavy Punch', 'Light Kick', 'Medium Kick', 'Heavy Kick'])
    assert.deepEqual(layout!.systemButtons!.button, [{ id: 'START', label: 'START', function: 'START', controller: 'start', color: 'White' }, { id: 'COIN', label: 'COIN', function: 'COIN', controller: 'select', color: 'Yellow' }])
  })

  it('writes the same document to .panels/<system>/<rom>.xml and announces it on /ws/panel', async () => {
    const written = await exportXml()
    const file = path.join(themesDir, '.panels', 'mame', 'sf2.xml')
    assert.equal(written.status, 200, JSON.stringify(written.body))
    assert.deepEqual(written.body, { file, system: 'mame', rom: 'sf2', layouts: 1 })
    assert.equal(readFileSync(file, 'utf8'), (await themeXml()).text)
    await panel.until((client) => client.types().includes('theme.exported'))
    assert.deepEqual(panel.frames.find((frame) => frame.Type === 'theme.exported')!.Payload, { Kind: 'panel', System: 'mame', Rom: 'sf2', Path: file, Removed: false, Lines: 1 })
  })

  it('writes a system\'s panel as _system.xml, with the layout asked for', async () => {
    await select('mame', '1943.zip', '1943: The Battle of Midway')
    const written = await exportXml('?activeLayout=4')
    const file = path.join(themesDir, '.panels', 'mame', '_system.xml')
    assert.deepEqual(written.body, { file, system: 'mame', rom: '_system', layouts: 2 })
    const doc = parser.parse(readFileSync(file, 'utf8')) as PanelDocument
    assert.equal(doc.panel.scope, 'system')
    assert.equal(doc.panel.rom, undefined, 'a system panel names no rom')
    assert.equal(doc.panel.activeLayout, '4-Button')
    assert.deepEqual(doc.panel.layouts.layout.map((l) => l.id), ['6-Button', '4-Button'])
    await panel.until((client) => client.frames.some((frame) => frame.Type === 'theme.exported' && frame.Payload.Path === file))
  })

  it('answers 404 PANEL_NOT_FOUND naming the game when no panel resolves, writing nothing', async () => {
    const before = panel.frames.length
    const firehose = await f.hub.connect(`/ws/firehose`)
    await f.hook('game-selected', 'amiga', f.tree.rom('amiga', 'Turrican.adf'), 'Turrican')
    await firehose.until((client) => client.frames.some((frame) => frame.Type === 'ui.game.selected' && frame.Payload.SystemId === 'amiga'))
    firehose.socket.close()
    for (const answer of [await themeXml().then((r) => ({ status: r.status, body: JSON.parse(r.text) as Record<string, unknown> })), await exportXml()]) {
      assert.equal(answer.status, 404)
      assert.equal(answer.body.code, 'PANEL_NOT_FOUND')
      assert.match(String(answer.body.message), /amiga\|Turrican/)
    }
    assert.equal(existsSync(path.join(themesDir, '.panels', 'amiga')), false)
    assert.equal(panel.frames.slice(before).filter((frame) => frame.Type === 'theme.exported').length, 0)
  })
})
