import assert from 'node:assert/strict'
import { after, before, describe, it, mock } from 'node:test'
import { achievementFactsService, type AchievementFacts } from '../../src/achievements/index.js'
import type { FactChannel } from '../../src/core/facts.js'
import { builtInAdapters, frontendInstallService } from '../../src/frontends/index.js'
import { currentPlayerService, hiscoreFactsService, type HiscoreFacts } from '../../src/hiscores/index.js'
import { notificationsModule } from '../../src/notifications/index.js'
import type { TestHub } from '../support/hub.js'
import { startFakeEs, type FakeEs } from '../support/fake-es.js'
import { fake, newTestModule, testFacts, type TestModuleOptions } from '../support/test-module.js'
import { RecordingClient, type Frame } from '../support/ws-client.js'

async function post (hub: TestHub, path: string, body: unknown): Promise<{ status: number, body: Record<string, unknown> }> {
  const response = await hub.app.inject({ method: 'POST', url: path, payload: body as Record<string, unknown> })
  return { status: response.statusCode, body: response.json() }
}

const toasts = (client: RecordingClient): Frame[] => client.frames.filter((f) => f.Type === 'notifications.toast')

/** The player the hiscore rules call Me. */
const me = 'Plato'

interface NotificationsHub extends TestHub {
  /** The facts the hiscores and achievements modules would tell. */
  readonly hiscores: FactChannel<HiscoreFacts>
  readonly achievements: FactChannel<AchievementFacts>
}

/**
 * The notifications module alone: its frontend is RetroBat's ES at `esUrl` (by default a loopback
 * port nothing answers on), the player is `me`, and the test tells the hiscore and achievement facts.
 */
async function startNotifications ({ esUrl = 'http://127.0.0.1:1', ...options }: TestModuleOptions & { esUrl?: string } = {}): Promise<NotificationsHub> {
  const hiscores = testFacts<HiscoreFacts>()
  const achievements = testFacts<AchievementFacts>()
  const hub = await newTestModule(notificationsModule, {
    ...options,
    deps: [
      fake(frontendInstallService, { adapter: builtInAdapters.find((adapter) => adapter.id === 'retrobat')!, esUrl, root: null, esConfigDir: null, romsRoot: null, downloadedMediaDir: null }),
      fake(currentPlayerService, { isMe: (name) => name === me, current: () => { throw new Error('the notifications module asks only isMe') } }),
      fake(hiscoreFactsService, hiscores),
      fake(achievementFactsService, achievements)
    ]
  })
  return Object.assign(hub, { hiscores, achievements })
}

