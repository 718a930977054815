/**
 * The demo's achievements session on the live page, in a real Chromium: a game the frontend starts
 * gets a catalog, rich presence and one unlock from the local host, and the Achievements view
 * draws the badges (the unlocked one lit) from /ws/achievements.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sendHook, startHub, type TestHub } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'
import { browserPeer, launchBrowser } from '../../support/browser.js'


describe('the demo achievements session and the Achievements view', { skip: browserPeer.skip }, () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ listen: true, options: { achievementsMode: 'local', achievementsDemo: true } }) })
  after(async () => hub.close())

  it('plays a session for a started game and shows it on the live page with badges', async () => {
    const browser = await launchBrowser()
    const stream = await RecordingClient.connect(`${hub.wsBase}/ws/achievements`)
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${hub.baseUrl}/`)
      await page.locator('section#achievements h2', { hasText: 'Achievements' }).waitFor()
      await page.locator('#socket.ok').waitFor()

      await sendHook(hub, 'game-start', '/roms/nes/Metroid (USA).nes', 'Metroid (USA)', 'Metroid')
      await stream.until((c) => c.types().includes('achievements.achievement.unlock.confirmed'), 15_000)
      const unlock = stream.frames.find((f) => f.Type === 'achievements.achievement.unlock.confirmed')!.Payload
      assert.equal(unlock.Title, 'Press Start')
      assert.equal(stream.frames.find((f) => f.Type === 'achievements.catalog.updated')!.Payload.GameTitle, 'Metroid')
      assert.deepEqual(stream.frames.find((f) => f.Type === 'achievements.richpresence.changed')!.Payload, { Text: 'Starting Metroid' })

      await page.locator('#cheevos-unlock.ok', { hasText: 'Unlocked: Press Start (5 points)' }).waitFor()
      await page.locator('#cheevos-game', { hasText: 'Metroid · demo' }).waitFor()
      assert.equal(await page.locator('#cheevos-badges img').count(), 3)
      const lit = page.locator(`#cheevos-badges img.unlocked[data-achievement="${String(unlock.AchievementId)}"]`)
      await lit.waitFor()
      // The badge really loaded: the demo draws them 64 pixels wide.
      await page.waitForFunction(`(() => { const img = document.querySelector('#cheevos-badges img[data-achievement="${String(unlock.AchievementId)}"]'); return img !== null && img.complete && img.naturalWidth === 64 })()`)
      assert.equal(await page.locator('#cheevos-badges img.locked').count(), 2)
      assert.deepEqual(errors, [])
    } finally {
      stream.close()
      await browser.close()
    }
  })
})
