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
