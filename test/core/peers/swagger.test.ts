import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { browserPeer, launchBrowser } from '../../support/browser.js'
import { startHub, type TestHub } from '../../support/hub.js'

describe('the interactive reference at /swagger, in Chromium', { skip: browserPeer.skip }, () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true }) })
  after(async () => hub.close())

  it('runs "Try it out" against the port the service listens on', async () => {
    assert.notEqual(new URL(hub.baseUrl).port, '12345')
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      await page.goto(`${hub.baseUrl}/swagger`)
      const operation = page.locator('.opblock-get', { has: page.locator('[data-path="/api/v1/health"]') })
      await operation.locator('.opblock-summary').first().click()
      await operation.locator('button.try-out__btn').click()
      await operation.locator('button.execute').click()
      const requestUrl = operation.locator('.request-url pre')
      await requestUrl.waitFor()
      assert.equal((await requestUrl.textContent())?.trim(), `${hub.baseUrl}/api/v1/health`)
      const live = operation.locator('.live-responses-table tbody .response-col_status').first()
      assert.equal((await live.textContent())?.trim(), '200')
      assert.match(await operation.locator('.live-responses-table .microlight').first().textContent() ?? '', /"status": "healthy"/)
    } finally {
      await browser.close()
    }
  })
})
