/**
 * The served media's containment against paths sent exactly as written (`..`, encodings,
 * backslashes): only a raw request on a socket keeps them, as inject and fetch normalize them.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { rawGet, writeServedStore } from '../../support/media-store.js'

const game = '/api/v1/media/systems/arcade/games/1943'

describe('media serving on the wire', () => {
  let f: FrontendHub
  let secret: Buffer
  let secretFile: string

  before(async () => {
    const store = writeServedStore()
    secret = store.secret
    secretFile = store.secretFile
    f = await startFrontendHub({ mediaDir: store.mediaDir }, () => {}, { listen: true })
  })
  after(async () => f.close())

  it('never returns a file outside the roots: traversal, encodings, backslashes, absolute paths, NUL, escaping symlinks', async () => {
    const attempts = [
      '/api/v1/media/../../../../../../etc/passwd',
      '/api/v1/media/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/api/v1/media/systems/arcade/games/1943/artwork/marquee/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/api/v1/media/systems%5c..%5c..%5cetc%5cpasswd',
      '/api/v1/media/systems\\..\\..\\etc\\passwd',
      '/api/v1/media//etc/passwd',
      `/api/v1/media/${encodeURIComponent(secretFile)}`,
      `/api/v1/media/${secretFile.slice(1)}`,
      '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png%00.txt',
      `${game}/artwork/flyer.png`,
      '/api/v1/media/systems/arcade/games/1943/artwork/../artwork/marquee/marquee.png'
    ]
    for (const attempt of attempts) {
      const response = await rawGet(f.hub.baseUrl, attempt)
      assert.ok(response.status === 404 || response.status === 400, `${attempt} -> ${response.status}`)
      assert.ok(!response.body.equals(secret), `${attempt} served the secret`)
      assert.ok(!response.body.toString().includes('root:'), `${attempt} served /etc/passwd`)
      const body = JSON.parse(response.body.toString()) as { code: string, message: string }
      assert.ok(body.code.length > 0 && body.message.length > 0, attempt)
    }
  })
})
