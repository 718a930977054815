import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { readEventsIni } from '../../../src/frontend/events-ini.js'
import type { HookScriptTarget } from '../../../src/frontends/adapter.js'
import { batScript } from '../../../src/frontends/emulationstation/index.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { startHub, tempDir } from '../../support/hub.js'
import { esArgLine, script, wine, WineCmd, winePath } from '../../support/wine.js'
import { RecordingClient } from '../../support/ws-client.js'

const skip = wine.skip || script.skip

/** Writes the hook script for this event, delivering into this spool folder; returns its path. */
function writeHook (folder: string, event: string, spoolDir: string, port = 9): string {
  const target: HookScriptTarget = { esConfigDir: folder, spoolDir: winePath(spoolDir), port, platform: 'win32' }
  const file = path.join(folder, `${event}.bat`)
  writeFileSync(file, batScript(event, target))
  return file
}

const cases: Array<[string, string, string[]]> = [
  ['ampersand', 'game-selected', ['mame', 'C:\\roms\\mame\\Tom & Jerry (USA).zip', 'Tom & Jerry']],
  ['rock-and-roll', 'game-selected', ['snes', 'C:\\roms\\snes\\Rock & Roll Racing (USA).sfc', 'Rock & Roll Racing']],
  ['caret', 'game-selected', ['nes', 'C:\\roms\\nes\\Q^bert ^^ (USA).nes', 'Q^bert ^^']],
  ['percent-path', 'game-selected', ['nes', 'C:\\roms\\nes\\%PATH% Runner.nes', '%PATH% Runner %1 %*']],
  ['bang', 'game-start', ['C:\\roms\\nes\\Yoshi! Go!! (Japan).nes', 'Yoshi! Go!! (Japan)', 'Yoshi! Go!!']],
  ['parentheses', 'game-selected', ['mame', 'C:\\roms\\mame\\(Prototype) Game (1993) (Rev 2).zip', ') ( Unbalanced ( parens']],
  ['apostrophe', 'game-selected', ['psx', "C:\\roms\\psx\\Pac-Man's Park.chd", "Pac-Man's Park"]],
  ['non-ascii', 'game-selected', ['psx', 'C:\\roms\\psx\\Pokémon Stadium ポケモン.chd', 'ポケモンスタジアム Pokémon']],
  ['hundred-percent', 'game-selected', ['pcengine', 'C:\\roms\\pce\\100% Orange Juice.pce', '100% Orange Juice 50%']],
  ['system', 'system-selected', ['mame']],
  ['no-arguments', 'game-end', []],
  // ES-DE's events, in its argument order (rom path, name, system, full name), with the same hard names.
  ['esde-ampersand', 'game-select', ['C:\\ES-DE\\ROMs\\mame\\Tom & Jerry (USA).zip', 'Tom & Jerry', 'mame', 'Arcade']],
  ['esde-caret-percent', 'game-select', ['C:\\ES-DE\\ROMs\\nes\\Q^bert ^^ 100% (USA).nes', '%PATH% Q^bert %1', 'nes', 'Nintendo Entertainment System']],
  ['esde-bang-parens', 'game-start', ['C:\\ES-DE\\ROMs\\nes\\Yoshi! Go!! (Japan).nes', ') ( Yoshi! Go!!', 'nes', 'Nintendo Entertainment System']],
  ['esde-non-ascii', 'screensaver-game-select', ['C:\\ES-DE\\ROMs\\psx\\Pokémon Stadium ポケモン.chd', 'ポケモンスタジアム', 'psx', 'Sony PlayStation']],
  ['esde-system', 'system-select', ['psx', 'Sony PlayStation', 'C:\\ES-DE\\ROMs\\psx']],
  ['esde-startup', 'startup', []]
]

/** Wine runs at once; each takes one to two seconds, mostly starting Wine. */
const parallelRuns = 4

