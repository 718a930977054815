import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { TestHub } from '../support/hub.js'
import { panelHub } from '../support/panel-config-hub.js'
import type { Frame } from '../support/ws-client.js'

async function json (hub: TestHub, route: string, init?: RequestInit): Promise<{ status: number, body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await hub.fetch(route, init)
  return { status: response.status, body: await response.json() }
}

describe('cabinet configuration and previews', () => {
  it('describes the configured cabinet at GET /api/v1/panels/config and as a retained panel.config.changed a new /ws/panel client gets at once', async () => {
    const hub = await panelHub({ panelPlayerCount: '3', panelButtonsPerPlayer: '8', panelButtonRows: '1,2,3,4;5,6,7,8', panelPeripherals: 'arcade-joystick,spinner' })
    try {
      const config = await json(hub, `/api/v1/panels/config`)
      assert.deepEqual(config.body, { playerCount: 3, buttonsPerPlayer: 8, peripherals: ['arcade-joystick', 'spinner'], rows: [[1, 2, 3, 4], [5, 6, 7, 8]], source: 'config' })
      const panel = await hub.connect(`/ws/panel`)
      await panel.until((c) => c.types().includes('panel.config.changed'))
      const event = panel.frames.find((fr) => fr.Type === 'panel.config.changed')!
      assert.deepEqual(event.Payload.Cabinet, { PlayerCount: 3, ButtonsPerPlayer: 8, Peripherals: ['arcade-joystick', 'spinner'], ArcadeJoystick: true, AnalogJoystick: false })
      assert.deepEqual(event.Payload.Layout, { Rows: [[1, 2, 3, 4], [5, 6, 7, 8]] })
    } finally {
      await hub.cleanup()
    }
  })

  it('takes player count, buttons and the requested layout from the frontend settings', async () => {
    const hub = await panelHub({}, {
      'global.apiexpose.control_manager.player_count': '1',
      'global.apiexpose.control_manager.buttons_per_player': '4',
      'megadrive.apiexpose_panel_megadrive': '3-Button'
    })
    try {
      const config = await json(hub, `/api/v1/panels/config`)
      assert.deepEqual([config.body.playerCount, config.body.buttonsPerPlayer, config.body.rows, config.body.source], [1, 4, [[1, 2], [3, 4]], 'es_settings'])
      // mame asks for 4-Button (buttons per player); megadrive's setting asks for 3-Button.
      assert.equal((await json(hub, `/api/v1/panels/system/mame`)).body.activeLayoutId, '4-Button')
      const megadrive = await json(hub, `/api/v1/panels/system/megadrive`)
      assert.deepEqual([megadrive.body.activeLayoutId, megadrive.body.activeLayoutSource], ['3-Button', 'request'])
      assert.equal(megadrive.body.slots.length, 4) // 1 player x max(4 buttons, 3 used)
    } finally {
      await hub.cleanup()
    }
  })

  it('says when the layout asked for is not the one used: best-fit or fallback, naming both', async () => {
    const hub = await panelHub({}, { 'mame.apiexpose_panel_mame': '6-Button', 'megadrive.apiexpose_panel_megadrive': 'Wheel' })
    try {
      const dkong = (await json(hub, `/api/v1/panels/game/mame/dkong`)).body
      assert.deepEqual([dkong.requestedLayout, dkong.activeLayoutId, dkong.activeLayoutSource], ['6-Button', '1-Button', 'best-fit'])
      assert.equal(dkong.activeLayoutReason, '6-Button asked for, which the file does not have: 1-Button is the best fit')
      const megadrive = (await json(hub, `/api/v1/panels/system/megadrive`)).body
      assert.deepEqual([megadrive.activeLayoutId, megadrive.activeLayoutSource], ['6-Button', 'fallback'])
      assert.equal(megadrive.activeLayoutReason, 'Wheel asked for, but no layout of the file fits it: the file\'s default 6-Button')
      const sf2 = (await json(hub, `/api/v1/panels/game/mame/sf2`)).body
      assert.deepEqual([sf2.activeLayoutId, sf2.activeLayoutSource, sf2.activeLayoutReason], ['6-Button', 'request', '6-Button asked for'])

      const panel = await hub.connect(`/ws/panel`)
      const hook = { event: 'game-selected', args: ['mame', '/cab/roms/mame/dkong.zip', 'Donkey Kong'] }
      await json(hub, `/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hook) })
      await panel.until((c) => c.frames.some((fr) => fr.Type === 'panel.state' && fr.Payload.Rom === 'dkong'))
      const state = panel.frames.find((fr) => fr.Type === 'panel.state' && fr.Payload.Rom === 'dkong')!
      assert.deepEqual([state.Payload.RequestedLayout, state.Payload.ActiveLayoutId, state.Payload.ActiveLayoutSource, state.Payload.ActiveLayoutReason], ['6-Button', '1-Button', 'best-fit', dkong.activeLayoutReason])
      panel.close()
    } finally {
      await hub.cleanup()
    }
  })

  it('publishes a preview as a non-retained panel.state, and rejects an invalid panel body with 400 and the failing path', async () => {
    const hub = await panelHub({})
    try {
      const watcher = await hub.connect(`/ws/panel`)
      const body = { system: 'neogeo', rom: 'mslug', layouts: [{ id: '4-Button', buttons: [{ slot: 1, function: 'Shoot', color: 'Red' }, { slot: 2, function: 'Jump', color: 'Yellow' }] }] }
      const preview = await json(hub, `/api/v1/panels/preview`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      assert.equal(preview.status, 202)
      assert.equal(preview.body.type, 'panel.state')
      await watcher.until((c) => c.frames.some((fr) => fr.Type === 'panel.state'))
      const state = watcher.frames.find((fr) => fr.Type === 'panel.state')!
      assert.equal(state.Payload.Preview, true)
      assert.equal(state.Payload.PanelKey, preview.body.panelKey)
      assert.equal((state.Payload.ActivePanel as any).Slots[0].Function, 'Shoot') // eslint-disable-line @typescript-eslint/no-explicit-any
      // Not retained: a client connecting afterwards gets the cabinet, not the preview. A second
      // preview it does get shows, by order, that nothing of the first was on its way.
      const late = await hub.connect(`/ws/panel`)
      await late.until((c) => c.types().includes('panel.config.changed'))
      const kick = { ...body, layouts: [{ id: '4-Button', buttons: [{ slot: 1, function: 'Kick', color: 'Blue' }] }] }
      assert.equal((await json(hub, `/api/v1/panels/preview`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(kick) })).status, 202)
      const firstFunction = (fr: Frame): unknown => (fr.Payload.ActivePanel as { Slots: Array<{ Function: string }> }).Slots[0]!.Function
      await late.until((c) => c.frames.some((fr) => fr.Type === 'panel.state' && firstFunction(fr) === 'Kick'))
      assert.deepEqual(late.frames.filter((fr) => fr.Type === 'panel.state').map(firstFunction), ['Kick'])

      const bad = await json(hub, `/api/v1/panels/preview`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ layouts: [{ id: '6-Button', buttons: [{ slot: 'one' }] }] }) })
      assert.equal(bad.status, 400)
      assert.equal(bad.body.code, 'VALIDATION_ERROR')
      assert.match(bad.body.message, /layouts\/0\/buttons\/0/)
    } finally {
      await hub.cleanup()
    }
  })
})
