/**
 * The frontend link on the wall clock: the burst gate's quiet windows, a gamelist re-read after it
 * changes on disk, a hook file picked up from the spool folder. The rest of the hook intake is in
 * test/frontend/context.test.ts (fast tier).
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { maxHookArgLength } from '../../../src/frontend/hook-event.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { RecordingClient, type Frame } from '../../support/ws-client.js'

describe('frontend hooks -> context and ui.* events, on the clock', () => {
  let f: FrontendHub
  before(async () => { f = await startFrontendHub({}, () => {}, { listen: true }) })
  after(async () => f.close())

  it('publishes once the selection ES repeats right after a game ends, and again a selection repeated after something else', async () => {
    // Quiet intervals longer than the burst gate's (200 ms), so only the repeat can hold a selection back.
    const quiet = async (): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, 300)) }
    await quiet()
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    const romPath = f.tree.rom('mame', 'sf.zip')
    await f.hook('game-start', romPath, 'sf', 'Street Fighter')
    await f.hook('game-end')
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    await quiet()
    await f.hook('system-selected', 'mame')
    await quiet()
    await f.hook('game-selected', 'mame', romPath, 'Street Fighter')
    await frontend.until((c) => c.types().filter((t) => t === 'ui.game.selected').length === 2)
    await quiet()
    const afterEnd = frontend.types().slice(frontend.types().indexOf('ui.game.ended'))
    assert.deepEqual(afterEnd, ['ui.game.ended', 'ui.game.selected', 'ui.system.selected', 'ui.game.selected'])
    frontend.close()
  })

  it('keeps the games read before when a gamelist turns corrupt, says why in status, and re-reads it once it changes on disk', async () => {
    const pacman = f.tree.rom('mame', 'pacman.zip')
    const gamelist = path.join(f.tree.roms, 'mame', 'gamelist.xml')
    const catalogStatus = async () => (await f.get('/api/v1/status')).body.frontend.catalog as { listedGames: number, unreadableGamelists: Array<{ file: string, error: string }> }
    const until = async (done: (status: Awaited<ReturnType<typeof catalogStatus>>) => boolean) => {
      const deadline = Date.now() + 10_000
      let status = await catalogStatus()
      while (Date.now() < deadline && !done(status)) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        status = await catalogStatus()
      }
      return status
    }
    const before = await catalogStatus()
    assert.deepEqual(before.unreadableGamelists, [])
    writeFileSync(gamelist, '<gameList><game><path>./pacman.zip</path><name>Pac-Man</name>')
    // The catalog re-reads it within a second; a half-written file must not take the games away.
    const broken = await until((status) => status.unreadableGamelists.length > 0)
    assert.deepEqual(broken.unreadableGamelists.map((u) => u.file), [gamelist])
    assert.match(broken.unreadableGamelists[0]!.error, /ends inside <game>/)
    assert.equal(broken.listedGames, before.listedGames)
    assert.equal((await f.get('/api/v1/gamelists/mame/game?rom=1943')).status, 200)
    await f.hook('game-selected', 'mame', pacman, 'pacman (from the hook)')
    const fallback = await f.get('/api/v1/context/current-game')
    assert.equal(fallback.status, 200)
    assert.equal(fallback.body.name, 'pacman (from the hook)')
    writeFileSync(gamelist, '<gameList><game><path>./pacman.zip</path><name>Pac-Man</name><developer>Namco</developer></game></gameList>')
    const fixed = await until((status) => status.unreadableGamelists.length === 0)
    assert.equal(fixed.listedGames, before.listedGames - 1, 'the new gamelist holds one game where the old one held two')
    await f.hook('game-selected', 'mame', pacman)
    assert.equal((await f.get('/api/v1/context/current-game')).body.name, 'Pac-Man')
  })

  it('ends ten selections 20 ms apart with the tenth in context and as the last ui.game.selected; Sequence never goes back', async () => {
    // Start after a quiet interval (the default burst interval is 200 ms), so the burst really starts here.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const frontend = await RecordingClient.connect(`${f.hub.wsBase}/ws/frontend`)
    const roms = Array.from({ length: 10 }, (_, i) => `/cab/roms/mame/game${i + 1}.zip`)
    const sequences: number[] = []
    for (const rom of roms) {
      sequences.push(await f.hook('game-selected', 'mame', rom, path.basename(rom)))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await frontend.until((c) => c.frames.some((fr) => fr.Type === 'ui.game.selected' && fr.Payload.GamePath === roms[9]))
    const selected = frontend.frames.filter((fr: Frame) => fr.Type === 'ui.game.selected')
    assert.equal(selected[0]!.Payload.GamePath, roms[0], 'the first of a burst goes out at once')
    assert.equal(selected.at(-1)!.Payload.Sequence, sequences[9])
    const seen = selected.map((fr) => fr.Payload.Sequence as number)
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b))
    assert.equal((await f.get('/api/v1/context/current-game')).body.path, roms[9])
    // Nothing older arrives afterwards.
    await new Promise((resolve) => setTimeout(resolve, 400))
    assert.equal(frontend.frames.filter((fr) => fr.Type === 'ui.game.selected').at(-1)!.Payload.GamePath, roms[9])
    frontend.close()
  })
})

describe('hook intake: the spool folder door', () => {
  let f: FrontendHub
  before(async () => { f = await startFrontendHub({}, () => {}, { listen: true }) })
  after(async () => f.close())

  it('takes the same argument length at every door: 400 over HTTP (JSON and text/plain), .rejected in the spool folder', async () => {
    const longPath = `C:\\roms\\mame\\${'x'.repeat(60_000)}.zip`
    const fitting = `C:\\roms\\mame\\${'y'.repeat(maxHookArgLength - 17)}.zip`
    assert.equal(fitting.length, maxHookArgLength)

    const text = await f.postHook(`event=game-selected\r\n"mame" "${longPath}" "Long"\r\n`, 'text/plain')
    assert.equal(text.status, 400)
    assert.match((await text.json() as { message: string }).message, new RegExp(`argument 2 has ${longPath.length} characters; a hook argument has at most ${maxHookArgLength}`))
    const json = await f.postHook(JSON.stringify({ event: 'game-selected', args: ['mame', longPath, 'Long'] }))
    assert.equal(json.status, 400)
    assert.equal((await f.postHook(`event=game-selected\r\n"mame" "${fitting}" "Fits"\r\n`, 'text/plain')).status, 202)

    const spool = path.join(f.hub.dataDir, 'events.d')
    mkdirSync(spool, { recursive: true })
    const temp = path.join(spool, '.long.tmp')
    writeFileSync(temp, `event=game-selected\r\n"mame" "${longPath}" "Long"\r\n`)
    // Old enough not to be a file still being written.
    utimesSync(temp, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    renameSync(temp, path.join(spool, 'bat-game-selected-1.ini'))
    const rejected = path.join(spool, 'bat-game-selected-1.ini.rejected')
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline && !existsSync(rejected)) await new Promise((resolve) => setTimeout(resolve, 50))
    assert.ok(existsSync(rejected))
    assert.equal((await f.get('/api/v1/context/current-game')).body.name, 'Fits')
  })
})
