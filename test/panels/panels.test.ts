import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { assertDrawnAsAdvertised, type AdvertisedDrawing } from '../support/panel-drawings.js'
import { startPanelHub, type PanelHub } from '../support/panels.js'
import type { Frame } from '../support/ws-client.js'

describe('control panels: resources, resolution, panel.state with drawings', () => {
  let f: PanelHub
  before(async () => {
    f = await startPanelHub({}, { 'systems/broken.json': '{ "system": "broken", "layouts": [ { "id": 6 } ] }', 'games/notjson.json': '{ nope' })
  })
  after(async () => f.close())

  it('serves the resource JSON Schema, and shows each bad file in status with its path and first error while the others load', async () => {
    const schema = await f.get('/api/v1/panels/schema')
    assert.equal(schema.status, 200)
    assert.equal(schema.body.type, 'object')
    assert.ok(schema.body.properties.layouts)
    const status = await f.get('/api/v1/status')
    const panels = status.body.panels ?? status.body.sections?.panels
    const errors = panels.fileErrors as Array<{ file: string, error: string }>
    const broken = errors.find((e) => e.file.endsWith('systems/broken.json'))!
    assert.match(broken.error, /^\/layouts\/0/)
    assert.match(errors.find((e) => e.file.endsWith('games/notjson.json'))!.error, /not JSON/)
    assert.equal(panels.filesLoaded, 6)
    assert.equal((await f.get('/api/v1/panels/system/snes')).status, 200)
  })

  it('answers /panels/current 404 without a game and resolves game, system and best-fit layouts', async () => {
    const none = await f.get('/api/v1/panels/current')
    assert.equal(none.status, 404)
    assert.equal(typeof none.body.message, 'string')
    assert.equal(none.body.code, 'NO_GAME')

    const sf2 = await f.get('/api/v1/panels/game/mame/sf2')
    assert.equal(sf2.body.scope, 'game')
    assert.equal(sf2.body.activeLayoutId, '6-Button')
    assert.deepEqual(sf2.body.slots.filter((s: any) => s.player === 1).map((s: any) => s.function), ['Light Punch', 'Medium Punch', 'Heavy Punch', 'Light Kick', 'Medium Kick', 'Heavy Kick']) // eslint-disable-line @typescript-eslint/no-explicit-any
    // A game file of another (non-arcade) system does not apply: the system file does.
    assert.equal((await f.get('/api/v1/panels/game/snes/sf2')).body.scope, 'system')
    // Unknown arcade game: the mame system panel; asking for 4 buttons picks the 4-Button layout.
    const galaga = await f.get('/api/v1/panels/game/mame/galaga?activeLayout=4')
    assert.equal(galaga.body.scope, 'system')
    assert.equal(galaga.body.activeLayoutId, '4-Button')
    // nes has only 2 buttons: the best fit for the 6 buttons asked for.
    assert.equal((await f.get('/api/v1/panels/system/nes')).body.activeLayoutId, '2-Button')
    const missing = await f.get('/api/v1/panels/system/amiga')
    assert.equal(missing.status, 404)
    assert.equal(missing.body.code, 'PANEL_NOT_FOUND')
  })

  it('publishes panel.state before ui.game.started on game start, with drawings whose circles are the advertised buttons', async () => {
    const firehose = await f.hub.connect(`/ws/firehose`)
    const rom = f.tree.rom('mame', 'sf2.zip')
    await f.hook('system-selected', 'mame')
    await f.hook('game-selected', 'mame', rom, 'Street Fighter II')
    await f.hook('game-start', rom, 'sf2', 'Street Fighter II')
    await firehose.until((c) => c.types().includes('ui.game.started'))
    const types = firehose.types()
    const started = types.indexOf('ui.game.started')
    const states = firehose.frames.filter((fr) => fr.Type === 'panel.state')
    const forStart = states.find((fr) => fr.Payload.Trigger === 'ui.game.started')!
    assert.ok(firehose.frames.indexOf(forStart) < started, types.join(','))
    assert.equal(forStart.Payload.SelectionKey, 'mame|sf2')
    assert.equal(forStart.Payload.Scope, 'game')
    assert.equal(forStart.Payload.Source, 'resources/dynpanels')
    assert.ok(types.includes('cpo.panel.config.selected'))

    const current = await f.get('/api/v1/panels/current')
    assert.equal(current.status, 200)
    assert.equal(current.body.rom, 'sf2')

    const svg = forStart.Payload.Svg as { Top: AdvertisedDrawing, Front: AdvertisedDrawing }
    for (const drawing of [svg.Top, svg.Front]) {
      assert.equal(drawing.Buttons.length, 12) // 2 players x 6 buttons
      await assertDrawnAsAdvertised(f.hub, drawing)
    }
    const traversal = await f.hub.fetch(`/api/v1/media/panels/..%2F..%2Fhub.db`)
    assert.equal(traversal.status, 400)
    assert.equal(((await traversal.json()) as { code: string }).code, 'INVALID_FILE_NAME')
    assert.equal((await f.hub.fetch(`/api/v1/media/panels/${'0'.repeat(24)}-top.svg`)).status, 404)
    // The 3D front view recedes: the top row is drawn smaller than the bottom row.
    const front = svg.Front.Buttons.filter((b) => b.Player === 1)
    assert.ok(front.find((b) => b.Slot === 1)!.R < front.find((b) => b.Slot === 4)!.R)
  })

  it('does not publish again when the panel is unchanged, but does on a game start', async () => {
    const panel = await f.hub.connect(`/ws/panel`)
    await panel.until((c) => c.types().includes('panel.state') && c.types().includes('panel.config.changed'))
    const before = panel.frames.length
    // galaga and pacman both use the mame system panel: the second selection changes nothing.
    await f.hook('game-end', f.tree.rom('mame', 'sf2.zip'))
    await f.hook('game-selected', 'mame', f.tree.rom('mame', 'galaga.zip'), 'Galaga')
    await panel.until((c) => c.frames.slice(before).some((fr) => fr.Type === 'panel.state' && fr.Payload.Rom === 'galaga'))
    const galagaKey = panel.frames.at(-1)!.Payload.PanelKey
    await f.hook('game-selected', 'mame', f.tree.rom('mame', 'pacman.zip'), 'Pac-Man')
    await f.hook('game-start', f.tree.rom('mame', 'pacman.zip'), 'pacman', 'Pac-Man')
    await panel.until((c) => c.frames.some((fr) => fr.Type === 'panel.state' && fr.Payload.Trigger === 'ui.game.started' && fr.Payload.Rom === 'pacman'))
    const states = panel.frames.slice(before).filter((fr: Frame) => fr.Type === 'panel.state')
    assert.deepEqual(states.map((s) => [s.Payload.Rom, s.Payload.Trigger]), [['galaga', 'ui.game.selected'], ['pacman', 'ui.game.started']])
    assert.equal(states[1]!.Payload.PanelKey, galagaKey)
    const sequences = states.map((s) => Number(s.Payload.Sequence))
    assert.ok(sequences[1]! > sequences[0]!)
  })
})
