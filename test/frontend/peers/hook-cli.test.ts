import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { configuredFrontendHooks, type FrontendsConfig } from '../../../src/frontends/index.js'
import { freePort, run, startCli, stopCli, waitForHealth } from '../../support/cli.js'
import { writeFrontendTree, type FrontendTree } from '../../support/frontend-tree.js'
import { RecordingClient } from '../../support/ws-client.js'
import { tempDir } from '../../support/hub.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const events = ['game-selected', 'system-selected', 'game-start', 'game-end', 'start', 'quit', 'screensaver-start', 'screensaver-stop', 'sleep', 'wake', 'config-changed', 'settings-changed']

async function eventually<T> (read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('cabinet-hub hook: spooled while the service is down, applied in order at the next start', () => {
  let tree: FrontendTree
  let dataDir: string
  let port: number
  let serve: ReturnType<typeof startCli> | null = null
  const spoolDir = (): string => path.join(dataDir, 'events.d')
  const hook = (...args: string[]) => run(['--data-dir', dataDir, '--port', String(port), 'hook', ...args])
  const get = async (route: string): Promise<Json> => (await fetch(`http://127.0.0.1:${port}${route}`)).json() as Promise<Json>

  before(async () => {
    tree = writeFrontendTree()
    dataDir = tempDir()
    port = await freePort()
  })
  after(async () => { if (serve !== null) await stopCli(serve) })

  it('spools each hook to its own file when nothing listens, and refuses an incomplete one without spooling it', () => {
    const sf = tree.rom('mame', 'sf.zip')
    for (const args of [['system-selected', 'mame'], ['game-selected', 'mame', sf, 'Street Fighter'], ['game-start', sf, 'sf', 'Street Fighter']]) {
      const result = hook(...args)
      assert.equal(result.status, 0, result.stderr)
      assert.match(result.stderr, /spooled/)
    }
    const incomplete = hook('game-selected', 'mame')
    assert.equal(incomplete.status, 2)
    assert.match(incomplete.stderr, /rom path/)
    const files = readdirSync(spoolDir())
    assert.equal(files.length, 3)
    assert.deepEqual(files, [...files].sort())
  })

  it('applies the spooled hooks in order before ready, then empties the spool folder', async () => {
    serve = startCli(['serve', '--data-dir', dataDir, '--port', String(port), '--frontend-root', tree.root, '--es-url', `http://127.0.0.1:${await freePort()}`, '--log-level', 'warn'])
    await waitForHealth(port, serve, '/api/v1/startup/ready')
    const state = await get('/api/v1/context/state')
    assert.equal(state.state, 'playing')
    assert.equal(state.runningGame.gamePath, tree.rom('mame', 'sf.zip'))
    assert.equal(state.runningGame.gameName, 'Street Fighter')
    const raw = (await get('/api/v1/events/recent?prefix=esevent&limit=10')).events as Json[]
    assert.deepEqual(raw.reverse().map((e) => [e.Payload.EventName, e.Payload.Source]), [['system-selected', 'spool'], ['game-selected', 'spool'], ['game-start', 'spool']])
    const sequences = raw.map((e) => e.Payload.Sequence as number)
    assert.deepEqual(sequences, [...sequences].sort((a, b) => a - b))
    assert.deepEqual(readdirSync(spoolDir()), [])
  })

  it('posts straight to the running service', async () => {
    const result = hook('game-end')
    assert.equal(result.status, 0, result.stderr)
    assert.doesNotMatch(result.stderr, /spooled/)
    assert.equal((await get('/api/v1/context/state')).state, 'browsing')
  })

  it('picks up spool files written while it runs (the batch hook\'s events.ini format too) and sets aside a corrupt one', async () => {
    const bad = path.join(spoolDir(), '00000000000000001-bad.json')
    writeFileSync(bad, '{"event": ')
    // Old enough not to be a file still being written.
    utimesSync(bad, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    // Written the way the batch hook does: a dot-named temp file, then a rename.
    const temp = path.join(spoolDir(), '.hook-1.tmp')
    writeFileSync(temp, `event=game-selected\r\nmame "${tree.rom('mame', '1943.zip')}" "1943: The Battle of Midway"\r\n`)
    renameSync(temp, path.join(spoolDir(), `${String(Date.now() * 1000).padStart(17, '0')}-bat-1.ini`))
    // The door removes a file before it applies the hook: an empty folder alone does not say it was applied.
    const game = await eventually(() => get('/api/v1/context/current-game'), (g) => g.name === '1943: The Battle of Midway' && !readdirSync(spoolDir()).some((n) => n.endsWith('.ini')), 'the batch hook applied')
    assert.equal(game.name, '1943: The Battle of Midway')
    assert.deepEqual(readdirSync(spoolDir()), ['00000000000000001-bad.json.rejected'])
    assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status, 200)
  })

  it('waits for a spool file that is still being written, and keeps the files after it in order', async () => {
    const slow = path.join(spoolDir(), `${String(Date.now() * 1000).padStart(17, '0')}-slow.json`)
    const next = path.join(spoolDir(), `${String(Date.now() * 1000 + 1).padStart(17, '0')}-next.json`)
    writeFileSync(slow, '{"event":"game-selected","args":["mame",')
    writeFileSync(next, JSON.stringify({ event: 'system-selected', args: ['snes'] }))
    await new Promise((resolve) => setTimeout(resolve, 500))
    writeFileSync(slow, JSON.stringify({ event: 'game-selected', args: ['mame', tree.rom('mame', 'sf.zip'), 'Street Fighter'] }))
    const recent = await eventually(() => get('/api/v1/events/recent?prefix=esevent&limit=2'), (r) => (r.events as Json[])[0]?.Payload.EventName === 'system-selected' && !readdirSync(spoolDir()).some((n) => n.endsWith('-next.json')), 'both spooled hooks applied')
    const raw = (recent.events as Json[]).reverse()
    assert.deepEqual(raw.map((e) => e.Payload.EventName), ['game-selected', 'system-selected'])
    assert.equal((await get('/api/v1/context/current-system')).system.name, 'snes')
  })

  it('install-hooks writes the sh script of every hook on Linux, idempotently, and no batch file; the script delivers the hook with its arguments intact', async () => {
    const args = ['install-hooks', '--frontend-root', tree.root, '--data-dir', dataDir, '--port', String(port)]
    assert.equal(run(args).status, 0)
    const scripts = path.join(tree.esConfigDir, 'scripts')
    const first = events.map((e) => readFileSync(path.join(scripts, e, 'cabinet-hub-hook.sh'), 'utf8'))
    assert.equal(run(args).status, 0)
    assert.deepEqual(events.map((e) => readFileSync(path.join(scripts, e, 'cabinet-hub-hook.sh'), 'utf8')), first)
    for (const event of events) {
      assert.ok(!existsSync(path.join(scripts, event, 'cabinet-hub-hook.bat')), `${event}: ES's shell would run a .bat and fail`)
      assert.ok((statSync(path.join(scripts, event, 'cabinet-hub-hook.sh')).mode & 0o111) !== 0, `${event} script is executable`)
    }

    const mario = tree.rom('snes', 'Super Mario World (USA).sfc')
    const ran = spawnSync(path.join(scripts, 'game-selected', 'cabinet-hub-hook.sh'), ['snes', mario, 'Super Mario World'], { encoding: 'utf8', timeout: 30_000 })
    assert.equal(ran.status, 0, ran.stderr)
    const game = await eventually(() => get('/api/v1/context/current-game'), (g) => g.path === mario, 'the selection')
    assert.equal(game.systemId, 'snes')
  })

  it('applies hooks that ES starts all at once in the order it fired them, whichever script finishes first', async () => {
    const scripts = path.join(tree.esConfigDir, 'scripts')
    const rom = tree.rom('mame', '1943.zip')
    const script = (event: string): string => path.join(scripts, event, 'cabinet-hub-hook.sh')
    // game-end's script is slow to move its file into place (a busy machine): it finishes after
    // the re-selection ES fired a moment later.
    const slowBin = tempDir('cabinet-hub-slow-mv-')
    writeFileSync(path.join(slowBin, 'mv'), '#!/bin/sh\nsleep 0.04\nexec /bin/mv "$@"\n', { mode: 0o755 })
    const raw = await RecordingClient.connect(`ws://127.0.0.1:${port}/ws/esevent`)
    try {
      spawnSync('/bin/sh', ['-c', `"${script('game-start')}" ${rom} 1943 1943`], { timeout: 10_000 })
      await raw.until((c) => c.frames.some((f) => f.Payload.EventName === 'game-start'))
      // As ES runs them: `sh -c "<script> <args>"`, detached, one right after the other.
      const end = spawn('/bin/sh', ['-c', `"${script('game-end')}"`], { env: { ...process.env, PATH: `${slowBin}:${process.env.PATH ?? ''}` } })
      await new Promise((resolve) => setTimeout(resolve, 10))
      const reselect = spawn('/bin/sh', ['-c', `"${script('game-selected')}" mame ${rom} 1943`])
      await Promise.all([once(end, 'exit'), once(reselect, 'exit')])
      await raw.until((c) => c.frames.some((f) => f.Payload.EventName === 'game-selected' && (f.Payload.RawArgs as string[])[1] === rom))
      const order = raw.frames.map((f) => f.Payload.EventName)
      assert.deepEqual(order.slice(-3), ['game-start', 'game-end', 'game-selected'])
    } finally {
      raw.close()
    }
  })

  it('uninstall-hooks removes only our scripts, those of either platform', async () => {
    const scripts = path.join(tree.esConfigDir, 'scripts')
    const theirs = path.join(scripts, 'game-selected', 'their-hook.sh')
    writeFileSync(theirs, '#!/bin/sh\n')
    // A tree once set up from Windows (a shared RetroBat folder) has our batch files too.
    await configuredFrontendHooks({ profile: 'retrobat' } as FrontendsConfig)!.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDir(), port, platform: 'win32' })
    assert.ok(existsSync(path.join(scripts, 'game-start', 'cabinet-hub-hook.bat')))
    const result = run(['uninstall-hooks', '--frontend-root', tree.root])
    assert.equal(result.status, 0, result.stderr)
    assert.ok(existsSync(theirs))
    for (const event of events) assert.deepEqual(readdirSync(path.join(scripts, event)).filter((n) => n.startsWith('cabinet-hub')), [], event)
  })

  it('install-hooks refuses a root that is not a frontend install, creating nothing, and makes the folders with --create', () => {
    const missing = path.join(tempDir('cabinet-hub-nowhere-'), 'RetroBat')
    const refused = run(['install-hooks', '--frontend-root', missing, '--data-dir', dataDir])
    assert.equal(refused.status, 2)
    assert.equal(refused.stderr.trim().split('\n').length, 1, refused.stderr)
    assert.match(refused.stderr, /not a RetroBat install: the config folder .* do(es)? not exist.*--create/)
    assert.ok(!existsSync(missing), 'nothing was created')
  })

  it('install-hooks follows the batocera layout', () => {
    const root = tempDir('cabinet-hub-batocera-')
    assert.equal(run(['install-hooks', '--frontend-root', root, '--profile', 'batocera', '--data-dir', dataDir, '--create']).status, 0)
    assert.ok(existsSync(path.join(root, 'system', 'configs', 'emulationstation', 'scripts', 'game-start', 'cabinet-hub-hook.sh')))
    assert.equal(run(['install-hooks']).status, 2, 'needs a frontend root')
  })

  it('install-hooks --profile es-de finds ES-DE\'s app-data folder by ESDE_APPDATA_DIR, writes its event folders, and with --enable-scripts switches its two settings on', () => {
    const home = tempDir('cabinet-hub-esde-install-')
    const appData = path.join(home, 'ES-DE')
    mkdirSync(path.join(appData, 'settings'), { recursive: true })
    mkdirSync(path.join(home, 'ROMs'))
    const settings = path.join(appData, 'settings', 'es_settings.xml')
    writeFileSync(settings, '<?xml version="1.0"?>\n<bool name="CustomEventScripts" value="false" />\n<string name="Theme" value="linear-es-de" />\n')
    const result = run(['install-hooks', '--profile', 'es-de', '--data-dir', dataDir, '--enable-scripts'], { ESDE_APPDATA_DIR: appData })
    assert.equal(result.status, 0, result.stderr)
    assert.match(result.stdout, /^switched on CustomEventScripts, CustomEventScriptsBrowsing$/m)
    for (const event of ['game-select', 'system-select', 'game-start', 'game-end', 'startup', 'quit', 'screensaver-start', 'screensaver-end', 'screensaver-game-select']) {
      assert.ok(existsSync(path.join(appData, 'scripts', event, 'cabinet-hub-hook.sh')), event)
    }
    assert.equal(readFileSync(settings, 'utf8'), '<?xml version="1.0"?>\n<bool name="CustomEventScripts" value="true" />\n<string name="Theme" value="linear-es-de" />\n<bool name="CustomEventScriptsBrowsing" value="true" />\n')
    const again = run(['install-hooks', '--profile', 'es-de', '--frontend-root', appData, '--data-dir', dataDir, '--enable-scripts'])
    assert.match(again.stdout, /already on/)
    assert.equal(run(['install-hooks', '--frontend-root', tree.root, '--data-dir', dataDir, '--enable-scripts']).status, 2, 'RetroBat has no such setting')
  })
})
