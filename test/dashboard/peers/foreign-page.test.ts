/**
 * A real page of another site, in Chromium on this machine, tries to change state with the path
 * spellings the router accepts, and to read this machine's paths. Chromium maps the foreign host
 * name to loopback, so the page is truly of another origin while every packet stays local.
 */
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { chromium } from 'playwright-core'
import { startHub, type TestHub } from '../../support/hub.js'
import { findPeer } from '../../support/peers.js'

const browserPeer = findPeer('Chromium', 'chromium', ['/usr/bin/chromium', '/usr/bin/chromium-browser'])
const foreignHost = 'evil.example'

/** The attacker's site: one empty page. */
async function startForeignSite (): Promise<{ server: Server, port: number }> {
  const server = createServer((_request, response) => { response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>') })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

describe('a page of another site in a real browser', { skip: browserPeer.skip }, () => {
  let hub: TestHub
  let site: { server: Server, port: number }
  before(async () => {
    hub = await startHub({ listen: true, options: { devEventsIngest: true } })
    site = await startForeignSite()
  })
  after(async () => {
    site.server.close()
    await hub.close()
  })

  it('cannot hand the service a frontend hook or read the effective configuration, under any spelling of the path', async () => {
    const browser = await chromium.launch({
      executablePath: browserPeer.path!,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', `--host-resolver-rules=MAP ${foreignHost} 127.0.0.1`]
    })
    try {
      const page = await browser.newPage()
      await page.goto(`http://${foreignHost}:${site.port}/`)
      const outcome = await page.evaluate(async (base) => {
        const posts = await Promise.all(['/api/v1/ingest/es-event', '/%61pi/v1/ingest/es-event', '/API/v1/INGEST/es-event', '/api/v1/ingest/es-event/'].map(async (path) => {
          // A text/plain hook needs no preflight: the request reaches the service, only the answer is hidden.
          await fetch(base + path, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: 'event=system-selected\nnes' })
        }))
        const read = await fetch(`${base}/api/v1/config/effective`).then(async (r) => r.status, () => -1)
        return { posted: posts.length, read }
      }, hub.baseUrl)
      assert.equal(outcome.posted, 4)
      assert.equal(outcome.read, 403, 'the configuration, with its paths, is not for other sites')
      for (const prefix of ['esevent.', 'ui.']) {
        const recent = await (await fetch(`${hub.baseUrl}/api/v1/events/recent?limit=100&prefix=${prefix}`)).json() as { events: { Type: string }[] }
        // The service publishes the frontend's state itself at start.
        assert.deepEqual(recent.events.filter((event) => event.Type !== 'ui.frontend.state'), [], `no ${prefix} event came from the foreign page`)
      }
    } finally {
      await browser.close()
    }
  })
})
