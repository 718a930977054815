import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import type { RecordingClient } from '../support/ws-client.js'

describe('frontend lifecycle', () => {
  let f: FrontendHub
  let frontend: RecordingClient
  before(async () => {
    f = await startFrontendHub({ esProbeIntervalMs: '100' })
    frontend = await f.hub.connect(`/ws/frontend`)
  })
  after(async () => {
    frontend.close()
    await f.hub.close()
  })

  const lifecycle = () => frontend.frames.filter((fr) => fr.Type === 'ui.frontend.started' || fr.Type === 'ui.frontend.stopped').map((fr) => `${fr.Type} ${String(fr.Payload.Reason)}`)

  it('reports the web API as reachable and takes system details from ES /systems under es_systems.cfg', async () => {
    const deadline = Date.now() + 10_000
    let status: Record<string, any> = {} // eslint-disable-line @typescript-eslint/no-explicit-any
    while (Date.now() < deadline) {
      status = await (await f.hub.fetch(`/api/v1/status`)).json() as typeof status
      if (status.frontend.webApiReachable === true) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.equal(status.frontend.webApiReachable, true)
    assert.equal(status.frontend.configDir, f.tree.esConfigDir)
    await frontend.until((c) => c.frames.some((fr) => fr.Type === 'ui.frontend.state' && fr.Payload.Running === true))
    const up = frontend.frames.find((fr) => fr.Type === 'ui.frontend.state' && fr.Payload.Running === true)!.Payload
    assert.deepEqual([up.WebApi, up.Reason], [true, 'web-api-reachable'])
    await f.hook('system-selected', 'n64')
    let fromEs: Record<string, string> = {}
    // ES systems are read right after the web API answers; give that request its moment.
    while (Date.now() < deadline && fromEs.fullname === undefined) {
      fromEs = (await (await f.hub.fetch(`/api/v1/context/current-system`)).json() as { system: Record<string, string> }).system
      if (fromEs.fullname === undefined) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.deepEqual(fromEs, { name: 'n64', fullname: 'Nintendo 64', manufacturer: 'Nintendo' })
    await f.hook('system-selected', 'mame')
    const both = (await (await f.hub.fetch(`/api/v1/context/current-system`)).json() as { system: Record<string, string> }).system
    assert.equal(both.fullname, 'Arcade', 'es_systems.cfg wins over ES')
  })

  it('publishes ui.frontend.stopped when the web API stops answering, and started from the start hook; quit stops it again', async () => {
    await f.es.close()
    await frontend.until((c) => c.types().includes('ui.frontend.stopped'))
    await f.hook('start')
    await f.hook('quit')
    await frontend.until((c) => c.types().filter((t) => t === 'ui.frontend.stopped').length === 2)
    assert.deepEqual(lifecycle().slice(-3), ['ui.frontend.stopped web-api-unreachable', 'ui.frontend.started start-hook', 'ui.frontend.stopped quit-hook'])
    assert.ok(!frontend.types().includes('ui.event'), 'start and quit are lifecycle events, not ui.event')
  })

  it('gives a client that connects late the frontend state at once, and a new state at every change', async () => {
    const states = frontend.frames.filter((fr) => fr.Type === 'ui.frontend.state').map((fr) => `${String(fr.Payload.Running)} ${String(fr.Payload.WebApi)} ${String(fr.Payload.Reason)}`)
    assert.deepEqual(states.slice(-3), ['false false web-api-unreachable', 'true false start-hook', 'false false quit-hook'])
    const late = await f.hub.connect(`/ws/frontend`)
    try {
      await late.until((c) => c.types().includes('ui.frontend.state'))
      const state = late.frames.find((fr) => fr.Type === 'ui.frontend.state')!.Payload
      assert.equal(state.Running, false)
      assert.equal(state.Reason, 'quit-hook')
      assert.equal(state.EsUrl, f.es.url)
      assert.ok(Date.parse(String(state.Since)) <= Date.now())
    } finally {
      late.close()
    }
  })
})
