/**
 * The proxy contacts its one upstream only: a redirect is handed back to RetroArch, never
 * followed, and an upstream that does not answer in time is a clean 502, with the service up.
 */
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../../support/hub.js'

async function listen (server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('the achievements proxy', () => {
  let elsewhereHits = 0
  const elsewhere = createServer((_request, response) => { elsewhereHits++; response.end('{}') })
  let elsewhereUrl: string
  // Redirects badges elsewhere, and never answers a dorequest.
  const upstream = createServer((request, response) => {
    if (request.url!.startsWith('/Badge/')) response.writeHead(302, { location: `${elsewhereUrl}/Badge/moved.png` }).end()
  })
  let hub: TestHub

  before(async () => {
    elsewhereUrl = await listen(elsewhere)
    const upstreamUrl = await listen(upstream)
    hub = await startHub({ options: { achievementsMode: 'proxy', achievementsUpstream: upstreamUrl, achievementsTimeoutMs: '300' } })
  })
  after(async () => {
    await hub.close()
    for (const server of [upstream, elsewhere]) {
      server.closeAllConnections()
      server.close()
    }
  })

  it('hands a redirect back without following it', async () => {
    const response = await hub.fetch(`/Badge/00001.png`, { redirect: 'manual' })
    assert.equal(response.status, 302)
    assert.equal(response.headers.get('location'), `${elsewhereUrl}/Badge/moved.png`)
    assert.equal(elsewhereHits, 0, 'the service never contacted the redirect target')
    assert.equal((await hub.fetch(`/api/achievements/media/badge/00001.png`)).status, 404, 'nothing was cached')
  })

  it('answers 502 { message, code } when the upstream does not answer in time, and keeps serving', async () => {
    const response = await hub.fetch(`/dorequest.php`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'r=gameid&m=00112233445566778899aabbccddeeff' })
    assert.equal(response.status, 502)
    const body = await response.json() as { message: string, code: string }
    assert.equal(body.code, 'UPSTREAM_UNREACHABLE')
    assert.match(body.message, /no answer in time/)
    const status = await (await hub.fetch(`/api/achievements/status`)).json() as { lastError: string, requests: number }
    assert.equal(status.lastError, body.message)
    assert.equal(status.requests, 1)
    assert.equal((await hub.fetch(`/api/v1/health`)).status, 200)
  })
})
