import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { defineModule } from '../../../src/core/module.js'
import { liveViewsService } from '../../../src/dashboard/index.js'
import { startHub, type TestHub } from '../../support/hub.js'
import { startPanelHub } from '../../support/panels.js'
import { artifactsDir as artifacts, browserPeer, launchBrowser } from '../../support/browser.js'

describe('live page at /', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true }) })
  after(async () => hub.close())

  it('is served as HTML without a build step and links the documents', async () => {
    const response = await fetch(`${hub.baseUrl}/`)
    assert.equal(response.status, 200)
    assert.match(response.headers.get('content-type') ?? '', /text\/html/)
    const html = await response.text()
    for (const link of ['/swagger', '/asyncapi.json', '/api/v1/ws/streams']) assert.ok(html.includes(`href="${link}"`), link)
  })

  it('has an icon, also where a browser looks for one unasked', async () => {
    const html = await (await fetch(`${hub.baseUrl}/`)).text()
    const href = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1]
    assert.equal(href, '/favicon.svg')
    const icon = await fetch(`${hub.baseUrl}/favicon.ico`)
    assert.equal(icon.status, 200)
    assert.equal(new URL(icon.url).pathname, href)
    assert.match(icon.headers.get('content-type') ?? '', /^image\/svg\+xml/)
    assert.match(await icon.text(), /^<svg /)
  })

  it('shows events live in a real browser, per stream', { skip: browserPeer.skip }, async () => {
    const browser = await launchBrowser()
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
      // The raw streams and event log are one click away.
      assert.equal(await page.locator('#log').isVisible(), false)
      await page.getByText('Event log and streams').click()
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

  it('draws the control panel of the started game and lights the pressed button at its advertised place', { skip: browserPeer.skip }, async () => {
    const f = await startPanelHub({}, {}, { listen: true })
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      await page.goto(`${f.hub.baseUrl}/`)
      await page.locator('#socket.ok').waitFor()
      const rom = f.tree.rom('mame', 'sf2.zip')
      await f.hook('game-selected', 'mame', rom, 'Street Fighter II')
      await f.hook('game-start', rom, 'sf2', 'Street Fighter II')
      await page.locator('#panel-info', { hasText: 'game panel for mame|sf2 · layout 6-Button' }).waitFor()
      await page.waitForFunction('document.getElementById("panel-art").complete && document.getElementById("panel-art").naturalWidth > 0')
      assert.equal(await page.locator('.light').count(), 12)

      const press = await f.post('/api/v1/panels/input', { player: 1, slot: 3, pressed: true })
      assert.equal(press.status, 202)
      const lit = page.locator('.light.lit')
      await lit.waitFor()
      assert.deepEqual([await lit.getAttribute('data-player'), await lit.getAttribute('data-slot')], ['1', '3'])
      await page.locator('#panel-input', { hasText: 'Heavy Punch pressed' }).waitFor()
      // The ring sits on the drawn circle: both come from the same advertised Cx, Cy, R.
      const ring = (await lit.boundingBox())!
      const art = (await page.locator('#panel-art').boundingBox())!
      const svg = await (await fetch(new URL((await page.locator('#panel-art').getAttribute('src'))!, f.hub.baseUrl))).text()
      const drawn = /<circle[^>]*data-player="1" data-slot="3" cx="([\d.]+)" cy="([\d.]+)"/.exec(svg)!
      const circle = { x: art.x + Number(drawn[1]), y: art.y + Number(drawn[2]) }
      assert.ok(Math.abs(ring.x + ring.width / 2 - circle.x) < 1.5 && Math.abs(ring.y + ring.height / 2 - circle.y) < 1.5, JSON.stringify({ ring, circle }))
      mkdirSync(artifacts, { recursive: true })
      await page.locator('#panel-view').screenshot({ path: `${artifacts}dashboard-panel.png` })

      await f.post('/api/v1/panels/input', { player: 1, slot: 3, pressed: false })
      await page.locator('#panel-input', { hasText: 'released' }).waitFor()
      assert.equal(await page.locator('.light.lit').count(), 0)
    } finally {
      await browser.close()
      await f.close()
    }
  })
})

describe('views other modules add to the live page', () => {
  // A module as a feature adds one: a section, and the name of its script under src/browser; this
  // one shares the Hiscores view's.
  const viewModule = defineModule({
    name: 'test-view',
    gate: null,
    needs: [liveViewsService],
    register: async (_app, context) => {
      context.deps.liveViews.add({
        id: 'test-view',
        title: 'Hiscores, again',
        html: '    <p id="test-view-note" class="dim">the table is in the Hiscores view</p>',
        scriptName: 'hiscores-view'
      })
    }
  })
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true, modules: [viewModule] }) })
  after(async () => hub.close())

  it('renders the section and loads each script the views name once, after the page\'s own, with no inline code', async () => {
    const html = await (await fetch(`${hub.baseUrl}/`)).text()
    assert.match(html, /<section id="test-view">\s*<h2>Hiscores, again<\/h2>/)
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((match) => match[1]!)
    assert.match(scripts[0] ?? '', /^\/scripts\/dashboard-/)
    assert.equal(scripts.filter((script) => script.startsWith('/scripts/hiscores-view-')).length, 1)
    assert.equal(new Set(scripts).size, scripts.length)
    assert.equal([...html.matchAll(/<script/g)].length, scripts.length, 'every script is a file')
    for (const script of scripts) {
      const response = await fetch(`${hub.baseUrl}${script}`)
      assert.equal(response.status, 200, script)
      assert.match(response.headers.get('content-type') ?? '', /^text\/javascript/)
    }
  })

  it('runs the views\' scripts against the live streams', { skip: browserPeer.skip }, async () => {
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${hub.baseUrl}/`)
      await page.locator('section#test-view h2', { hasText: 'Hiscores, again' }).waitFor()
      await page.locator('#socket.ok').waitFor()
      const hook = await fetch(`${hub.baseUrl}/api/v1/ingest/es-event`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'game-selected', args: ['snes', '/cab/roms/snes/smw.sfc', 'Super Mario World'] })
      })
      assert.equal(hook.status, 202)
      await page.locator('#hiscores-game', { hasText: '(snes)' }).waitFor()
      assert.deepEqual(errors, [])
    } finally {
      await browser.close()
    }
  })
})