describe('the Windows batch hook under Wine\'s cmd', { skip }, () => {
  let cmd: WineCmd
  let work: string
  /** What each case's run left in its spool folder (names, the first file's text), or why it did not run. */
  const delivered = new Map<string, { files: string[], text: string } | { error: string }>()

  async function deliver ([name, event, args]: [string, string, string[]]): Promise<void> {
    const spool = path.join(work, name, 'events.d')
    mkdirSync(spool, { recursive: true })
    try {
      await cmd.run(writeHook(path.join(work, name), event, spool), esArgLine(args))
    } catch (error) {
      delivered.set(name, { error: String(error) })
      return
    }
    const files = readdirSync(spool)
    delivered.set(name, { files, text: files.length === 0 ? '' : readFileSync(path.join(spool, files[0]!), 'utf8') })
  }

  before(async () => {
    cmd = await WineCmd.open()
    work = tempDir('cabinet-hub-bat-')
    const queue = [...cases]
    await Promise.all(Array.from({ length: parallelRuns }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await deliver(next)
    }))
  })
  after(() => {
    cmd?.close()
    if (work !== undefined) rmSync(work, { recursive: true, force: true })
  })

  for (const [name, event, args] of cases) {
    it(`${event} with ${name}: one spool file holding the line exactly as received, which parses back to ES's arguments`, () => {
      const result = delivered.get(name)!
      if ('error' in result) assert.fail(result.error)
      const { files, text } = result
      assert.equal(files.length, 1, `one spool file and no claim folder left: ${files.join(', ')}`)
      assert.match(files[0]!, /^bat-[a-z-]+-\d+\.ini$/)
      assert.equal(text, `event=${event}\r\n${esArgLine(args)}\r\n`)
      assert.deepEqual(readEventsIni(text), { event, args })
    })
  }

  describe('end to end', () => {
    let f: FrontendHub
    before(async () => { f = await startFrontendHub({}, () => {}, { listen: true }) })
    after(async () => f?.close())

    it('the spool file reaches the running service: ui.game.selected carries the exact GamePath and GameName', async () => {
      const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
      const romPath = 'C:\\RetroBat\\roms\\mame\\Tom & Jerry (USA).zip'
      const port = Number(new URL(f.hub.baseUrl).port)
      // Wine has no curl.exe: the spool folder is the delivery, which the service watches.
      const hook = writeHook(work, 'game-selected', path.join(f.hub.dataDir, 'events.d'), port)
      await cmd.run(hook, esArgLine(['mame', romPath, 'Tom & Jerry']))
      await frontend.until((c) => c.types().includes('ui.game.selected'))
      const selected = frontend.frames.find((fr) => fr.Type === 'ui.game.selected')!
      assert.equal(selected.Payload.GamePath, romPath)
      assert.equal(selected.Payload.GameName, 'Tom & Jerry')
      assert.equal(selected.Payload.Source, 'spool')
      frontend.close()
    })

    it('ES-DE\'s events from the same script reach an es-de service: selection and start of one game with its exact path and one GameId', async () => {
      const appData = path.join(tempDir('cabinet-hub-bat-esde-'), 'ES-DE')
      const hub = await startHub({ listen: true, options: { frontendRoot: appData, profile: 'es-de' } })
      try {
        const frontend = await RecordingClient.connect(`${hub.wsBase}/ws/frontend`)
        const romPath = 'C:\\ES-DE\\ROMs\\mame\\Tom & Jerry (USA) 100%.zip'
        const spool = path.join(hub.dataDir, 'events.d')
        // ES-DE on Windows quotes every argument, game-start's path included: the same line for both.
        for (const event of ['game-select', 'game-start']) await cmd.run(writeHook(work, event, spool), esArgLine([romPath, 'Tom & Jerry', 'mame', 'Arcade']))
        await frontend.until((c) => c.types().includes('ui.game.started'))
        const selected = frontend.frames.find((fr) => fr.Type === 'ui.game.selected')!
        const started = frontend.frames.find((fr) => fr.Type === 'ui.game.started')!
        assert.deepEqual([selected.Payload.GamePath, selected.Payload.SystemId, selected.Payload.GameName], [romPath, 'mame', 'Tom & Jerry'])
        assert.equal(started.Payload.GamePath, romPath)
        assert.equal((started.Payload.Selection as Record<string, unknown>).GameId, (selected.Payload.Selection as Record<string, unknown>).GameId)
        assert.equal((started.Payload.Context as Record<string, unknown>).Frontend, 'es-de')
        frontend.close()
      } finally {
        await hub.close()
      }
    })
  })
})
