/** Sets, captured logs and secret checks shared by the achievements tests. */
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import pino from 'pino'
import type { TestHub } from './hub.js'
import type { Frame } from './ws-client.js'

/** A set whose one achievement comes true once the counter's high byte ($0011) leaves 0 (256 frames). */
export function counterSet (gameId = 77) {
  return {
    ID: gameId,
    Title: 'Counter',
    ConsoleID: 7,
    ImageIcon: '/Images/000077.png',
    RichPresencePatch: 'Display:\nCounting\n',
    Achievements: [{ ID: 101, MemAddr: '0xH0011>=1', Title: 'Past 255', Description: 'The counter passes 255', Points: 5, BadgeName: '00101', Flags: 3 }],
    Leaderboards: [{ ID: 9, Mem: 'STA:0xH0011=1::CAN:0=1::SUB:0xH0011=2::VAL:0xH0010', Format: 'SCORE', Title: 'Low byte', Description: 'The low byte when the high byte turns 2', LowerIsBetter: false }]
  }
}

export async function putSet (hub: Pick<TestHub, 'fetch'>, hash: string, body: unknown): Promise<Response> {
  return hub.fetch(`/api/achievements/sets/${hash}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

/** A logger that keeps every line at every level, for grepping. */
export function capturedLogger (): { logger: pino.Logger, text: () => string } {
  let text = ''
  const sink = new Writable({ write (chunk: Buffer, _encoding, done) { text += chunk.toString(); done() } })
  return { logger: pino({ level: 'trace' }, sink), text: () => text }
}

/** Asserts that none of the secrets is in the log, the journal or any frame a client received. */
export function assertNoSecrets (hub: TestHub, log: string, frames: readonly Frame[], secrets: readonly string[]): void {
  const journal = JSON.stringify(hub.hub.journal.recent(100_000, null))
  const events = JSON.stringify(frames)
  assert.ok(frames.length > 0 && journal.includes('achievements.'), 'the session left events to check')
  for (const secret of secrets) {
    assert.ok(!log.includes(secret), `the log holds the secret ${secret}`)
    assert.ok(!journal.includes(secret), `the journal holds the secret ${secret}`)
    assert.ok(!events.includes(secret), `an event holds the secret ${secret}`)
  }
}

/** Every 32-hex-digit string in the text (tokens of the local host look like this; so do content hashes). */
export const hexWords = (text: string): Set<string> => new Set(text.match(/\b[0-9a-f]{32}\b/g) ?? [])
