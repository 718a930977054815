/**
 * Repeats of constant answers (health, version, the stream list) are answered before Fastify's
 * request path: byte for byte what the full path answered, and only to a plain read from this
 * machine; every other request is judged by the full path as before.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../../support/hub.js'

interface Answer {
  readonly status: number
  readonly headers: Record<string, unknown>
  readonly body: string
}

function request (baseUrl: string, path: string, { method = 'GET', headers = {} }: { method?: string, headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.request(`${baseUrl}${path}`, { method, headers, agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => { body += chunk })
      response.on('end', () => {
        // Date is the clock's; every other header must match.
        const headers: Record<string, unknown> = { ...response.headers }
        delete headers.date
        resolve({ status: response.statusCode ?? 0, headers, body })
      })
    }).on('error', reject).end()
  })
}

describe('repeated constant answers', { timeout: 30_000 }, () => {
  let hub: TestHub
  let answeredEarly = 0

  before(async () => {
    hub = await startHub({ listen: true })
    const answer = hub.hub.repeatAnswers.answer.bind(hub.hub.repeatAnswers)
    hub.hub.repeatAnswers.answer = (rawRequest, response) => {
      const answered = answer(rawRequest, response)
      if (answered) answeredEarly++
      return answered
    }
  })
  after(async () => hub.close())

  for (const path of ['/api/v1/health', '/api/v1/version', '/api/v1/ws/streams']) {
    it(`${path}: a repeat gets the full path's bytes, from memory`, async () => {
      const first = await request(hub.baseUrl, path)
      const earlyBefore = answeredEarly
      const repeats = [await request(hub.baseUrl, path), await request(hub.baseUrl, path)]
      assert.equal(first.status, 200)
      assert.equal(first.headers['access-control-allow-origin'], '*')
      for (const repeat of repeats) assert.deepEqual(repeat, first)
      assert.equal(answeredEarly - earlyBefore, 2, 'both repeats were answered before the router')
    })
  }

  it('is remembered per Host: the stream list names the Host asked for, and a foreign Host is still refused', async () => {
    const port = new URL(hub.baseUrl).port
    await request(hub.baseUrl, '/api/v1/ws/streams')
    const byName = await request(hub.baseUrl, '/api/v1/ws/streams', { headers: { host: `localhost:${port}` } })
    assert.equal((JSON.parse(byName.body) as { firehoseUrl: string }).firehoseUrl, `ws://localhost:${port}/ws`)
    const foreign = await request(hub.baseUrl, '/api/v1/health', { headers: { host: 'rebound.example' } })
    assert.equal(foreign.status, 421)
    assert.equal(JSON.parse(foreign.body).code, 'MISDIRECTED_HOST')
  })

  it('leaves pages, HEAD, queries and other spellings to the full path', async () => {
    await request(hub.baseUrl, '/api/v1/health')
    const earlyBefore = answeredEarly
    const page = await request(hub.baseUrl, '/api/v1/health', { headers: { origin: 'https://elsewhere.example' } })
    const head = await request(hub.baseUrl, '/api/v1/health', { method: 'HEAD' })
    const query = await request(hub.baseUrl, '/api/v1/health?verbose=1')
    const upper = await request(hub.baseUrl, '/API/V1/HEALTH')
    assert.equal(answeredEarly, earlyBefore, 'none was answered from memory')
    assert.equal(page.status, 200)
    assert.equal(head.status, 200)
    assert.equal(head.body, '')
    assert.equal(query.status, 200)
    assert.equal(upper.status, 200)
  })

  it('a route that changes is never remembered', async () => {
    const earlyBefore = answeredEarly
    await request(hub.baseUrl, '/api/v1/startup/ready')
    await request(hub.baseUrl, '/api/v1/startup/ready')
    assert.equal(answeredEarly, earlyBefore)
  })
})
