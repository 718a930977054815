import assert from 'node:assert/strict'
import { renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { readEventsIni } from '../../../src/frontend/events-ini.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { tempDir } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

/** Replaces the file the way the incumbent's hook scripts do: private temp file, then a rename over it. */
function writeAtomically (file: string, text: string): void {
  const temp = `${file}.${Math.random().toString(16).slice(2)}.tmp`
  writeFileSync(temp, text)
  renameSync(temp, file)
}

describe('events.ini door', () => {
  let f: FrontendHub
  let file: string
  let esevent: RecordingClient
  const accepted = (): string[] => esevent.frames.map((fr) => `${String(fr.Payload.EventName)} ${(fr.Payload.RawArgs as string[]).join(' / ')}`)

  before(async () => {
    file = path.join(tempDir('cabinet-hub-eventsini-'), 'events.ini')
    writeFileSync(file, 'event=game-selected\r\nmame "C:\\roms\\mame\\old.zip" "Old"\r\n')
    f = await startFrontendHub({ eventsIni: file }, () => {}, { listen: true })
    esevent = await RecordingClient.connect(`${f.hub.wsBase}/ws/esevent`)
  })
  after(async () => {
    esevent.close()
    await f.close()
  })

  it('does not replay what the file held before the service started', async () => {
    assert.equal((await f.get('/api/v1/context/current-game')).status, 404)
  })

  it('turns an atomically replaced file into a hook with Windows-style quote grouping, Source events.ini', async () => {
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    const romPath = f.tree.rom('mame', '1943.zip')
    writeAtomically(file, `event=game-selected\r\nmame "${romPath}" "1943: The Battle of Midway"\r\ntimestamp=21/11/2026 20:00:00,00\r\n`)
    await frontend.until((c) => c.types().includes('ui.game.selected'))
    const game = frontend.frames.find((fr) => fr.Type === 'ui.game.selected')!
    assert.equal(game.Payload.GamePath, romPath)
    assert.equal(game.Payload.GameName, '1943: The Battle of Midway')
    assert.equal(game.Payload.Source, 'events.ini')
    assert.deepEqual(esevent.frames.at(-1)!.Payload.RawArgs, ['mame', romPath, '1943: The Battle of Midway', 'timestamp=21/11/2026 20:00:00,00'])
    frontend.close()
  })

  it('ignores the same hook rewritten right after (new timestamp only), incomplete content and garbage; takes the next real one', async () => {
    const romPath = f.tree.rom('mame', '1943.zip')
    const before = esevent.frames.length
    writeAtomically(file, `event=game-selected\r\nmame "${romPath}" "1943: The Battle of Midway"\r\ntimestamp=21/11/2026 20:00:01,00\r\n`)
    await new Promise((resolve) => setTimeout(resolve, 400))
    writeAtomically(file, 'event=game-selected\r\nmame\r\n')
    await new Promise((resolve) => setTimeout(resolve, 400))
    writeAtomically(file, '\u0000\u0001garbage "unbalanced\r\n')
    await new Promise((resolve) => setTimeout(resolve, 400))
    writeAtomically(file, 'event=system-selected\r\nNintendo 64\r\n')
    await esevent.until((c) => c.frames.length > before)
    await new Promise((resolve) => setTimeout(resolve, 400))
    assert.deepEqual(accepted().slice(before), ['system-selected Nintendo 64'])
    assert.equal((await f.get('/api/v1/context/current-system')).body.system.name, 'Nintendo 64')
  })
})

/** The argument line as EmulationStation builds it on Windows: every argument in double quotes. */
const esLine = (args: readonly string[]): string => args.map((a) => `"${a}"`).join(' ')

describe('events.ini text as the Windows batch hook writes it', () => {
  const cases: Array<[string, string[]]> = [
    ['game-selected', ['mame', 'C:\\roms\\mame\\Tom & Jerry (USA).zip', 'Tom & Jerry']],
    ['game-selected', ['snes', 'C:\\roms\\snes\\Rock & Roll Racing (USA).sfc', 'Rock & Roll Racing']],
    ['game-start', ['C:\\roms\\nes\\100% ^Caret^ !Bang! %PATH% (Proto).nes', '100% ^Caret^ !Bang! %PATH% (Proto)', "Pac-Man's Park"]],
    ['game-selected', ['psx', 'C:\\ロム\\Pokémon Stadium.chd', 'ポケモンスタジアム']],
    ['system-selected', ['mame']]
  ]

  it('gives back exactly the arguments EmulationStation passed', () => {
    for (const [event, args] of cases) {
      assert.deepEqual(readEventsIni(`event=${event}\r\n${esLine(args)}\r\n`), { event, args })
    }
  })

  it('reads a hook without arguments from the blank line the script writes for it', () => {
    assert.deepEqual(readEventsIni('event=game-end\r\n\r\n'), { event: 'game-end', args: [] })
  })

  it('says why text is not a usable hook', () => {
    assert.match(readEventsIni('game-selected\r\n"mame"\r\n') as string, /event=/)
    assert.match(readEventsIni('event=game-selected\r\n"mame" "C:\\roms\\a.zip\r\n') as string, /unbalanced/)
    assert.match(readEventsIni('event=game-selected\r\n"mame"\r\n') as string, /rom path/)
  })
})
