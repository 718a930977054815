/**
 * The fake ES web API the fast tests use must answer the service's own client as the simulated
 * frontend does (the simulator follows the real ES contract and is checked against it in
 * test/sim). Each exchange the service makes is sent to both; statuses and the fields the
 * service reads must agree, so the fake cannot drift into answers no frontend gives.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { EsWebApi } from '../../../src/frontends/emulationstation/web-api.js'
import { startFakeEs, type FakeEs } from '../../support/fake-es.js'
import { startDemoFrontend, type DemoFrontend } from '../../support/sim.js'

describe('fake ES web API parity with the simulated frontend', () => {
  let fake: FakeEs
  let demo: DemoFrontend
  let clients: Array<{ name: string, es: EsWebApi }>
  before(async () => {
    // Listening: the test asks it with fetch too, which the in-process agent does not carry.
    fake = await startFakeEs({ listen: true })
    demo = await startDemoFrontend()
    clients = [{ name: 'fake', es: new EsWebApi(fake.url) }, { name: 'simulator', es: new EsWebApi(demo.url) }]
    // The fake lists what a test gives it: give it a game of a system the simulator's demo tree has.
    const nesGames = await clients[1]!.es.games('nes')
    fake.games.nes = nesGames ?? []
  })
  after(async () => {
    await fake.close()
    await demo.frontend.stop()
  })

  it('is reachable and lists systems with a name, as the simulator does', async () => {
    for (const { name, es } of clients) {
      assert.equal(await es.reachable(), true, name)
      const systems = await es.systems()
      assert.ok(systems !== null && systems.length > 0, name)
      assert.ok(systems.every((s) => typeof s.name === 'string' && s.name !== ''), name)
    }
  })

  it('lists a system\'s games with path and name, as the simulator does', async () => {
    for (const { name, es } of clients) {
      const games = await es.games('nes')
      assert.ok(games !== null && games.length > 0, name)
      assert.ok(games.every((g) => g.path.endsWith('.nes') || g.path.endsWith('.zip')), name)
      assert.ok(games.every((g) => g.name !== ''), name)
    }
  })

  it('answers /caps, /isIdle, an idle /runningGame, an unknown system and an unknown route alike, with the same content types (before any launch)', async () => {
    for (const route of ['/caps', '/isIdle', '/runningGame', '/systems/nope/games', '/no/such/route', '/reloadgames']) {
      const answers = await Promise.all(urls().map(async (url) => describeAnswer(await fetch(`${url}${route}`))))
      assert.deepEqual(answers[0], answers[1], `${route}: fake and simulator agree`)
    }
  })

  it('answers a launch of an existing rom and a notification with the same statuses', async () => {
    const rom = fake.games.nes![0]!.path
    const answers = await Promise.all(clients.map(async ({ es }) => [(await es.launch(rom)).status, (await es.notify('hello')).status]))
    assert.deepEqual(answers[0], answers[1], 'fake and simulator agree')
    assert.deepEqual(answers[0], [200, 200])
  })

  it('answers a launch of a file that is no game, a blank body and an empty body as ES does', async () => {
    for (const body of ['/nowhere/not-a-game.nes', ' ', '']) {
      const answers = await Promise.all(urls().map(async (url) => describeAnswer(await fetch(`${url}/launch`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body }))))
      assert.deepEqual(answers[0], answers[1], `launch ${JSON.stringify(body)}: fake and simulator agree`)
    }
  })

  it('answers a simulator input the same way', async () => {
    const statuses = await Promise.all(clients.map(async ({ es }) => (await es.simulatorInput('right')).status))
    assert.equal(statuses[0], statuses[1])
  })

  function urls (): string[] {
    return [fake.url, demo.url]
  }
})

/** What a client can see of an answer: status, content type, and the body (parsed when JSON, so whitespace does not count). */
async function describeAnswer (response: Response): Promise<unknown> {
  const type = response.headers.get('content-type')
  const text = await response.text()
  return { status: response.status, type, body: type === 'application/json' ? JSON.parse(text) as unknown : text }
}
