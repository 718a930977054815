import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { streamTableOf } from '../../src/core/hub.js'
import { FIREHOSE } from '../../src/core/stream-table.js'
import { domainModules } from '../../src/modules.js'

const table = streamTableOf(domainModules)
const streamTable = table.definitions
const resolveStream = (name: string) => table.resolve(name)
const streamsFor = (type: string) => table.streamsFor(type)

describe('stream table', () => {
  it('holds the 17 streams of the spec with their aliases, as the modules declare them', () => {
    assert.deepEqual(streamTable.map((s) => s.name).sort(), [
      'achievements', 'arcade', 'control', 'esevent', 'frontend', 'hiscore', 'ingame', 'instruction-card', 'marquee',
      'media', 'panel', 'roms', 'score', 'screen', 'system', 'timer', 'topper'
    ])
    const aliases = Object.fromEntries(streamTable.map((s) => [s.name, [...s.aliases]]))
    assert.deepEqual(aliases.esevent, ['es-event', 'es_event', 'esevents', 'es-events'])
    assert.deepEqual(aliases['instruction-card'], ['instructioncard', 'instruction_card', 'instructions'])
    assert.deepEqual(aliases.achievements, ['achievement', 'cheevos'])
    assert.deepEqual(aliases.hiscore, ['highscore', 'highscores', 'hiscores'])
    assert.deepEqual(aliases.score, ['scores'])
    assert.deepEqual(aliases.timer, ['timers'])
  })

  it('resolves names case-insensitively, with aliases and the firehose spellings', () => {
    assert.deepEqual(resolveStream('Panel'), { name: 'panel', known: true })
    assert.deepEqual(resolveStream('cheevos'), { name: 'achievements', known: true })
    assert.deepEqual(resolveStream('ES-Events/'), { name: 'esevent', known: true })
    assert.deepEqual(resolveStream(''), { name: FIREHOSE, known: true })
    assert.deepEqual(resolveStream('nonsense'), { name: 'nonsense', known: false })
  })

  it('routes by prefix, keeps esevent off the firehose and cpo.panel.config.selected on panel', () => {
    assert.deepEqual(streamsFor('panel.state'), [FIREHOSE, 'panel'])
    assert.deepEqual(streamsFor('esevent.events_refresh'), ['esevent'])
    assert.deepEqual(streamsFor('cpo.panel.config.selected'), [FIREHOSE, 'panel'])
    assert.deepEqual(streamsFor('cabemu2.output.changed'), [FIREHOSE, 'arcade'])
    assert.deepEqual(streamsFor('score.live.changed'), [FIREHOSE, 'score'])
    assert.deepEqual(streamsFor('score.total'), [FIREHOSE])
    assert.deepEqual(streamsFor('notifications.toast'), [FIREHOSE, 'system'])
  })

  it('refuses a stream name or alias declared twice', () => {
    assert.throws(() => streamTableOf([...domainModules, { name: 'copy', gate: null, streams: [{ name: 'media', description: '', prefixes: [], extraTypes: [], aliases: [] }], register: async () => {} }]), /stream name media is declared twice/)
  })
})
