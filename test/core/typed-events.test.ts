/**
 * Event types are declared once, by their module: publishing checks type and payload at compile
 * time (the `@ts-expect-error` lines fail `npm run typecheck` if they ever compile), and an
 * undeclared type is refused at run time, on the bus and on the injection route.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Publisher } from '../../src/core/event-bus.js'
import { onScreenService, type FrontendEvents } from '../../src/frontend/index.js'
import { sendHook, startHub, type TestHub } from '../support/hub.js'

describe('typed events', () => {
  let hub: TestHub
  before(async () => { hub = await startHub({ options: { devEventsIngest: true } }) })
  after(async () => hub.close())

  it('checks types and payloads at compile time', () => {
    const publisher: Publisher<FrontendEvents> = hub.hub.bus
    const published = publisher.publish('ui.frontend.started', { Reason: 'start-hook', EsUrl: 'http://127.0.0.1:1234' })
    assert.equal(published.published, true)
    // @ts-expect-error a type no module declares
    assert.throws(() => publisher.publish('ui.frontend.restarted', {}))
    // @ts-expect-error a field the payload schema does not have
    publisher.publish('ui.frontend.stopped', { Reason: 'quit-hook', Bogus: 1 })
    // @ts-expect-error a field of the wrong type
    publisher.publish('ui.frontend.stopped', { Reason: 42 })
  })

  it('refuses an undeclared type at run time, naming it', () => {
    assert.throws(() => hub.hub.bus.publish('ui.nothing.happened', {}), /event type ui\.nothing\.happened is not declared by any module/)
  })

  it('answers 400 UNKNOWN_EVENT_TYPE to an injected undeclared type, and publishes nothing', async () => {
    const before = hub.hub.journal.count()
    const response = await hub.app.inject({ method: 'POST', url: '/api/v1/events', payload: { Type: 'ui.nothing.happened', Payload: {} } })
    assert.equal(response.statusCode, 400)
    assert.equal(response.json().code, 'UNKNOWN_EVENT_TYPE')
    assert.equal(hub.hub.journal.count(), before)
  })

  it('tells a module\'s typed facts in the bus order: after the event they were published as, before what their listeners publish', async () => {
    const order: string[] = []
    const unsubscribe = [
      hub.hub.bus.subscribe((event) => { if (!event.envelope.Type.startsWith('esevent.')) order.push(event.envelope.Type) }),
      hub.hub.services.use(onScreenService).facts.on('GameStarted', ({ game, sequence }) => {
        order.push(`GameStarted ${game.system}|${game.rom} #${sequence}`)
        hub.hub.bus.publish('ui.event', { EventName: 'told-after-the-fact' })
      })
    ]
    await sendHook(hub, 'game-start', '/roms/nes/smb.nes', 'smb', 'Super Mario Bros.')
    for (const stop of unsubscribe) stop()
    const started = order.indexOf('ui.game.started')
    assert.ok(started >= 0, order.join(', '))
    assert.match(order[started + 1] ?? '', /^GameStarted nes\|smb #\d+$/)
    assert.ok(order.indexOf('ui.event') > started + 1, order.join(', '))
  })
})
