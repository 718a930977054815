/**
 * `/overlays/`: the browser source URLs it shows are pasted into OBS on another machine, which has
 * no cookie of the read link, so they carry the token the index was opened with.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../support/hub.js'

const remote = '192.168.1.50'

/** The URLs the index shows for each overlay: the browser source URL and its preview. */
function shownUrls (html: string): { sources: string[], previews: string[] } {
  const unescaped = (text: string): string => text.replaceAll('&#38;', '&')
  return {
    sources: [...html.matchAll(/<code class="url" data-path="([^"]*)">/g)].map((match) => unescaped(match[1]!)),
    previews: [...html.matchAll(/<iframe [^>]*src="([^"]*)"/g)].map((match) => unescaped(match[1]!))
  }
}

describe('the overlay index and the read-only link', () => {
  let hub: TestHub
  let token = ''
  before(async () => {
    hub = await startHub({ options: { host: '0.0.0.0', apiKey: 'cabinet-secret-1' } })
    token = new URLSearchParams((await hub.app.inject({ url: '/api/v1/read-link' })).json<{ query: string }>().query).get('token')!
  })
  after(async () => hub.close())

  it('opened with the link from another machine, every browser source URL (and preview) ends with its token', async () => {
    const response = await hub.app.inject({ url: `/overlays/?token=${token}`, remoteAddress: remote, headers: { host: '192.168.1.20:12345' } })
    assert.equal(response.statusCode, 200)
    const { sources, previews } = shownUrls(response.body)
    assert.equal(sources.length, 7)
    assert.deepEqual(previews, sources)
    for (const url of sources) assert.ok(url.startsWith('/overlays/') && url.endsWith(`&token=${token}`), url)
    const shown = await hub.app.inject({ url: sources[0]!, remoteAddress: remote, headers: { host: '192.168.1.20:12345' } })
    assert.equal(shown.statusCode, 200, 'the URL alone opens the overlay from another machine')
  })

  it('opened without a token, shows the URLs without one', async () => {
    const { sources } = shownUrls((await hub.app.inject({ url: '/overlays/' })).body)
    assert.equal(sources.length, 7)
    for (const url of sources) assert.match(url, /^\/overlays\/[a-z-]+\?w=\d+&h=\d+$/)
  })
})
