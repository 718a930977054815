import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'

describe('launch command', () => {
  let f: FrontendHub
  before(async () => { f = await startFrontendHub() })
  after(async () => f.close())

  const launch = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await f.hub.fetch(`/api/v1/commands/launch`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    return { status: response.status, body: await response.json() as Record<string, unknown> }
  }

  it('answers 202 for an existing rom, hands ES the absolute path as text, and acknowledges on /ws/control', async () => {
    const control = await f.hub.connect(`/ws/control`)
    const romPath = f.tree.rom('mame', '1943.zip')
    const answer = await launch({ romPath })
    assert.equal(answer.status, 202)
    assert.equal(answer.body.status, 'launching')
    assert.equal(answer.body.romPath, romPath)
    assert.deepEqual(f.es.launches, [romPath])
    await control.until((c) => c.types().includes('commands.launch.accepted'))
    assert.deepEqual(control.types(), ['commands.launch.requested', 'commands.launch.accepted'])
    assert.equal(control.frames[0]!.CorrelationId, control.frames[1]!.CorrelationId)
    assert.equal(control.frames[1]!.Payload.RomPath, romPath)
    control.close()
  })

  it('resolves a relative path against the roms folder', async () => {
    const answer = await launch({ romPath: 'snes/Super Mario World (USA).sfc' })
    assert.equal(answer.status, 202)
    assert.equal(f.es.launches.at(-1), f.tree.rom('snes', 'Super Mario World (USA).sfc'))
  })

  it('launches the current game by its gameId', async () => {
    const romPath = f.tree.rom('mame', 'sf.zip')
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    const gameId = (await f.get('/api/v1/context/current-game')).body.gameId as string
    const answer = await launch({ gameId })
    assert.equal(answer.status, 202)
    assert.equal(f.es.launches.at(-1), romPath)
    assert.equal((await launch({ gameId: 'not-the-current-one' })).status, 400)
  })

  it('answers 404 for a missing rom (acknowledged as failed), 400 for a bad body, 403 for a foreign Origin', async () => {
    const control = await f.hub.connect(`/ws/control`)
    const launchesBefore = f.es.launches.length
    const missing = await launch({ romPath: 'mame/nothing-here.zip' })
    assert.equal(missing.status, 404)
    assert.equal(missing.body.code, 'ROM_NOT_FOUND')
    await control.until((c) => c.types().includes('commands.launch.failed'))
    assert.equal(control.frames.find((fr) => fr.Type === 'commands.launch.failed')!.Payload.Code, 'ROM_NOT_FOUND')

    for (const body of [{}, { romPath: { nested: true } }, { romPath: 'x', extra: true }]) {
      const bad = await launch(body)
      assert.equal(bad.status, 400, JSON.stringify(body))
      assert.equal(typeof bad.body.message, 'string')
    }
    const foreign = await launch({ romPath: f.tree.rom('mame', '1943.zip') }, { origin: 'https://evil.example' })
    assert.equal(foreign.status, 403)
    assert.equal(f.es.launches.length, launchesBefore, 'ES got nothing')
    control.close()
  })

  it('answers unsupported content types with 415 and bodies over 1 MiB with 413, as { message, code } with CORS', async () => {
    const send = async (contentType: string, payload: string) => f.hub.app.inject({ method: 'POST', url: '/api/v1/commands/launch', headers: { 'content-type': contentType }, payload })
    const refusals: Array<[string, string, number, string]> = [
      ['application/xml', '<launch><romPath>mame/1943.zip</romPath></launch>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['application/x-www-form-urlencoded', 'romPath=mame%2F1943.zip', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['', '{"romPath": "mame/1943.zip"}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['application/json', JSON.stringify({ romPath: 'x'.repeat(1 << 20) }), 413, 'BODY_TOO_LARGE']
    ]
    const launchesBefore = f.es.launches.length
    for (const [contentType, payload, status, code] of refusals) {
      const response = await send(contentType, payload)
      assert.equal(response.statusCode, status, contentType)
      assert.deepEqual(Object.keys(response.json() as object).sort(), ['code', 'message'], contentType)
      assert.equal((response.json() as { code: string }).code, code, contentType)
      assert.equal(response.headers['access-control-allow-origin'], '*', contentType)
    }
    const limit = 'x'.repeat((1 << 20) + 1)
    assert.equal((await f.hub.app.inject({ method: 'POST', url: '/api/v1/commands/launch', headers: { 'content-type': 'application/json' }, payload: limit })).statusCode, 413, '1 MiB + 1 byte')
    assert.equal(f.es.launches.length, launchesBefore, 'ES got nothing')
  })

  it('documents that a launch names romPath or gameId, and answers a body with neither 400 MISSING_ROM', async () => {
    const openApi = f.hub.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } }>> }
    const schema = openApi.paths['/api/v1/commands/launch']!.post!.requestBody.content['application/json']!.schema
    assert.deepEqual(schema.anyOf, [{ required: ['romPath'] }, { required: ['gameId'] }])
    assert.match(String(schema.description), /MISSING_ROM/)
    const empty = await launch({})
    assert.equal(empty.status, 400)
    assert.deepEqual(empty.body, { message: 'Send "romPath", or "gameId" matching the current selected or running game', code: 'MISSING_ROM' })
    assert.equal((await launch({ romPath: '   ' })).body.code, 'MISSING_ROM', 'a blank romPath counts as none')
  })

  it('passes ES error statuses through with ES\'s body', async () => {
    f.es.launchAnswer = { status: 503, body: 'busy launching something else' }
    try {
      const answer = await launch({ romPath: f.tree.rom('mame', '1943.zip') })
      assert.equal(answer.status, 503)
      assert.equal(answer.body.code, 'ES_REJECTED')
      assert.equal(answer.body.esStatusCode, 503)
      assert.equal(answer.body.esResponse, 'busy launching something else')
    } finally {
      f.es.launchAnswer = { status: 200, body: 'OK' }
    }
  })

  it('keeps ES\'s answer in the body when ES rejects with a status the route documents itself (400, 404)', async () => {
    const romPath = f.tree.rom('mame', '1943.zip')
    for (const status of [400, 404]) {
      f.es.launchAnswer = { status, body: `ES says ${status}` }
      try {
        const answer = await launch({ romPath })
        assert.equal(answer.status, status)
        assert.deepEqual(answer.body, { message: 'EmulationStation rejected the launch', code: 'ES_REJECTED', romPath, esStatusCode: status, esResponse: `ES says ${status}` })
      } finally {
        f.es.launchAnswer = { status: 200, body: 'OK' }
      }
    }
  })
})

describe('launch command with the frontend down', () => {
  let f: FrontendHub
  before(async () => {
    f = await startFrontendHub()
    await f.es.close()
  })
  after(async () => f.hub.close())

  it('answers 502 ES_UNREACHABLE', async () => {
    const response = await f.hub.fetch(`/api/v1/commands/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ romPath: f.tree.rom('mame', '1943.zip') }) })
    const body = await response.json() as { code: string, message: string }
    assert.equal(response.status, 502)
    assert.equal(body.code, 'ES_UNREACHABLE')
    assert.match(body.message, /EmulationStation/)
  })
})
