import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { writeDemoHiscores } from '../../../src/hiscores/index.js'
import { dynpanelsRoot, writeDemoPanels } from '../../../src/panels/index.js'
import { artifactsDir, browserPeer, launchBrowser } from '../../support/browser.js'
import { FakeMultiemu } from '../../support/fake-multiemu.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { putDefinition } from '../../support/game-events.js'
import { bcdHiscoreSave } from '../../support/hiscore-saves.js'
import { tempDir } from '../../support/hub.js'
import { writeMedia } from '../../support/media-store.js'
import { eventually } from '../../support/sim.js'
import { RecordingClient } from '../../support/ws-client.js'

const artLeft = [255, 140, 26, 255]
const artRight = [40, 90, 255, 255]

/** A small real PNG, so the browser has an image to decode: orange on the left half, blue on the right. */
function marqueePng (): Buffer {
  const png = new PNG({ width: 64, height: 16 })
  for (let i = 0; i < 64 * 16; i++) png.data.set(i % 64 < 32 ? artLeft : artRight, i * 4)
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

/** The rows of the hiscores overlay, their cells joined with spaces. */
const tableRows = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent).join(' ')))

/** The pixel at (x, y) of the marquee's DMD canvas, RGBA. */
const dmdPixel = (page: Page, x: number, y: number): Promise<number[]> =>
  page.evaluate(`[...document.querySelector('#stage canvas.shown').getContext('2d').getImageData(${x}, ${y}, 1, 1).data]`)

