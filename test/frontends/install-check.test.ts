/** A frontend root that is not an install of the profile: the service says so instead of only "ready". */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startHub, tempDir, type TestHub } from '../support/hub.js'

describe('a frontend root that is not there', () => {
  let hub: TestHub
  const root = path.join(tempDir('cabinet-hub-nowhere-'), 'RetroBat')
  before(async () => { hub = await startHub({ options: { frontendRoot: root } }) })
  after(async () => hub.close())

  it('makes the frontend link step degraded in /startup/ready, with the reason, and the service still ready', async () => {
    const response = await hub.fetch(`/api/v1/startup/ready`)
    assert.equal(response.status, 200)
    const body = await response.json() as { ready: boolean, steps: Array<{ name: string, state: string, error: string | null }> }
    assert.equal(body.ready, true)
    const link = body.steps.find((step) => step.name === 'frontend-link')!
    assert.equal(link.state, 'degraded')
    assert.match(link.error!, new RegExp(`--frontend-root ${root} is not a RetroBat install: the config folder .* and the roms folder .* do not exist; point --frontend-root at the RetroBat folder`))
  })

  it('says the same in /api/v1/status', async () => {
    const status = await (await hub.fetch(`/api/v1/status`)).json() as { frontend: { link: string, problem: string } }
    assert.equal(status.frontend.link, 'degraded')
    assert.match(status.frontend.problem, /is not a RetroBat install/)
  })
})
