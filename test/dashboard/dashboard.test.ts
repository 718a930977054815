import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { chromium } from 'playwright-core'
import { startHub, type TestHub } from '../support/hub.js'
import { findPeer } from '../support/peers.js'

const artifacts = new URL('../../test-artifacts/', import.meta.url).pathname
const browserPeer = findPeer('Chromium', 'chromium', ['/usr/bin/chromium', '/usr/bin/chromium-browser'])

describe('live page at /', () => {
  let hub: TestHub
  before(async () => { hub = await startHub() })
  after(async () => hub.close())

  it('is served as HTML without a build step and links the documents', async () => {
    const response = await fetch(`${hub.baseUrl}/`)
    assert.equal(response.status, 200)
    assert.match(response.headers.get('content-type') ?? '', /text\/html/)
    const html = await response.text()
    for (const link of ['/swagger', '/asyncapi.json', '/api/v1/ws/streams']) assert.ok(html.includes(`href="${link}"`), link)
  })

  it('shows events live in a real browser, per stream', { skip: browserPeer.skip }, async () => {
    const browser = await chromium.launch({ executablePath: browserPeer.path!, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] })
    try {
      const page = await browser.newPage()
      await page.goto(`${hub.baseUrl}/`)
      await page.locator('#socket.ok').waitFor()
      // A selection through the API, exactly as a frontend hook delivers it.
      const hook = await fetch(`${hub.baseUrl}/api/v1/ingest/es-event`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'game-selected', args: ['mame', '/cab/roms/mame/1943.zip', '1943: The Battle of Midway'] })
      })
      assert.equal(hook.status, 202)
      await page.locator('#context-selected', { hasText: '1943: The Battle of Midway (mame)' }).waitFor()
      await page.locator('#context-state', { hasText: 'browsing' }).waitFor()
      const frontendRow = page.locator('tr[data-stream="frontend"]')
      await frontendRow.locator('td.latest', { hasText: 'ui.game.selected' }).waitFor()
      const esRow = page.locator('tr[data-stream="esevent"]')
      await esRow.locator('td.latest', { hasText: 'esevent.events_refresh' }).waitFor()
      await page.locator('#log', { hasText: '1943: The Battle of Midway' }).waitFor()
      mkdirSync(artifacts, { recursive: true })
      await page.screenshot({ path: `${artifacts}dashboard.png`, fullPage: true })
    } finally {
      await browser.close()
    }
  })
})