describe('overlays in Chromium', { skip: browserPeer.skip }, () => {
  let f: FrontendHub
  let browser: Browser
  // RetroArch's network commands, for the live score (held to the real RetroArch by fake-peers-parity).
  let emulator: FakeMultiemu
  const dataDir = tempDir('cabinet-hub-overlays-data-')
  const post = async (route: string, body: unknown): Promise<number> =>
    (await fetch(`${f.hub.baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status
  const hiscoreSave = (rom: string): string => path.join(f.tree.root, 'saves', 'mame', 'hiscore', `${rom}.hi`)

  before(async () => {
    const mediaDir = tempDir('cabinet-hub-overlays-')
    writeMedia(mediaDir, 'systems/Arcade/games/1943/artwork/marquee/marquee.png', marqueePng())
    writeDemoPanels(dynpanelsRoot(dataDir))
    emulator = await FakeMultiemu.start()
    f = await startFrontendHub({ mediaDir, dataDir, player: 'Plato', achievementsDemo: true, multiemuEnabled: true, multiemuPort: String(emulator.port) }, (tree) => writeDemoHiscores(tree.root, dataDir, ['1943', 'Super Mario Bros. (World)']), { listen: true })
    browser = await launchBrowser()
    mkdirSync(artifactsDir, { recursive: true })
  })
  after(async () => {
    await browser?.close()
    await f?.close()
    emulator?.close()
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

  it('marquee: fills the page with the selection\'s marquee and cross-fades to the next selection', async () => {
    const { page, errors } = await openPage(browser, `${f.hub.baseUrl}/overlays/marquee?w=1280&h=320`, { width: 1280, height: 320 })
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    const art = page.locator('#stage img.layer.shown[data-selection="mame|1943"]')
    await art.waitFor()
    assert.equal(await art.getAttribute('src'), '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png')
    assert.equal(await page.evaluate('document.querySelector("#stage img.layer").naturalWidth'), 64)
    // The whole page: a marquee screen shows nothing else.
    assert.deepEqual(await art.boundingBox(), { x: 0, y: 0, width: 1280, height: 320 })
    await page.waitForFunction('getComputedStyle(document.querySelector("#stage .layer.shown")).opacity === "1"')
    await page.screenshot({ path: `${artifactsDir}overlay-marquee.png` })

    await f.hook('game-selected', 'mame', f.tree.rom('mame', 'sf.zip'), 'Street Fighter')
    // Street Fighter has no art: its name stands in, and the 1943 marquee fades out and goes.
    await page.locator('#stage div.layer.shown[data-selection="mame|sf"]', { hasText: 'Street Fighter' }).waitFor()
    await page.locator('#stage img.layer').waitFor({ state: 'detached' })
    assert.equal(await page.locator('#stage .layer').count(), 1)
    assert.equal(await page.evaluate('getComputedStyle(document.querySelector("#stage .layer")).transitionDuration'), '0.6s')
    assert.equal(await page.evaluate('getComputedStyle(document.body).backgroundColor'), 'rgba(0, 0, 0, 0)')
    assert.deepEqual(errors, [])
  })

  it('marquee ?dmd=1: draws the art on a 128x32 grid scaled up by a whole factor, pixelated', async () => {
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    const { page, errors } = await openPage(browser, `${f.hub.baseUrl}/overlays/marquee?dmd=1&w=700&h=300`, { width: 700, height: 300 })
    // The retained snapshot alone draws it: the page joined after the selection.
    const canvas = page.locator('#stage canvas.shown[data-selection="mame|1943"]')
    await canvas.waitFor()
    assert.deepEqual(await page.evaluate('(() => { const c = document.querySelector("#stage canvas.shown"); return [c.width, c.height, getComputedStyle(c).imageRendering] })()'), [128, 32, 'pixelated'])
    // 700x300 fits 5 times 128x32 (640x160), centred.
    assert.deepEqual(await canvas.boundingBox(), { x: 30, y: 70, width: 640, height: 160 })
    // The 64x16 marquee fills the 4:1 grid edge to edge.
    assert.deepEqual(await dmdPixel(page, 0, 0), artLeft)
    assert.deepEqual(await dmdPixel(page, 127, 31), artRight)
    await page.screenshot({ path: `${artifactsDir}overlay-marquee-dmd.png` })

    await f.hook('game-selected', 'mame', f.tree.rom('mame', 'sf.zip'), 'Street Fighter')
    await page.locator('#stage canvas.shown[data-selection="mame|sf"][data-art=""]').waitFor()
    // The name in the middle, no art left in the corner.
    assert.equal((await dmdPixel(page, 0, 0))[3], 0)
    assert.deepEqual(errors, [])
  })

  it('hiscores: the table of the game on screen with the player\'s rows marked, following saves and selections', async () => {
    const { page, errors } = await openPage(browser, `${f.hub.baseUrl}/overlays/hiscores?w=420&h=480`, { width: 420, height: 480 })
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    await page.locator('body[data-game="mame|1943"] #game', { hasText: '1943: The Battle of Midway' }).waitFor()
    assert.deepEqual(await tableRows(page, '#rows li'), ['1 CAP 30,000', '2 PLA 25,000', '3 KEV 20,000', '4 P38 15,000', '5 MID 10,000'])
    // The player, Plato (--player), enters PLA: the first letters of the name chosen.
    assert.deepEqual(await tableRows(page, '#rows li.me'), ['2 PLA 25,000'])
    await page.screenshot({ path: `${artifactsDir}overlay-hiscores.png` })

    // MAME writes a new table: the player is first now.
    writeFileSync(hiscoreSave('1943'), bcdHiscoreSave([[4000, 'PLA'], [3000, 'CAP'], [2000, 'KEV'], [1500, 'P38'], [1000, 'MID']]))
    await page.locator('#rows li.me', { hasText: '40,000' }).waitFor()
    assert.deepEqual(await tableRows(page, '#rows li.me'), ['1 PLA 40,000'])

    // Another game's save changes while 1943 is on screen: its table is published (never retained), but not shown.
    const hiscoreStream = await RecordingClient.connect(`${f.hub.wsBase}/ws/hiscore`)
    try {
      writeFileSync(hiscoreSave('Super Mario Bros. (World)'), bcdHiscoreSave([[9990, 'PLA'], [7500, 'LUI'], [6200, 'MIY'], [3100, 'TOA'], [1200, 'PEA']]))
      await hiscoreStream.until((c) => c.frames.some((frame) => frame.Type === 'hiscore.updated' && frame.Payload.Rom === 'Super Mario Bros. (World)'), 10_000)
    } finally {
      hiscoreStream.close()
    }
    assert.equal(await page.locator('body').getAttribute('data-game'), 'mame|1943')
    // A page that joins now is replayed the table of the game on screen, never the other game's.
    const late = await openPage(browser, `${f.hub.baseUrl}/overlays/hiscores?w=420&h=480`, { width: 420, height: 480 })
    await late.page.locator('body[data-game="mame|1943"] #rows li.me', { hasText: '40,000' }).waitFor()

    await f.hook('game-selected', 'mame', f.tree.rom('mame', 'sf.zip'), 'Street Fighter')
    await page.locator('body[data-game="mame|sf"] #game', { hasText: 'Street Fighter' }).waitFor()
    assert.equal(await page.locator('#empty').isVisible(), true)
    assert.equal(await page.locator('#rows li').count(), 0)
    assert.deepEqual([...errors, ...late.errors], [])
  })

  it('panel: the control panel of the selection with pressed buttons lit where the drawing has them', async () => {
    const { page, errors } = await openPage(browser, `${f.hub.baseUrl}/overlays/panel?w=960&h=400`, { width: 960, height: 400 })
    await f.hook('game-selected', 'mame', f.tree.rom('mame', 'sf2.zip'), 'Street Fighter II')
    await page.locator('body[data-selection="mame|sf2"] #caption', { hasText: 'Street Fighter' }).waitFor()
    await page.waitForFunction('document.getElementById("art").complete && document.getElementById("art").naturalWidth > 0')
    assert.equal(await page.locator('#lights circle').count(), 12)
    const sf2Panel = await page.locator('body').getAttribute('data-panel')

    assert.equal(await post('/api/v1/panels/input', { player: 1, slot: 3, pressed: true }), 202)
    assert.equal(await post('/api/v1/panels/input', { player: 1, system: 'START', pressed: true }), 202)
    const lit = page.locator('#lights circle.lit')
    await lit.waitFor()
    assert.deepEqual([await lit.getAttribute('data-player'), await lit.getAttribute('data-slot')], ['1', '3'])
    await page.locator('.chip.lit[data-player="1"][data-input="START"]').waitFor()
    // The light sits on the drawn button: the drawing, contained in its box, puts it there.
    const drawing = await (await fetch(new URL((await page.locator('#art').getAttribute('src'))!, f.hub.baseUrl))).text()
    const [, width, height] = /<svg[^>]* width="([\d.]+)" height="([\d.]+)"/.exec(drawing)!.map(Number)
    const [, cx, cy] = /<circle[^>]*data-player="1" data-slot="3" cx="([\d.]+)" cy="([\d.]+)"/.exec(drawing)!.map(Number)
    const box = (await page.locator('#art').boundingBox())!
    const scale = Math.min(box.width / width!, box.height / height!)
    const drawn = { x: box.x + (box.width - width! * scale) / 2 + cx! * scale, y: box.y + (box.height - height! * scale) / 2 + cy! * scale }
    const ring = (await lit.boundingBox())!
    assert.ok(Math.abs(ring.x + ring.width / 2 - drawn.x) < 1.5 && Math.abs(ring.y + ring.height / 2 - drawn.y) < 1.5, JSON.stringify({ ring, drawn }))
    await page.waitForFunction('getComputedStyle(document.querySelector("#lights circle.lit")).opacity === "1"')
    await page.screenshot({ path: `${artifactsDir}overlay-panel.png` })

    await post('/api/v1/panels/input', { player: 1, slot: 3, pressed: false })
    await post('/api/v1/panels/input', { player: 1, system: 'START', pressed: false })
    await lit.waitFor({ state: 'detached' })
    await page.locator('.chip.lit').waitFor({ state: 'detached' })

    // 1943 has no panel of its own: the arcade panel of the system.
    await f.hook('game-selected', 'mame', f.tree.rom('mame', '1943.zip'), '1943: The Battle of Midway')
    await page.waitForFunction(`document.body.dataset.panel !== ${JSON.stringify(sf2Panel)}`)
    assert.notEqual(await page.locator('#caption').textContent(), 'Street Fighter')
    assert.equal(await page.locator('#lights circle').count(), 12)
    assert.deepEqual(errors, [])
  })

  it('score: the live score and timer of the game being played, cleared when it ends', async () => {
    const rom = f.tree.rom('snes', 'Super Mario World (USA).sfc')
    const definition = {
      watches: [
        { key: 'P1_SCORE', address: '0x0010', size: 2, encoding: 'uint-le', role: 'score', description: 'Player 1 score' },
        { key: 'TIME', address: '0x0040', size: 1, encoding: 'bcd-le', role: 'timer', max: 99, description: 'Round timer' }
      ]
    }
    assert.equal((await putDefinition(f.hub, 'snes', 'Super Mario World (USA)', definition)).status, 200)
    const { page, errors } = await openPage(browser, `${f.hub.baseUrl}/overlays/score?w=640&h=160`, { width: 640, height: 160 })
    emulator.memory.writeUInt16LE(20_000, 0x10)
    emulator.memory[0x40] = 0x87
    f.es.running = { path: rom, name: 'Super Mario World' }
    await f.hook('game-selected', 'snes', rom, 'Super Mario World')
    await f.hook('game-start', rom, 'Super Mario World (USA)', 'Super Mario World')
    emulator.status = 'PLAYING snes9x,Super Mario World (USA),crc32=b19ed489'
    try {
      await page.locator('.player[data-player="1"] .value', { hasText: '20,000' }).waitFor()
      await page.locator('#time', { hasText: '1:27' }).waitFor()
      assert.equal(await page.evaluate('document.getElementById("fill").style.width'), '87.9%')
      await page.screenshot({ path: `${artifactsDir}overlay-score.png` })

      emulator.memory.writeUInt16LE(31_500, 0x10)
      emulator.memory[0x40] = 0x09
      await page.locator('.player[data-player="1"] .value', { hasText: '31,500' }).waitFor()
      await page.locator('#timer.low #time', { hasText: '9' }).waitFor()
      // A page that joins mid-game gets the retained score.
      const late = await openPage(browser, `${f.hub.baseUrl}/overlays/score?w=640&h=160`, { width: 640, height: 160 })
      await late.page.locator('.player[data-player="1"] .value', { hasText: '31,500' }).waitFor()
      assert.deepEqual(late.errors, [])
    } finally {
      emulator.status = 'CONTENTLESS'
      f.es.running = null
      await f.hook('game-end')
    }
    await page.locator('#board').waitFor({ state: 'hidden' })
    // Once nothing runs (RetroArch closed the content too), a new page drops the retained score of the ended game.
    await eventually(async () => (await f.get('/api/v1/ingame/status')).body.game, (game) => game === null, 'the content stopped')
    const after = await browser.newPage({ viewport: { width: 640, height: 160 } })
    const status = after.waitForResponse((response) => response.url().endsWith('/api/v1/ingame/status'))
    await after.goto(`${f.hub.baseUrl}/overlays/score?w=640&h=160`)
    assert.equal((await (await status).json() as { game: unknown }).game, null)
    await after.locator('#board').waitFor({ state: 'hidden' })
    assert.equal(await after.locator('.player').count(), 0)
    assert.deepEqual(errors, [])
  })

  it('achievements: an unlock pops up with its badge and points, and the progress of the game follows', async () => {
    const rom = f.tree.rom('mame', 'pacman.zip')
    const { page, errors } = await openPage(browser, `${f.hub.baseUrl}/overlays/achievements?w=800&h=260&ms=2000`, { width: 800, height: 260 })
    f.es.running = { path: rom, name: 'Pac-Man' }
    await f.hook('game-selected', 'mame', rom, 'Pac-Man')
    await f.hook('game-start', rom, 'pacman', 'Pac-Man')
    try {
      // The demo host plays a session: a catalog of three, then one unlock a few seconds in.
      await page.locator('#progress[data-unlocked="0"][data-total="3"] #game', { hasText: 'Pac-Man' }).waitFor()
      assert.equal(await page.locator('#count').textContent(), '0 / 3 achievements · 0 / 40 points')
      const popup = page.locator('#popup')
      await popup.waitFor({ timeout: 15_000 })
      assert.equal(await popup.locator('.title').textContent(), 'Press Start')
      assert.equal(await popup.locator('.points').textContent(), '5 points')
      await page.waitForFunction('(() => { const img = document.querySelector("#popup img"); return img !== null && img.complete && img.naturalWidth === 64 })()')
      await page.locator('#progress[data-unlocked="1"]').waitFor()
      assert.equal(await page.locator('#count').textContent(), '1 / 3 achievements · 5 / 40 points')
      await page.evaluate('Promise.all(document.getElementById("popup").getAnimations().map((a) => a.finished)).then(() => true)')
      await page.screenshot({ path: `${artifactsDir}overlay-achievements.png` })
      // Shown for ?ms=, then gone.
      await popup.waitFor({ state: 'detached' })
    } finally {
      f.es.running = null
      await f.hook('game-end')
    }
    await page.locator('#progress').waitFor({ state: 'hidden' })
    assert.deepEqual(errors, [])
  })

  it('the index lists every overlay with its URL and a live preview', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } })
    const errors: string[] = []
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()) })
    page.on('pageerror', (error) => { errors.push(error.message) })
    await page.goto(`${f.hub.baseUrl}/overlays/`)
    const names = await page.locator('section[data-overlay]').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-overlay')))
    assert.deepEqual(names, ['now-playing', 'score', 'hiscores', 'achievements', 'toasts', 'marquee', 'panel'])
    assert.equal(await page.locator('section[data-overlay="toasts"] code.url').textContent(), `${f.hub.baseUrl}/overlays/toasts?w=1280&h=720`)
    for (const name of names) {
      const frame = page.frameLocator(`section[data-overlay="${name}"] iframe`)
      await frame.locator('body[data-link="live"]').waitFor()
    }
    await page.screenshot({ path: `${artifactsDir}overlay-index.png`, fullPage: true })
    assert.deepEqual(errors, [])
  })

  it('opened with the read-only link, the index shows each whole browser source URL with its token', async () => {
    const { query } = await (await fetch(`${f.hub.baseUrl}/api/v1/read-link`)).json() as { query: string }
    const page = await browser.newPage()
    await page.goto(`${f.hub.baseUrl}/overlays/?${query}`)
    assert.equal(await page.locator('section[data-overlay="toasts"] code.url').textContent(), `${f.hub.baseUrl}/overlays/toasts?w=1280&h=720&${query}`)
    await page.close()
  })

  it('answers 404 naming the index for an unknown overlay', async () => {
    const response = await fetch(`${f.hub.baseUrl}/overlays/nope`)
    assert.equal(response.status, 404)
    assert.match((await response.json() as { message: string }).message, /\/overlays\//)
  })
})
