import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'playwright-core'
import { demoMediaDir, writeDemoTree } from '../../../src/sim/index.js'
import { artifactsDir, browserPeer, launchBrowser } from '../../support/browser.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { startPanelHub, type PanelHub } from '../../support/panels.js'

/** Everything an owner reads on the page, as one text. */
const pageText = (page: Page): Promise<string> => page.locator('body').innerText()

describe('the live page for an owner, in Chromium', { skip: browserPeer.skip }, () => {
  let f: PanelHub
  before(async () => {
    const demo = await writeDemoTree(tempDir('cabinet-hub-demo-owner-'))
    f = await startPanelHub({ mediaDir: demoMediaDir(demo.root), devEventsIngest: true }, {}, { listen: true })
  })
  after(async () => f.close())

  it('leads with the frontend link and what is on screen, keeps the panel caption on the panel, and shows the live score', async () => {
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${f.hub.baseUrl}/`)
      await page.locator('#socket.ok').waitFor()
      await page.locator('#frontend-link.ok', { hasText: 'frontend connected' }).waitFor()
      assert.equal(await page.locator('#frontend-banner').isVisible(), false, 'no banner while the link is whole')

      // A system alone: its name, never a key with a dangling bar.
      await f.hook('system-selected', 'mame')
      await page.locator('#game-title', { hasText: 'Arcade' }).waitFor()
      await page.locator('#panel-info', { hasText: 'mame system panel' }).waitFor()
      await page.locator('#surface-marquee .key', { hasText: /^mame$/ }).waitFor()
      assert.doesNotMatch(await pageText(page), /\w\|(\s|$)/)

      // Two games under the same system panel: the caption names the panel, so it cannot lag behind the selection.
      await f.hook('game-selected', 'mame', f.tree.rom('mame', 'pacman.zip'), 'Pac-Man')
      await page.locator('#game-title', { hasText: 'Pac-Man' }).waitFor()
      await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
      await page.locator('#game-title', { hasText: '1943: The Battle of Midway' }).waitFor()
      await page.locator('#game-key', { hasText: 'mame|1943' }).waitFor()
      // Same game, same key: the surfaces show the key the frontend events carry.
      for (const figure of ['marquee', 'topper', 'instruction-card']) await page.locator(`#surface-${figure} .key`, { hasText: 'mame|1943' }).waitFor()
      assert.doesNotMatch(await page.locator('#panel-info').innerText(), /pacman|Pac-Man/)
      await page.waitForFunction('document.getElementById("game-art").complete && document.getElementById("game-art").naturalWidth > 0')
      await page.waitForFunction('document.querySelector("#surface-topper img").complete && document.querySelector("#surface-topper img").naturalWidth > 0')

      await f.hook('game-start', f.tree.rom('mame', '1943.zip'), '1943', '1943: The Battle of Midway')
      await page.locator('#context-state', { hasText: 'playing' }).waitFor()
      const score = await f.post('/api/v1/events', { Type: 'score.live.changed', Payload: { Source: 'mame.output', ScoreKind: 'game', SourceKey: 'P1_SCORE', SystemId: 'mame', Rom: '1943', Player: 1, Score: 123450, Composed: false, Confidence: 'high', Parts: [], Ts: new Date().toISOString() } })
      assert.equal(score.status, 202, JSON.stringify(score.body))
      await page.locator('#score-p1 .score', { hasText: (123450).toLocaleString('en-US') }).waitFor()
      await page.locator('#score-game', { hasText: 'mame|1943' }).waitFor()

      mkdirSync(artifactsDir, { recursive: true })
      await page.screenshot({ path: `${artifactsDir}live-page-1920x1080.png` })

      // A marquee-sized window: the frontend link and the game on screen are visible without scrolling.
      await page.setViewportSize({ width: 1280, height: 390 })
      for (const selector of ['#frontend-link', '#game-title', '#context-state']) {
        const box = (await page.locator(selector).boundingBox())!
        assert.ok(box.y >= 0 && box.y + box.height <= 390, `${selector} at ${JSON.stringify(box)}`)
      }
      await page.screenshot({ path: `${artifactsDir}live-page-1280x390.png` })
      assert.deepEqual(errors, [])
    } finally {
      await browser.close()
    }
  })
})

describe('the live page with a frontend root that is not an install', { skip: browserPeer.skip }, () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true, options: { frontendRoot: '/nonexistent/RetroBat' } }) })
  after(async () => hub.close())

  it('shows a banner with the reason the service gives', async () => {
    const ready = await (await fetch(`${hub.baseUrl}/api/v1/startup/ready`)).json() as { steps: Array<{ name: string, state: string, error: string | null }> }
    const link = ready.steps.find((step) => step.name === 'frontend-link')!
    assert.equal(link.state, 'degraded')
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 390 } })
      await page.goto(`${hub.baseUrl}/`)
      await page.locator('#frontend-banner', { hasText: 'The frontend link is degraded' }).waitFor()
      assert.equal(await page.locator('#frontend-banner-reason').innerText(), link.error)
      await page.locator('#frontend-link.bad', { hasText: 'frontend link degraded' }).waitFor()
      mkdirSync(artifactsDir, { recursive: true })
      await page.screenshot({ path: `${artifactsDir}live-page-degraded-1280x390.png` })
    } finally {
      await browser.close()
    }
  })
})
