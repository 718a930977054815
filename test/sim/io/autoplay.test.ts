import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { eventually, readRecordedHooks, startDemoFrontend, type DemoFrontend } from '../../support/sim.js'

/** A small seeded generator (mulberry32) so the pretend player's choices repeat run to run. */
function seeded (seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('simulated frontend: autoplay', () => {
  let demo: DemoFrontend
  after(async () => demo.frontend.stop())

  it('browses and plays by itself: selections, then a game that starts and ends, then more browsing', async () => {
    demo = await startDemoFrontend({ autoplay: { stepMs: 15, random: seeded(7) }, playSeconds: 0.2 })
    const hooks = await eventually(() => readRecordedHooks(demo.log), (recorded) => {
      const ended = recorded.findIndex((hook) => hook.event === 'game-end')
      return ended >= 0 && recorded.slice(ended).some((hook) => hook.event === 'game-selected' || hook.event === 'system-selected')
    }, 'a played game followed by more browsing')
    const events = new Set(hooks.map((hook) => hook.event))
    for (const event of ['start', 'system-selected', 'game-selected', 'game-start', 'game-end']) assert.ok(events.has(event), event)
    const starts = hooks.filter((hook) => hook.event === 'game-start').length
    const ends = hooks.filter((hook) => hook.event === 'game-end').length
    assert.ok(starts - ends === 0 || starts - ends === 1, `${starts} starts, ${ends} ends`)
  })
})
