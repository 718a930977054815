/**
 * The read-only link from another machine of the LAN: Chromium runs in a network namespace of its
 * own, joined to this one by a veth pair the test makes, so its requests come from another
 * address as an OBS browser source's would. With the link an overlay renders and follows the
 * frontend; without it the page is refused, and the link never changes state. A venue on the
 * cabinet's broker gives its tile the cabinet's marquee with the link, so another machine loads it.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { chromium, type Browser } from 'playwright-core'
import { browserPeer } from '../../support/browser.js'
import { freePort, startCli, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir, type TestHub } from '../../support/hub.js'
import { Broker, mosquittoSkip } from '../../support/mosquitto.js'
import { eventually } from '../../support/sim.js'
import { startVenue, venueCabinet } from '../../support/venue.js'

const namespace = `chub-lan-${process.pid}`
const veth = `chl${process.pid % 100_000}`
const subnet = `10.231.${process.pid % 250}`
const cabinet = `${subnet}.1`

const ip = (...args: string[]): ReturnType<typeof spawnSync> => spawnSync('ip', args, { encoding: 'utf8' })

/** A second "machine": a namespace whose only way out is a veth pair to this one. false, or why it cannot be made. */
function makeLan (): string | false {
  const steps = [
    ['netns', 'add', namespace],
    ['link', 'add', veth, 'type', 'veth', 'peer', 'name', `${veth}p`],
    ['link', 'set', `${veth}p`, 'netns', namespace],
    ['addr', 'add', `${cabinet}/30`, 'dev', veth],
    ['link', 'set', veth, 'up'],
    ['netns', 'exec', namespace, 'ip', 'addr', 'add', `${subnet}.2/30`, 'dev', `${veth}p`],
    ['netns', 'exec', namespace, 'ip', 'link', 'set', `${veth}p`, 'up'],
    ['netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up']
  ]
  for (const step of steps) {
    const result = ip(...step)
    if (result.status !== 0) {
      const reason = `a network namespace cannot be made here (ip ${step.join(' ')}: ${String(result.stderr || result.error?.message).trim()})`
      if (process.env.CABINET_HUB_REQUIRE_PEERS === '1') throw new Error(`CABINET_HUB_REQUIRE_PEERS=1 but ${reason}`)
      return reason
    }
  }
  return false
}

const skip = browserPeer.skip || mosquittoSkip || makeLan()

describe('the read-only link from another machine', { skip }, () => {
  const dataDir = tempDir('cabinet-hub-lan-')
  let port = 0
  let service: ReturnType<typeof startCli>
  let browser: Browser
  let broker: Broker
  let venue: TestHub
  let query = ''

  before(async () => {
    port = await freePort()
    broker = await Broker.start()
    venue = await startVenue(broker.url, {}, { listen: true })
    service = startCli(['serve', '--host', '0.0.0.0', '--port', String(port), '--api-key', 'lan-secret-key-1', '--data-dir', dataDir, '--log-level', 'info',
      '--mqtt-url', broker.url, '--node-id', 'lan-cab', '--mqtt-public-url', `http://${cabinet}:${port}`])
    await waitForHealth(port, service, '/api/v1/startup/ready')
    const link = await (await fetch(`http://127.0.0.1:${port}/api/v1/read-link`)).json() as { query: string, lanOrigins: string[] }
    query = link.query
    assert.ok(link.lanOrigins.includes(`http://${cabinet}:${port}`), `the link names the LAN address: ${link.lanOrigins.join(', ')}`)
    // Chromium on the other "machine": every process it starts lives in the namespace.
    const wrapper = path.join(dataDir, 'chromium-on-the-lan')
    writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${namespace} ${browserPeer.path!} "$@"\n`)
    chmodSync(wrapper, 0o755)
    browser = await chromium.launch({ executablePath: wrapper, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] })
  })
  after(async () => {
    await browser?.close()
    if (service !== undefined) await stopCli(service)
    await venue?.close()
    await broker?.stop()
    ip('netns', 'del', namespace)
    ip('link', 'del', veth)
  })

  it('opens an overlay with the link, which follows the frontend over its WebSocket', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 200 } })
    const errors: string[] = []
    page.on('pageerror', (error) => { errors.push(error.message) })
    const response = await page.goto(`http://${cabinet}:${port}/overlays/now-playing?w=800&h=200&${query}`)
    assert.equal(response?.status(), 200)
    await page.locator('body[data-link="live"]').waitFor()
    // The embedded demo browses by itself (an input every couple of seconds): on a loaded machine its
    // next selection can replace ours before the page draws it, so ours is sent again until it shows.
    const shown = page.locator('#game', { hasText: 'Seen From The LAN' })
    for (let attempt = 1; ; attempt++) {
      const hook = await fetch(`http://127.0.0.1:${port}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'game-selected', args: ['mame', '/cab/roms/mame/lanlink.zip', 'Seen From The LAN'] }) })
      assert.equal(hook.status, 202)
      try {
        await shown.waitFor({ timeout: 5000 })
        break
      } catch (error) {
        if (attempt === 6) throw error
      }
    }
    // The page's own requests carry the link (its cookie): reads work, commands do not.
    const answers = await page.evaluate(async () => {
      const read = await fetch('/api/v1/context/state')
      const command = await fetch('/api/v1/toast-notifications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'from the LAN' }) })
      return [read.status, command.status]
    })
    assert.deepEqual(answers, [200, 401])
    assert.deepEqual(errors, [])
    await page.close()
  })

  it('refuses the same page without the link, and with a wrong one', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    for (const url of [`http://${cabinet}:${port}/overlays/now-playing`, `http://${cabinet}:${port}/overlays/now-playing?token=not-the-token`, `http://${cabinet}:${port}/api/v1/context/state`]) {
      const response = await page.goto(url)
      assert.equal(response?.status(), 401, url)
      const refusal = await response?.json() as { code: string, message: string }
      assert.equal(refusal.code, 'API_KEY_REQUIRED')
      assert.match(refusal.message, new RegExp(`needs the read-only link: .*curl -s http://127\\.0\\.0\\.1:${port}/api/v1/read-link\\) and add its \\?token=`), 'a page opened in a browser is told how to get the link')
    }
    await context.close()
  })

  it('gives the venue\'s tile of the cabinet its marquee with the link, which another machine loads; without the link it is refused', async () => {
    // The embedded demo browses by itself: soon an entry with a marquee is on screen.
    const tile = await eventually(async () => venueCabinet(venue.baseUrl, 'lan-cab'), (t) => typeof t?.image === 'string', 'a tile with an image', 30_000)
    const image = new URL(tile!.image as string)
    assert.equal(image.origin, `http://${cabinet}:${port}`)
    assert.equal(image.search, `?${query}`)
    // Each in a browser of its own: the linked answer leaves the link as a cookie.
    for (const [url, status] of [[image.href, 200], [`${image.origin}${image.pathname}`, 401]] as const) {
      const context = await browser.newContext()
      const answer = await (await context.newPage()).goto(url)
      assert.equal(answer?.status(), status, url)
      if (status === 200) assert.match(answer?.headers()['content-type'] ?? '', /^image\//)
      await context.close()
    }
  })

  it('keeps the token out of the log', () => {
    const token = query.slice('token='.length)
    assert.ok(token.length >= 16)
    assert.ok(!service.stdoutText().includes(token) && !service.stderrText().includes(token), 'the token is not in the log')
  })
})
