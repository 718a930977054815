import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseSwitchWord, resolveGates, type ConfiguredSwitch, type ManagerId } from '../../src/core/gates.js'
import { managersOf } from '../../src/core/hub.js'
import { domainModules } from '../../src/modules.js'

/** Every manager of this build, as the modules declare them. */
const managerDefinitions = managersOf(domainModules)

const config = (entries: Array<[ManagerId, boolean]> = []): Map<ManagerId, ConfiguredSwitch> =>
  new Map(entries.map(([id, value]) => [id, { value, fromDefault: false }]))

describe('resolveGates', () => {
  it('knows the nine managers of the contract', () => {
    assert.deepEqual(managerDefinitions.map((m) => m.id).sort(), ['apiReference', 'autoScraping', 'controlPanel', 'gameEvents', 'localMedia', 'notificationsUi', 'roms', 'themesCollections', 'webSocket'])
  })

  it('switches every manager on by default', () => {
    const gates = resolveGates(managerDefinitions, new Map(), new Map())
    for (const definition of managerDefinitions) {
      const gate = gates.get(definition.id)!
      assert.equal(gate.enabled, true, definition.id)
      assert.equal(gate.source, 'default')
    }
  })

  it('takes the config value when the frontend says nothing', () => {
    const gates = resolveGates(managerDefinitions, config([['roms', false]]), new Map())
    assert.equal(gates.get('roms')!.enabled, false)
    assert.equal(gates.get('roms')!.source, 'config')
  })

  it('lets a readable es_settings value override the config, in every spelling', () => {
    for (const [word, expected] of [['1', true], ['true', true], ['ON', true], ['yes', true], ['0', false], ['false', false], ['off', false], ['No', false]] as const) {
      const gates = resolveGates(managerDefinitions, config([['gameEvents', !expected]]), new Map([['global.cabinethub.game_events_manager.enabled', word]]))
      assert.equal(gates.get('gameEvents')!.enabled, expected, word)
      assert.equal(gates.get('gameEvents')!.source, 'es_settings')
    }
  })

  it('ignores an unreadable frontend value, keeps the config and reports the value', () => {
    const gates = resolveGates(managerDefinitions, config([['roms', false]]), new Map([['global.cabinethub.roms_manager.enabled', 'maybe']]))
    assert.equal(gates.get('roms')!.enabled, false)
    assert.equal(gates.get('roms')!.source, 'config')
    assert.equal(gates.get('roms')!.ignoredEsValue, 'maybe')
  })

  it('turns a child off when its parent is off, whatever the child says', () => {
    const gates = resolveGates(managerDefinitions, config([['autoScraping', true]]), new Map([
      ['global.cabinethub.local_media_manager.enabled', '0'],
      ['global.cabinethub.auto_scraping_manager.enabled', '1']
    ]))
    const child = gates.get('autoScraping')!
    assert.equal(child.switchedOn, true)
    assert.equal(child.enabled, false)
    assert.equal(child.disabledByParent, 'localMedia')
  })

  it('keeps a child off by its own switch without blaming the parent', () => {
    const gates = resolveGates(managerDefinitions, config([['autoScraping', false]]), new Map())
    assert.equal(gates.get('autoScraping')!.enabled, false)
    assert.equal(gates.get('autoScraping')!.disabledByParent, null)
    assert.equal(gates.get('localMedia')!.enabled, true)
  })
})

describe('parseSwitchWord', () => {
  it('reads frontend booleans and rejects anything else', () => {
    assert.equal(parseSwitchWord(' True '), true)
    assert.equal(parseSwitchWord('off'), false)
    assert.equal(parseSwitchWord('2'), null)
    assert.equal(parseSwitchWord(''), null)
  })
})
