/**
 * A game events service on a bus of its own, without HTTP, for tests of the source seam: it runs
 * the sources a test gives it and records every event published, in order. The clock is fixed so
 * the events of two services fed the same reports are equal to the byte.
 */
import { rmSync } from 'node:fs'
import pino from 'pino'
import { coreOptions } from '../../src/core/core-options.js'
import { configOf, loadConfig, optionEntries } from '../../src/core/options.js'
import { EventBus } from '../../src/core/event-bus.js'
import { FactChannel, type Facts } from '../../src/core/facts.js'
import type { FrontendFacts } from '../../src/frontend/index.js'
import type { GameEventFacts } from '../../src/game-events/index.js'
import { define, open } from '../../src/core/events/definition.js'
import { gameEvents } from '../../src/game-events/events.js'
import { gameEventsOptions } from '../../src/game-events/options.js'
import type { GameSourceFactory } from '../../src/game-events/source-kinds.js'
import { GameEventsService } from '../../src/game-events/service.js'
import { quietPeers } from './game-events.js'
import { tempDir } from './hub.js'

/** An event as a consumer compares it: envelope time and correlation id say nothing about the source. */
export interface RecordedEvent {
  readonly type: string
  readonly payload: Record<string, unknown>
}

export interface SourceService {
  readonly service: GameEventsService
  /** What the service tells other modules. */
  readonly facts: Facts<GameEventFacts>
  readonly events: RecordedEvent[]
  /** Resolves once `predicate` holds on the recorded events; rejects after `timeoutMs` with what was recorded. */
  until (predicate: (events: readonly RecordedEvent[]) => boolean, timeoutMs?: number): Promise<void>
  close (): void
}

/** Event types of the fake sources (`testemu`, `stopping` ...): `<id>.session|output|content|memory.<verb>`. */
const declaredForTests = /^(?!cabemu2?\.|multiemu\.)[a-z0-9-]+\.(session|output|content|memory)\.[a-z]+$/

export const fixedNow = (): Date => new Date('2026-11-21T20:00:00.000Z')

/** Starts a service with CLI-style `options` (emulator peers off unless set) and the sources `sources` builds. */
export async function startSourceService (options: Record<string, string | boolean>, sources: GameSourceFactory): Promise<SourceService> {
  const dataDir = tempDir('cabinet-hub-sources-')
  const loaded = loadConfig(optionEntries([coreOptions, gameEventsOptions]), { cli: new Map(Object.entries({ dataDir, ...quietPeers, ...options })), env: {} })
  const config = { ...configOf(gameEventsOptions, loaded), dataDir, port: loaded.config.port as number }
  const bus = new EventBus({
    nodeId: 'test',
    now: fixedNow,
    // A new source declares the events its id names in the game-events module's events.ts; the
    // fake sources of these tests are declared here, with open payloads.
    definition: (type) => gameEvents.find((d) => d.type === type) ?? (declaredForTests.test(type) ? define(type, 'A test source\'s event.', open({}, 'test source event')) : undefined),
    disabledOwner: () => null,
    onListenerError: (error) => { throw error }
  })
  const events: RecordedEvent[] = []
  bus.subscribe((event) => events.push({ type: event.envelope.Type, payload: event.envelope.Payload }))
  const inOrder = (tell: ReadonlyArray<() => void>, name: string): void => { bus.inOrder(tell, name) }
  // No frontend here: the game on screen is whatever the sources report.
  const frontend = new FactChannel<FrontendFacts>(inOrder)
  const facts = new FactChannel<GameEventFacts>(inOrder)
  let service: GameEventsService
  try {
    service = new GameEventsService({ config, publisher: bus, frontend, facts, logger: pino({ level: 'silent' }), now: fixedNow, sources })
    await service.start()
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    service,
    facts,
    events,
    until: async (predicate, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs
      while (!predicate(events)) {
        if (Date.now() > deadline) throw new Error(`timed out; recorded ${events.length} events: ${events.slice(-10).map((e) => e.type).join(', ')}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    close: () => {
      service.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
