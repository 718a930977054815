/** The venue page in a real browser: a tile per cabinet, fed by Mosquitto, with the marquee from the cabinet itself. */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { PNG } from 'pngjs'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { startHub, type TestHub } from '../../support/hub.js'
import { Broker, mosquittoSkip } from '../../support/mosquitto.js'
import { startVenue } from '../../support/venue.js'
import { browserPeer, launchBrowser } from '../../support/browser.js'

const artifacts = new URL('../../../test-artifacts/', import.meta.url).pathname

function writeMarquee (file: string): void {
  const png = new PNG({ width: 64, height: 16 })
  png.data.fill(0xc0)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, PNG.sync.write(png))
}

describe('venue page at /', { skip: mosquittoSkip || browserPeer.skip }, () => {
  let broker: Broker
  let venue: TestHub
  let cabinet: FrontendHub
  let other: TestHub | null

  before(async () => {
    broker = await Broker.start()
    venue = await startVenue(broker.url, {}, { listen: true })
    cabinet = await startFrontendHub({ mqttUrl: broker.url, nodeId: 'cab-p' }, (tree) => writeMarquee(path.join(tree.roms, 'mame', 'media', 'marquees', '1943.png')), { listen: true })
    other = await startHub({ listen: true, options: { mqttUrl: broker.url, nodeId: 'cab-q' } })
  })
  after(async () => {
    await cabinet?.close()
    await other?.close()
    await venue?.close()
    await broker?.stop()
  })

  it('shows a tile per cabinet with its game, marquee art from the cabinet and availability, live', async () => {
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${venue.baseUrl}/`)
      await page.locator('#socket.ok').waitFor()
      const tileP = page.locator('.tile[data-node="cab-p"]')
      const tileQ = page.locator('.tile[data-node="cab-q"]')
      await tileP.locator('.online', { hasText: 'online' }).waitFor()
      await tileQ.locator('.online', { hasText: 'online' }).waitFor()

      await cabinet.hook('game-selected', 'mame', cabinet.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
      await tileP.locator('.game', { hasText: '1943: The Battle of Midway' }).waitFor()
      await tileP.locator('.system', { hasText: 'mame' }).waitFor()
      const art = tileP.locator('img.marquee')
      await art.waitFor({ state: 'visible' })
      assert.ok((await art.getAttribute('src'))!.startsWith(`${cabinet.hub.baseUrl}/api/v1/media/`), 'the art comes from the cabinet')
      assert.equal(await art.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), 64)

      await other!.close()
      other = null
      await tileQ.locator('.online.bad', { hasText: 'offline' }).waitFor()
      mkdirSync(artifacts, { recursive: true })
      await page.screenshot({ path: `${artifacts}venue.png`, fullPage: true })
      assert.deepEqual(errors, [])
    } finally {
      await browser.close()
    }
  })
})
