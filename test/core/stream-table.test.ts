import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { eventCatalogOf, streamTableOf } from '../../src/core/hub.js'
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

  it('advertises a prefix only when an event has it, or when the contract\'s stream table names it', () => {
    // The contract's rows (spec §4.3) are followed to the letter, so a prefix it names stays even before any event has it.
    const spec = readFileSync(new URL('../../../shared/spec/interface.md', import.meta.url), 'utf8')
    const contract = new Set([...spec.matchAll(/^\| `\/ws\/[a-z-]+` \| ([^|]+)\|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`([a-z0-9.-]+\.)`/g)].map(([, prefix]) => prefix!)))
    assert.ok(contract.has('theme.') && contract.has('rules.'), 'the contract\'s table was read')
    const types = eventCatalogOf(domainModules).definitions.map((definition) => definition.type)
    const unbacked = streamTable.flatMap((row) => row.prefixes.filter((prefix) => !types.some((type) => type.startsWith(prefix)) && !contract.has(prefix)).map((prefix) => `${row.name}: ${prefix}`))
    assert.deepEqual(unbacked, [])
  })

  it('puts the events a module joins to another module\'s row on that row: themes on the panel, the partner leaderboard on the hiscores, toasts on system', () => {
    assert.deepEqual(streamsFor('theme.exported'), [FIREHOSE, 'panel'])
    assert.deepEqual(streamsFor('records.leaderboard.updated'), [FIREHOSE, 'hiscore'])
    assert.deepEqual(streamsFor('scraping.completed'), [FIREHOSE, 'roms'])
    assert.deepEqual(streamsFor('notifications.toast'), [FIREHOSE, 'system'])
    assert.deepEqual(streamsFor('collections.updated'), [FIREHOSE, 'system'])
  })
})
