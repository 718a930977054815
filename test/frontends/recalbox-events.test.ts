/** Recalbox's event payloads as the adapter reads them: the three shapes, the doubled JSON, es_state.inf, and what each event means. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { eventFromJson, eventFromStateFile, firstJsonObject, interpretRecalboxEvent } from '../../src/frontends/recalbox/events.js'
import { parseStateFile } from '../../src/frontends/recalbox/state-file.js'

const asIs = (recalboxPath: string): string => recalboxPath
const rom = '/recalbox/share/roms/snes/Super Metroid (USA).sfc'
const eventJson = JSON.stringify({ Action: 'rungame', Parameter: rom, Version: '2.0', System: { System: 'Super Nintendo', SystemId: 'snes', DefaultEmulator: { Emulator: 'libretro', Core: 'snes9x' } }, Game: { Game: 'Super "Metroid" {1994}', GamePath: rom, IsFolder: false, Favorite: true } })

describe('Recalbox event payloads', () => {
  it('reads EventJson, and only the first of two copies in one payload (with NUL bytes)', () => {
    const expected = { action: 'rungame', parameter: rom, systemId: 'snes', gamePath: rom, gameName: 'Super "Metroid" {1994}' }
    assert.deepEqual(eventFromJson(eventJson), expected)
    assert.deepEqual(eventFromJson(`${eventJson}\0${eventJson}\0`), expected)
    assert.deepEqual(firstJsonObject(`  ${eventJson}{"Action":"endgame"}`), JSON.parse(eventJson))
  })

  it('reads the web server\'s camelCase republication', () => {
    const payload = JSON.stringify({ event: 'gamebrowsing', param: rom, system: { name: 'snes', fullname: 'Super Nintendo' }, game: { romPath: rom, name: 'Super Metroid', media: { image: '' } } })
    assert.deepEqual(eventFromJson(payload), { action: 'gamebrowsing', parameter: rom, systemId: 'snes', gamePath: rom, gameName: 'Super Metroid' })
  })

  it('refuses what is no event: not JSON, cut short, neither shape', () => {
    assert.throws(() => eventFromJson('rungame'), /not a JSON object/)
    assert.throws(() => eventFromJson(eventJson.slice(0, 40)), /not complete/)
    assert.throws(() => eventFromJson('{"Action":3}'), /neither Action nor event/)
  })

  it('reads es_state.inf split at the first =, CRLF, and only for the action it is about', () => {
    const state = parseStateFile(`Version=2.0\r\nAction=gamelistbrowsing\r\nActionData=${rom}\r\nSystem=Super Nintendo\r\nSystemId=snes\r\nGame=A=B\r\nGamePath=${rom}\r\nState=selected\r\n`)
    assert.equal(state.get('Game'), 'A=B')
    assert.equal(state.get('State'), 'selected')
    assert.deepEqual(eventFromStateFile('gamelistbrowsing', state), { action: 'gamelistbrowsing', parameter: rom, systemId: 'snes', gamePath: rom, gameName: 'A=B' })
    assert.equal(eventFromStateFile('rungame', state), null, 'overwritten by a later event')
  })
})

describe('what a Recalbox event means', () => {
  const meaning = (action: string, fields: Partial<{ systemId: string, gamePath: string, gameName: string }> = {}) =>
    interpretRecalboxEvent({ action, parameter: '', systemId: '', gamePath: '', gameName: '', ...fields }, asIs)

  it('maps browsing, play, screensaver and lifecycle events', () => {
    const game = { systemId: 'snes', gamePath: rom, gameName: 'Super Metroid' }
    assert.deepEqual(meaning('systembrowsing', { systemId: 'snes' }), { event: 'systembrowsing', args: [], action: { kind: 'system-selected', systemId: 'snes' } })
    assert.deepEqual(meaning('gamelistbrowsing', game), { event: 'gamelistbrowsing', args: [], action: { kind: 'game-selected', systemId: 'snes', gamePath: rom, gameName: 'Super Metroid' } })
    // In a virtual system the game's own system is its rom folder's.
    assert.deepEqual((meaning('gamelistbrowsing', { ...game, systemId: 'favorites' }) as { action: unknown }).action, { kind: 'game-selected', systemId: 'snes', gamePath: rom, gameName: 'Super Metroid' })
    assert.deepEqual((meaning('rungame', game) as { action: unknown }).action, { kind: 'game-started', gamePath: rom, romStem: undefined, gameName: 'Super Metroid' })
    const kinds = ['endgame', 'sleep', 'wakeup', 'start', 'relaunch', 'stop', 'quit', 'shutdown', 'reboot', 'rundemo', 'scrapstart'].map((action) => (meaning(action, game) as { action: { kind: string } }).action.kind)
    assert.deepEqual(kinds, ['game-ended', 'screensaver-started', 'screensaver-stopped', 'frontend-started', 'frontend-started', 'frontend-quit', 'frontend-quit', 'frontend-quit', 'frontend-quit', 'other', 'other'])
  })

  it('maps Recalbox paths onto the share as this machine sees it', () => {
    const mapped = interpretRecalboxEvent({ action: 'rungame', parameter: rom, systemId: 'snes', gamePath: rom, gameName: '' }, (p) => p.replace('/recalbox/share/', '/mnt/recalbox/'))
    assert.deepEqual(mapped, { event: 'rungame', args: [rom], action: { kind: 'game-started', gamePath: '/mnt/recalbox/roms/snes/Super Metroid (USA).sfc', romStem: undefined, gameName: undefined } })
  })

  it('leaves out events it cannot use, saying why', () => {
    assert.match((meaning('rungame') as { problem: string }).problem, /rungame names no game/)
    assert.match((meaning('systembrowsing') as { problem: string }).problem, /names no system/)
    assert.match((meaning('systembrowsing', { systemId: '../etc' }) as { problem: string }).problem, /is not a name/)
    assert.match((meaning('Run Game!') as { problem: string }).problem, /not a Recalbox event name/)
  })
})
