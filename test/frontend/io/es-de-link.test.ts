/**
 * The service against the simulated ES-DE (src/sim/README.md): our sh hooks installed for ES-DE's
 * events, run one after another through `sh -c` with ES-DE's quoting and escaping. A selection,
 * start and end of `Legend of Zelda, The (USA).zip` give its true path and one GameId; the blank
 * game-select of a fast scroll is no game; what ES-DE cannot do answers 501 FRONTEND_UNSUPPORTED
 * (logged as the answer it is); once ES-DE quits the context says so; and nothing the service
 * publishes or answers about ES-DE names a web API, which it has not.
 */
import assert from 'node:assert/strict'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { configuredFrontendHooks, type FrontendsConfig } from '../../../src/frontends/index.js'
import { spoolDirOf } from '../../../src/frontend/index.js'
import { writeDemoTree } from '../../../src/sim/index.js'
import { SimulatedEsDe } from '../../support/sim/es-de/frontend.js'
import { frontendRunning } from '../../support/frontend-hub.js'
import { moduleCli } from '../../support/module-cli.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import type { RecordingClient} from '../../support/ws-client.js';
import { type Frame } from '../../support/ws-client.js'

describe('the service against the simulated ES-DE', () => {
  let hub: TestHub
  let sim: SimulatedEsDe
  let simUrl = ''
  let frontend: RecordingClient
  let raw: RecordingClient
  let zelda = ''
  let appData = ''
  let root = ''
  const logLines: Array<Record<string, unknown>> = []

  before(async () => {
    const home = tempDir('cabinet-hub-esde-link-')
    const tree = await writeDemoTree(home, 'es-de')
    appData = tree.esConfigDir
    root = tree.root
    // The demo's Zelda as the zip the issue names: the rom file and its gamelist entry.
    const nes = path.join(home, 'ROMs', 'nes')
    zelda = path.join(nes, 'Legend of Zelda, The (USA).zip')
    renameSync(path.join(nes, 'Legend of Zelda, The (USA).nes'), zelda)
    const gamelist = path.join(tree.esConfigDir, 'gamelists', 'nes', 'gamelist.xml')
    writeFileSync(gamelist, readFileSync(gamelist, 'utf8').replace('Legend of Zelda, The (USA).nes', 'Legend of Zelda, The (USA).zip'))
    const logger = pino({ level: 'debug' }, { write: (line: string) => { logLines.push(JSON.parse(line) as Record<string, unknown>) } })
    hub = await startHub({ logger, options: { frontendRoot: tree.root, profile: 'es-de', esProbeIntervalMs: '200' } })
    await configuredFrontendHooks({ profile: 'es-de' } as FrontendsConfig)!.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDirOf(hub.dataDir), port: 0, platform: 'linux' })
    frontend = await hub.connect(`/ws/frontend`)
    raw = await hub.connect(`/ws/esevent`)
    sim = new SimulatedEsDe({ frontendRoot: tree.root, playSeconds: 600, screensaverSeconds: 0 })
    simUrl = (await sim.start()).url
    // No web API: ES-DE's startup event is what says it runs.
    await frontendRunning(hub)
  })
  after(async () => {
    frontend?.close()
    raw?.close()
    await sim?.stop()
    await hub?.close()
  })

  const all = (type: string): Frame[] => frontend.frames.filter((f) => f.Type === type)
  const press = async (...inputs: string[]): Promise<void> => {
    for (const input of inputs) assert.equal((await fetch(`${simUrl}/sim/input`, { method: 'POST', body: JSON.stringify({ input }) })).status, 204)
  }
  const post = async (route: string, body: unknown): Promise<Response> => hub.fetch(`${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const selection = (frame: Frame): Record<string, unknown> => frame.Payload.Selection as Record<string, unknown>

  it('selects, starts and ends Legend of Zelda, The (USA).zip with its true path and one GameId; the fast-scroll select is no game', async () => {
    // nes is the last system: left wraps to it; a opens it (Mega Man 2), pagedown scrolls fast to Zelda.
    await press('left', 'a', 'pagedown')
    await frontend.until((c) => c.frames.some((f) => f.Type === 'ui.game.selected' && f.Payload.GamePath === zelda), 15_000)
    const selected = all('ui.game.selected').find((f) => f.Payload.GamePath === zelda)!
    assert.equal(selected.Payload.SystemId, 'nes')
    assert.equal(selected.Payload.GameName, 'The Legend of Zelda')
    assert.equal(selection(selected).Developer, 'Nintendo R&D4', 'the details come from <appdata>/gamelists/nes/gamelist.xml')
    assert.equal((selected.Payload.Context as Record<string, unknown>).Frontend, 'es-de')
    const blank = raw.frames.filter((f) => f.Payload.EventName === 'game-select' && (f.Payload.RawArgs as string[]).length === 0)
    assert.equal(blank.length, 1, 'ES-DE fired its blank game-select when the fast scroll started')
    assert.ok(all('ui.game.selected').every((f) => typeof f.Payload.GamePath === 'string' && f.Payload.GamePath !== ''), 'no selection without a game')
    assert.deepEqual(all('ui.game.selected').map((f) => path.basename(String(f.Payload.GamePath))), ['Mega Man 2 (USA).nes', 'Legend of Zelda, The (USA).zip'])

    await press('a')
    await frontend.until((c) => c.types().includes('ui.game.started'), 15_000)
    const started = all('ui.game.started').at(-1)!
    assert.match((started.Payload.RawArgs as string[])[0]!, /Legend\\ of\\ Zelda,\\ The\\ \\\(USA\\\)\.zip$/, 'ES-DE passed the escaped path')
    assert.equal(started.Payload.GamePath, zelda)
    assert.equal(selection(started).GameId, selection(selected).GameId)
    assert.equal((started.Payload.Context as Record<string, unknown>).State, 'playing')

    await press('start')
    await frontend.until((c) => c.types().includes('ui.game.ended'), 15_000)
    const ended = all('ui.game.ended').at(-1)!
    assert.equal(ended.Payload.GamePath, zelda)
    assert.equal(selection(ended).GameId, selection(selected).GameId)
  })

  it('serves the game\'s art from ES-DE\'s downloaded_media: the title screen, the screenshot and the marquee (its wheel)', async () => {
    const current = await (await hub.fetch(`/api/v1/context/current-game`)).json() as { details: { image: string, thumbnail: string, extras: Record<string, string> } }
    const media = path.join(appData, 'downloaded_media', 'nes')
    for (const [url, folder] of [[current.details.image, 'titlescreens'], [current.details.thumbnail, 'screenshots'], [current.details.extras.wheel, 'marquees']] as const) {
      assert.match(url ?? '', /^\/api\/v1\/media\//, JSON.stringify(current.details))
      const served = Buffer.from(await (await hub.fetch(`${url!}`)).arrayBuffer())
      assert.deepEqual(served, readFileSync(path.join(media, folder, 'Legend of Zelda, The (USA).png')), folder)
    }
  })

  it('answers launch, notifications and reload with 501 FRONTEND_UNSUPPORTED, and changes nothing', async () => {
    const launch = await post('/api/v1/commands/launch', { romPath: zelda })
    assert.equal(launch.status, 501)
    assert.equal((await launch.json() as { code: string }).code, 'FRONTEND_UNSUPPORTED')
    const notify = await post('/api/v1/es-notifications', { message: 'hello' })
    assert.equal(notify.status, 501)
    assert.equal((await notify.json() as { code: string }).code, 'FRONTEND_UNSUPPORTED')
    const reload = await post('/api/v1/es/controller/reloadgames', {})
    assert.equal(reload.status, 501)
    const state = await (await hub.fetch(`/api/v1/context/state`)).json() as { state: string }
    assert.equal(state.state, 'browsing')
    const unsupported = logLines.filter((line) => line.code === 'FRONTEND_UNSUPPORTED' || JSON.stringify(line).includes('FRONTEND_UNSUPPORTED'))
    assert.equal(unsupported.length, 3, 'one line per answer')
    assert.ok(unsupported.every((line) => line.level === 30 && line.err === undefined), `logged at info, without a stack: ${JSON.stringify(unsupported)}`)
  })

  it('says the frontend stopped once ES-DE quits: the context is not browsing the last game any more', async () => {
    await sim.stop(true)
    await frontend.until((c) => c.frames.some((f) => f.Type === 'ui.frontend.stopped'), 15_000)
    assert.equal(all('ui.frontend.stopped').at(-1)!.Payload.Reason, 'quit-hook')
    const state = await (await hub.fetch(`/api/v1/context/state`)).json() as { state: string, selectedGame: unknown, runningGame: unknown }
    assert.deepEqual([state.state, state.selectedGame, state.runningGame], ['stopped', null, null])
    const status = await (await hub.fetch(`/api/v1/status`)).json() as { frontend: { running: boolean } }
    assert.equal(status.frontend.running, false)
  })

  it('names no web API in its ui.frontend.* events, its status or doctor, and shows ES-DE\'s own theme', async () => {
    const lifecycle = frontend.frames.filter((f) => f.Type.startsWith('ui.frontend.'))
    assert.deepEqual(lifecycle.filter((f) => f.Type !== 'ui.frontend.state').map((f) => `${f.Type} ${String(f.Payload.Reason)}`), ['ui.frontend.started start-hook', 'ui.frontend.stopped quit-hook'])
    const status = await (await hub.fetch(`/api/v1/status`)).text()
    assert.deepEqual((JSON.parse(status) as { media: { themes: string[] } }).media.themes, ['linear-es-de'], 'the Theme of its es_settings.xml, and no ES theme')
    // A tree without our hooks and with a rom name sh -c cannot pass: doctor's every ES-DE problem.
    const bare = await writeDemoTree(tempDir('cabinet-hub-esde-doctor-'), 'es-de')
    writeFileSync(path.join(path.dirname(bare.root), 'ROMs', 'nes', 'Cash $ Money.nes'), 'rom')
    const doctors = await Promise.all([root, bare.root].map(async (frontendRoot) => moduleCli('doctor', ['--frontend-root', frontendRoot, '--profile', 'es-de', '--data-dir', hub.dataDir])))
    assert.match(doctors[1]!.stdout, /no cabinet-hub hook scripts[\s\S]*cannot pass/, doctors[1]!.stdout)
    const said = [...lifecycle.map((f) => JSON.stringify(f.Payload)), status, ...doctors.map((d) => d.stdout + d.stderr)]
    for (const text of said) assert.doesNotMatch(text, /EsUrl|esUrl|webApi|web API|web-api|(?<!\d)1234(?!\d)/i, text)
  })
})
