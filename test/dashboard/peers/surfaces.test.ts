import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { demoMediaDir, writeDemoTree } from '../../../src/sim/index.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { tempDir } from '../../support/hub.js'
import { browserPeer, launchBrowser } from '../../support/browser.js'

const artifacts = new URL('../../../test-artifacts/', import.meta.url).pathname

describe('surfaces view on the live page', () => {
  let f: FrontendHub
  before(async () => {
    // The demo's media store, so the view shows the art the demo ships.
    const demo = await writeDemoTree(tempDir('cabinet-hub-demo-surfaces-'))
    f = await startFrontendHub({ mediaDir: demoMediaDir(demo.root) }, () => {}, { listen: true })
  })
  after(async () => f.close())

  it('renders the current marquee, topper and instruction card from the streams in a real browser', { skip: browserPeer.skip }, async () => {
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      await page.goto(`${f.hub.baseUrl}/`)
      await page.locator('#socket.ok').waitFor()
      // The demo store holds art for the demo's mame games: the test tree's 1943 is one of them.
      await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
      await page.locator('#surface-marquee .key', { hasText: 'mame|1943' }).waitFor()
      await page.locator('#surface-topper .name', { hasText: '1943: The Battle of Midway' }).waitFor()
      await page.locator('#surface-instruction-card .key', { hasText: 'mame|1943' }).waitFor()
      for (const [figure, url] of [
        ['marquee', '/api/v1/media/systems/arcade/artwork/marquee/marquee.png'],
        ['topper', '/api/v1/media/systems/arcade/games/1943/artwork/marquee/topper.png'],
        ['instruction-card', '/api/v1/media/systems/arcade/games/1943/artwork/ic/ic.png']
      ] as const) {
        const img = page.locator(`#surface-${figure} img`)
        assert.equal(await img.getAttribute('src'), url, figure)
        // The image really loaded (a broken URL leaves naturalWidth at 0).
        await page.waitForFunction(`(() => { const el = document.querySelector('#surface-${figure} img'); return el !== null && el.complete && el.naturalWidth > 0 })()`)
      }
      mkdirSync(artifacts, { recursive: true })
      await page.screenshot({ path: `${artifacts}surfaces.png`, fullPage: true })
    } finally {
      await browser.close()
    }
  })
})