describe('toast notifications', () => {
  let hub: TestHub
  before(async () => { hub = await startNotifications() })
  after(async () => hub.close())

  it('queues a toast (202 and its id) and publishes it on /ws/system with the defaults filled in', async () => {
    const system = await RecordingClient.inject(hub.app, '/ws/system')
    const answer = await post(hub, '/api/v1/toast-notifications', { title: 'New hiscore', message: 'Me: 42 000' })
    assert.equal(answer.status, 202)
    assert.equal(answer.body.queued, true)
    assert.equal(typeof answer.body.id, 'string')
    await system.until((c) => toasts(c).length === 1)
    assert.deepEqual(toasts(system)[0]!.Payload, { Id: answer.body.id, Type: 'info', Title: 'New hiscore', Message: 'Me: 42 000', ImageUrl: null, DurationMs: 4000, Position: 'BottomRight', Animation: 'Fade' })
    system.socket.close()
  })

  it('shows one toast at a time per position, in the order they were posted, while another position goes on', async () => {
    const system = await RecordingClient.inject(hub.app, '/ws/system')
    mock.timers.enable({ apis: ['setTimeout'] })
    try {
      const first = await post(hub, '/api/v1/toast-notifications', { title: 'first', position: 'TopLeft', durationMs: 500 })
      const second = await post(hub, '/api/v1/toast-notifications', { title: 'second', position: 'TopLeft', durationMs: 500 })
      const third = await post(hub, '/api/v1/toast-notifications', { title: 'third', position: 'Top', durationMs: 500, animation: 'SlideFromTop' })
      await system.until((c) => toasts(c).length === 2)
      // The second waits behind the first at TopLeft; the third, alone at Top, is on screen already.
      assert.deepEqual(toasts(system).map((f) => f.Payload.Id), [first.body.id, third.body.id])
      mock.timers.tick(500)
      await system.until((c) => toasts(c).length === 3)
      assert.equal(toasts(system)[2]!.Payload.Id, second.body.id)
      assert.equal(toasts(system)[2]!.Payload.Position, 'TopLeft')
    } finally {
      mock.timers.reset()
    }
    system.socket.close()
  })

  it('answers 400 naming the field for bad toasts and publishes nothing', async () => {
    const system = await RecordingClient.inject(hub.app, '/ws/system')
    const cases: Array<[unknown, RegExp]> = [
      [{ title: '', message: '  ' }, /title.*message/],
      [{ message: 'hi', durationMs: 100 }, /durationMs/],
      [{ message: 'hi', durationMs: 60001 }, /durationMs/],
      [{ message: 'hi', position: 'Middle' }, /position/],
      [{ message: 'hi', animation: 'Spin' }, /animation/]
    ]
    for (const [body, field] of cases) {
      const answer = await post(hub, '/api/v1/toast-notifications', body)
      assert.equal(answer.status, 400, JSON.stringify(body))
      assert.equal(answer.body.code, 'VALIDATION_ERROR')
      assert.match(String(answer.body.message), field)
    }
    // A good toast after the bad ones is the first toast the client sees.
    const good = await post(hub, '/api/v1/toast-notifications', { message: 'still running', position: 'Bottom', durationMs: 500 })
    await system.until((c) => toasts(c).length === 1)
    assert.equal(toasts(system)[0]!.Payload.Id, good.body.id)
    system.socket.close()
  })
})

describe('native frontend notifications', () => {
  let es: FakeEs
  let hub: TestHub
  before(async () => {
    es = await startFakeEs()
    hub = await startNotifications({ esUrl: es.url })
  })
  after(async () => {
    await hub.close()
    await es.close()
  })

  it('passes a notification and a message box to the frontend web API', async () => {
    const notify = await post(hub, '/api/v1/es-notifications', { message: 'Insert coin' })
    assert.equal(notify.status, 202)
    assert.deepEqual(notify.body, { queued: true, endpoint: '/notify', message: 'Insert coin' })
    const box = await post(hub, '/api/v1/es-notifications/messagebox', { message: 'Closing at 23:00' })
    assert.deepEqual(box.body, { queued: true, endpoint: '/messagebox', message: 'Closing at 23:00' })
    assert.deepEqual(es.calls, ['notify Insert coin', 'messagebox Closing at 23:00'])
  })

  it('answers 400 naming the field for an empty message', async () => {
    const answer = await post(hub, '/api/v1/es-notifications', { message: '' })
    assert.equal(answer.status, 400)
    assert.match(String(answer.body.message), /message/)
  })
})

describe('notifications while the frontend is down or the manager is off', () => {
  let down: TestHub
  let off: TestHub
  before(async () => {
    down = await startNotifications()
    off = await startNotifications({ env: { CABINET_HUB_MANAGERS_NOTIFICATIONS_UI: 'false' } })
  })
  after(async () => {
    await down.close()
    await off.close()
  })

  it('answers 502 saying the frontend does not answer', async () => {
    const answer = await post(down, '/api/v1/es-notifications/messagebox', { message: 'hello' })
    assert.equal(answer.status, 502)
    assert.equal(answer.body.code, 'ES_UNREACHABLE')
    assert.match(String(answer.body.message), /does not answer/)
  })

  it('answers 409 NOTIFICATIONS_DISABLED on every notification route and publishes no toast', async () => {
    const system = await RecordingClient.inject(off.app, '/ws/system')
    for (const [path, body] of [['/api/v1/toast-notifications', { message: 'hi' }], ['/api/v1/es-notifications', { message: 'hi' }], ['/api/v1/es-notifications/messagebox', { message: 'hi' }]] as const) {
      const answer = await post(off, path, body)
      assert.equal(answer.status, 409, path)
      assert.equal(answer.body.code, 'NOTIFICATIONS_DISABLED')
    }
    const status = (await off.app.inject({ url: '/api/v1/status' })).json<{ notifications: { pendingToasts: number } }>()
    assert.equal(status.notifications.pendingToasts, 0)
    assert.equal(toasts(system).length, 0)
    system.socket.close()
  })
})

