/** The Hiscores view of the live page in a real Chromium: the table on screen, the player's entries highlighted. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { writeDemoHiscores } from '../../../src/hiscores/index.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { tempDir } from '../../support/hub.js'
import { browserPeer, launchBrowser } from '../../support/browser.js'


describe('the live page\'s Hiscores view', { skip: browserPeer.skip }, () => {
  let f: FrontendHub
  const dataDir = tempDir('hiscore-view-')
  before(async () => {
    f = await startFrontendHub({ dataDir, player: 'Plato' }, (tree) => writeDemoHiscores(tree.root, dataDir, ['1943']), { listen: true })
  })
  after(async () => f.close())

  it('shows the selected game\'s table with the player\'s own entry marked', async () => {
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${f.hub.baseUrl}/`)
      await page.locator('section#hiscores h2', { hasText: 'Hiscores' }).waitFor()
      await page.locator('#hiscores-me', { hasText: 'Plato' }).waitFor()
      await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
      await page.locator('#hiscores-game.ok', { hasText: '1943: The Battle of Midway (mame)' }).waitFor()
      const rows = await page.locator('#hiscores-rows tr').allTextContents()
      assert.equal(rows.length, 5)
      assert.deepEqual(await page.locator('#hiscores-rows tr.me').allTextContents(), ['2PLA25000'])
      assert.deepEqual(errors, [])
    } finally {
      await browser.close()
    }
  })
})
