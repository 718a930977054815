/** The venue merges the tables its cabinets publish by the score as a number, whatever the game prints around it. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { VenueRegistry } from '../../src/venue/registry.js'

describe('venue hiscores', () => {
  it('ranks by Value, so scores printed with a prefix or suffix are kept, and reads Score when a cabinet sends no Value', () => {
    const registry = new VenueRegistry(() => new Date('2026-11-25T20:00:00Z'))
    registry.hiscore('cab-a', { System: 'mame', Rom: 'galaga', Scores: [{ Rank: 1, Name: 'ALI', Score: '12,340 pts', Value: 12340 }, { Rank: 2, Name: 'BOB', Score: '$900', Value: 900 }] })
    registry.hiscore('cab-b', { System: 'mame', Rom: 'galaga', Scores: [{ Rank: 1, Name: 'BOB', Score: '5000' }, { Rank: 2, Name: 'CAT', Score: 'n/a', Value: null }] })
    assert.deepEqual(registry.mergedHiscores('mame', 'galaga'), [
      { rank: 1, name: 'ALI', score: 12340, nodeId: 'cab-a' },
      { rank: 2, name: 'BOB', score: 5000, nodeId: 'cab-b' }
    ])
  })
})

describe('venue tiles', () => {
  it('give a cabinet\'s art the cabinet\'s address and, when it sent one, its read-only link', () => {
    const registry = new VenueRegistry(() => new Date('2026-11-25T20:00:00Z'))
    const art = '/api/v1/media/systems/arcade/games/1943/artwork/marquee/marquee.png'
    registry.summary('lan', { image: art })
    registry.summary('local', { image: art })
    registry.info('lan', { baseUrl: 'http://192.168.1.20:12345/', readQuery: 'token=abc' })
    registry.info('local', { baseUrl: 'http://127.0.0.1:12345', readQuery: null })
    assert.equal(registry.cabinet('lan')?.image, `http://192.168.1.20:12345${art}?token=abc`)
    assert.equal(registry.cabinet('local')?.image, `http://127.0.0.1:12345${art}`)
  })
})