describe('toasts the service raises by itself', () => {
  // The module is driven through the facts it listens to, as the achievements and hiscores modules tell them.
  const unlock = { title: 'First', description: 'Count past 255', points: 5, badgeUrl: '/api/achievements/media/badge/00001.png' }
  const entry = (name: string) => ({ system: 'nes', rom: 'smb', game: 'Super Mario Bros.', name, value: 42100, score: '42100', rank: 1, at: '2026-11-24T20:00:00.000Z', romMd5: null })

  it('toasts an achievement unlock with its badge and a hiscore of Me, not a hiscore of someone else', async () => {
    const hub = await startNotifications()
    try {
      const system = await RecordingClient.inject(hub.app, '/ws/system')
      // The toast queue's own clock: the unlock's 5 s on screen pass in one tick, not on the wall clock.
      mock.timers.enable({ apis: ['setTimeout'] })
      hub.hiscores.tell('EntryAdded', entry(`not ${me}`))
      hub.achievements.tell('Unlocked', unlock)
      hub.hiscores.tell('EntryAdded', entry(me))
      await system.until((c) => toasts(c).length === 1)
      const first = toasts(system)[0]!.Payload
      assert.match(String(first.Title), /Achievement unlocked: First/)
      assert.equal(first.ImageUrl, unlock.badgeUrl)
      // Same position: the hiscore toast waits for the unlock's duration.
      assert.equal(first.DurationMs, 5000)
      mock.timers.tick(5000)
      await system.until((c) => toasts(c).length === 2)
      assert.equal(toasts(system)[1]!.Payload.Title, 'New hiscore on Super Mario Bros.')
      assert.match(String(toasts(system)[1]!.Payload.Message), new RegExp(`^${me}: 42100`))
      system.socket.close()
    } finally {
      mock.timers.reset()
      await hub.close()
    }
  })

  it('raises none when switched off', async () => {
    const hub = await startNotifications({ options: { toastOnAchievementUnlock: false, toastOnMyHiscore: false } })
    try {
      const system = await RecordingClient.inject(hub.app, '/ws/system')
      hub.achievements.tell('Unlocked', unlock)
      hub.hiscores.tell('EntryAdded', entry(me))
      // A posted toast after them is the first toast the client sees.
      const posted = await post(hub, '/api/v1/toast-notifications', { message: 'marker', durationMs: 500 })
      await system.until((c) => toasts(c).length === 1)
      assert.equal(toasts(system)[0]!.Payload.Id, posted.body.id)
      system.socket.close()
    } finally {
      await hub.close()
    }
  })
})

describe('a flood of toasts', () => {
  let hub: TestHub
  before(async () => { hub = await startNotifications({ options: { maxPendingToasts: '100' } }) })
  after(async () => hub.close())

  it('queues up to the bound and answers 429 TOO_MANY_TOASTS past it, keeping nothing of the overflow', async () => {
    const statuses = new Map<number, number>()
    let refusal: unknown = null
    for (let n = 0; n < 5000; n++) {
      const response = await hub.app.inject({ method: 'POST', url: '/api/v1/toast-notifications', payload: { title: `Toast ${n}`, message: 'flood', durationMs: 60_000 } })
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
      if (response.statusCode === 429) refusal ??= response.json()
    }
    // One on screen, a hundred waiting.
    assert.deepEqual(Object.fromEntries(statuses), { 202: 101, 429: 4899 })
    assert.deepEqual(refusal, { message: '100 toasts already wait to be shown (at most 100); post again once some have been shown', code: 'TOO_MANY_TOASTS' })
    const status = (await hub.app.inject({ url: '/api/v1/status' })).json() as { notifications: { pendingToasts: number } }
    assert.equal(status.notifications.pendingToasts, 100)
  })
})
