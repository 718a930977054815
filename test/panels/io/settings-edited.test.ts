/** The panels follow an es_settings.cfg edited while the service runs (file watching: the service tier). */
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { panelHub, settingsXml } from '../../support/panel-config-hub.js'
import { RecordingClient } from '../../support/ws-client.js'

async function json (url: string, init?: RequestInit): Promise<{ status: number, body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(url, init)
  return { status: response.status, body: await response.json() }
}

describe('panel settings edited in es_settings.cfg', () => {
  it('follows panel settings edited in es_settings.cfg: panel.settings.changed, then the current panel again in its new layout', async () => {
    const settings = { 'megadrive.apiexpose_panel_megadrive': '3-Button', ThemeSet: 'carbon' }
    const hub = await panelHub({}, settings, { listen: true })
    try {
      const panel = await RecordingClient.connect(`${hub.wsBase}/ws/panel`)
      const hook = { event: 'game-selected', args: ['megadrive', '/cab/roms/megadrive/Gunstar Heroes (USA).md', 'Gunstar Heroes'] }
      await json(`${hub.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(hook) })
      await panel.until((c) => c.frames.some((fr) => fr.Type === 'panel.state' && fr.Payload.ActiveLayoutId === '3-Button'))
      const esDir = String((await json(`${hub.baseUrl}/api/v1/config/effective`)).body.options.esConfigDir)
      writeFileSync(path.join(esDir, 'es_settings.cfg'), settingsXml({ ...settings, 'megadrive.apiexpose_panel_megadrive': '6-Button', ThemeSet: 'other' }))
      await panel.until((c) => c.frames.some((fr) => fr.Type === 'panel.state' && fr.Payload.ActiveLayoutId === '6-Button'), 10_000)
      const changed = panel.frames.find((fr) => fr.Type === 'panel.settings.changed')!
      assert.deepEqual(changed.Payload.ChangedKeys, ['megadrive.apiexpose_panel_megadrive'])
      const state = panel.frames.findLast((fr) => fr.Type === 'panel.state')!
      assert.equal(state.Payload.Trigger, 'panel.settings.changed')
      assert.ok(panel.frames.indexOf(changed) < panel.frames.indexOf(state))
    } finally {
      await hub.cleanup()
    }
  })
})
