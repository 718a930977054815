import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { artifactsDir, browserPeer, launchBrowser } from '../../support/browser.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { tempDir } from '../../support/hub.js'
import { writeMedia } from '../../support/media-store.js'

/** A small real PNG, so the browser has an image to decode. */
function marqueePng (): Buffer {
  const png = new PNG({ width: 64, height: 16 })
  png.data.fill(200)
  return PNG.sync.write(png)
}

/** A page that records every console error and uncaught exception. */
async function openPage (browser: Browser, url: string, viewport = { width: 1280, height: 720 }): Promise<{ page: Page, errors: string[] }> {
  const page = await browser.newPage({ viewport })
  const errors: string[] = []
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()) })
  page.on('pageerror', (error) => { errors.push(error.message) })
  await page.goto(url)
  await page.locator('body[data-link="live"]').waitFor()
  return { page, errors }
}

describe('overlays in Chromium', { skip: browserPeer.skip }, () => {
  let f: FrontendHub
  let browser: Browser
  before(async () => {
    const mediaDir = tempDir('cabinet-hub-overlays-')
    writeMedia(mediaDir, 'systems/Arcade/games/1943/artwork/marquee/marquee.png', marqueePng())
    f = await startFrontendHub({ mediaDir })
    browser = await launchBrowser()
    mkdirSync(artifactsDir, { recursive: true })
  })
  after(async () => {
    await browser?.close()
    await f?.close()
  })

  it('toasts: a posted toast appears at its position and goes after its duration', async () => {
    const { page, errors } = await openPage(browser, `${f.hub.baseUrl}/overlays/toasts?w=1280&h=720`)
    const response = await fetch(`${f.hub.baseUrl}/api/v1/toast-notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'success', title: 'New hiscore', message: 'Me: 42 000 on 1943', durationMs: 1500, position: 'TopRight', animation: 'SlideFromRight' })
    })
    assert.equal(response.status, 202)
    const { id } = await response.json() as { id: string }
    const toast = page.locator(`.slot[data-position="TopRight"] .toast[data-id="${id}"]`)
    await toast.waitFor()
    assert.equal(await toast.locator('.title').textContent(), 'New hiscore')
    assert.equal(await toast.locator('.message').textContent(), 'Me: 42 000 on 1943')
    // The picture shows the toast in place, after its slide-in.
    await page.evaluate(`Promise.all(document.querySelector('.toast[data-id="${id}"]').getAnimations().map((a) => a.finished)).then(() => true)`)
    await page.screenshot({ path: `${artifactsDir}overlay-toasts.png` })
    await toast.waitFor({ state: 'detached' })
    // The page itself stays transparent for the browser source.
    assert.equal(await page.evaluate('getComputedStyle(document.body).backgroundColor'), 'rgba(0, 0, 0, 0)')
    assert.deepEqual(errors, [])
  })

  it('now-playing: shows the selected game with its art and follows the next selection', async () => {
    const { page, errors } = await openPage(browser, `${f.hub.baseUrl}/overlays/now-playing?w=800&h=200`, { width: 800, height: 200 })
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    await page.locator('#game', { hasText: '1943: The Battle of Midway' }).waitFor()
    assert.equal(await page.locator('#system').textContent(), 'mame')
    assert.equal(await page.locator('#art').getAttribute('src'), '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png')
    await page.waitForFunction('document.getElementById("art").complete && document.getElementById("art").naturalWidth === 64')
    assert.equal(await page.evaluate('document.body.style.width'), '800px')
    await page.screenshot({ path: `${artifactsDir}overlay-now-playing.png` })

    await f.hook('game-selected', 'mame', f.tree.rom('mame', 'sf.zip'), 'Street Fighter')
    await page.locator('#game', { hasText: 'Street Fighter' }).waitFor()
    // Street Fighter has no art: the 1943 marquee must not stay.
    assert.equal(await page.locator('#art').getAttribute('src'), null)
    assert.deepEqual(errors, [])
  })

  it('the index lists every overlay with its URL and a live preview', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } })
    const errors: string[] = []
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()) })
    page.on('pageerror', (error) => { errors.push(error.message) })
    await page.goto(`${f.hub.baseUrl}/overlays/`)
    const names = await page.locator('section[data-overlay]').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-overlay')))
    assert.deepEqual(names, ['now-playing', 'toasts'])
    assert.equal(await page.locator('section[data-overlay="toasts"] code.url').textContent(), `${f.hub.baseUrl}/overlays/toasts?w=1280&h=720`)
    for (const name of names) {
      const frame = page.frameLocator(`section[data-overlay="${name}"] iframe`)
      await frame.locator('body[data-link="live"]').waitFor()
    }
    await page.screenshot({ path: `${artifactsDir}overlay-index.png`, fullPage: true })
    assert.deepEqual(errors, [])
  })

  it('answers 404 naming the index for an unknown overlay', async () => {
    const response = await fetch(`${f.hub.baseUrl}/overlays/nope`)
    assert.equal(response.status, 404)
    assert.match((await response.json() as { message: string }).message, /\/overlays\//)
  })
})
