/** The live page shows the partner leaderboard of the game on screen, a seal badge per entry (real Chromium). */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../../support/hub.js'
import { offlineAnchoredRecords, offlineAnchoredRecordsCli } from '../../support/records.js'
import { browserPeer, launchBrowser } from '../../support/browser.js'


const score = (id: number, player: string, value: number) => ({ id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, kind: 'score', system: 'snes', rom: 'smw', game: 'Super Mario World', value, better: 'higher', player, at: '2026-11-20T20:00:00Z' })

describe('partner leaderboard on the live page', { skip: browserPeer.skip }, () => {
  let publisher: TestHub
  let cabinet: TestHub
  before(async () => {
    publisher = await startHub({ listen: true, modules: [offlineAnchoredRecords] })
    for (const record of [score(1, 'SEALED', 9000)]) {
      await fetch(`${publisher.baseUrl}/api/v1/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(record) })
    }
    await offlineAnchoredRecordsCli(['anchor', '--data-dir', publisher.dataDir])
    await offlineAnchoredRecordsCli(['upgrade', '--data-dir', publisher.dataDir])
    await fetch(`${publisher.baseUrl}/api/v1/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(score(2, 'FRESH', 12000)) })
    cabinet = await startHub({ listen: true, options: { partnerUrls: publisher.baseUrl } })
  })
  after(async () => { await cabinet.close(); await publisher.close() })

  it('lists the entries of the selected game with their seal', async () => {
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${cabinet.baseUrl}/`)
      await page.locator('section#records-leaderboard h2', { hasText: 'Partner leaderboard' }).waitFor()
      await page.locator('#socket.ok').waitFor()
      const hook = await fetch(`${cabinet.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-selected', args: ['snes', '/cab/roms/snes/smw.sfc', 'Super Mario World'] }) })
      assert.equal(hook.status, 202)
      await page.locator('#records-leaderboard-info', { hasText: 'Super Mario World (snes)' }).waitFor()
      const rows = page.locator('#records-leaderboard-rows tr')
      assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent))), [
        ['1', 'FRESH', '12000', '2026-11-20T20:00:00Z', 'not sealed'],
        ['2', 'SEALED', '9000', '2026-11-20T20:00:00Z', 'sealed']
      ])
      assert.match(await page.locator('#records-leaderboard-sources').textContent() ?? '', /verified/)
      assert.deepEqual(errors, [])
    } finally {
      await browser.close()
    }
  })
})
