/**
 * The Windows bundle as a RetroBat owner runs it, under Wine with Node.js 22's node.exe in place of
 * the bundle's Node.js 24 (test/support/windows-bundle.ts says why): a RetroBat tree, the service
 * started by `cabinet-hub.cmd`, our `.bat` hook run by Wine's cmd as EmulationStation runs it, the
 * incumbent's events.ini, a media file served from a Windows path, and a signed record that
 * outlives a power cut (checked by `records verify` from this side).
 */
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { freePort, run, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { WindowsBundle } from '../../support/windows-bundle.js'
import { esArgLine, script, wine, WineCmd, winePath } from '../../support/wine.js'
import { findPeer } from '../../support/peers.js'

const unzip = findPeer('unzip', 'unzip', ['/usr/bin/unzip'])
const skip = wine.skip || script.skip || unzip.skip

/** Every character here passes from RetroBat's ES through cmd to our hook: spaces, & ! ( ) [ ] and an accent. */
const hardRom = 'Tom & Jerry! [b] (Démo).nes'

async function json<T> (url: string): Promise<T> {
  return await (await fetch(url)).json() as T
}

/** Polls until `check` passes on what `url` answers (a hook crosses a spool folder and a file watcher). */
async function waitForAnswer<T> (url: string, check: (body: T) => boolean, what: string): Promise<T> {
  let last: T | undefined
  for (let tries = 0; tries < 300; tries++) {
    last = await json<T>(url)
    if (check(last)) return last
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.fail(`${what}: ${JSON.stringify(last)}`)
}

describe('the win-x64 bundle under Wine, with Windows Node.js 22', { skip }, () => {
  let cmd: WineCmd
  let bundle: WindowsBundle
  let tree: string
  let dataDir: string
  let port: number
  let serve: ReturnType<WindowsBundle['start']>
  const hub = (route: string): string => `http://127.0.0.1:${port}${route}`
  const eventsIni = (): string => path.join(tree, 'incumbent', 'events.ini')
  const serviceArgs = (): string[] => ['serve', '--frontend-root', winePath(tree), '--profile', 'retrobat', '--data-dir', winePath(dataDir), '--port', String(port), '--mame-exe', 'none', '--events-ini', winePath(eventsIni())]

  before(async () => {
    cmd = await WineCmd.open('bundle')
    bundle = WindowsBundle.open(cmd.prefix)
    tree = tempDir('cabinet-hub-retrobat-')
    dataDir = tempDir('cabinet-hub-win-data-')
    port = await freePort()
    const demoTree = await bundle.run(['demo-tree', '--out', winePath(tree), '--profile', 'retrobat'])
    assert.equal(demoTree.status, 0, demoTree.output)
    copyFileSync(path.join(tree, 'roms', 'nes', 'Metroid (USA).nes'), path.join(tree, 'roms', 'nes', hardRom))
    mkdirSync(path.dirname(eventsIni()))
  })

  after(() => {
    bundle?.cutPower()
    cmd?.close()
  })

  it('serves a RetroBat tree from cabinet-hub.cmd and is still up after its first durable writes (the records key)', async () => {
    serve = bundle.start(serviceArgs())
    await waitForHealth(port, serve.child)
    await waitForAnswer<{ ready: boolean }>(hub('/api/v1/startup/ready'), (body) => body.ready, 'never ready')
    assert.ok(existsSync(path.join(dataDir, 'records', 'issuer-key.pem')), 'the records key was written')
    const health = await json<{ status: string }>(hub('/api/v1/health'))
    assert.equal(health.status, 'healthy')
    assert.doesNotMatch(serve.log(), /EPERM|shutting down|"level":50/, serve.log())
  })

  it('installs the hooks with install-hooks --profile retrobat; the .bat hook, run by cmd as ES runs it, puts a hard rom path on current-game exactly', async () => {
    const installed = await bundle.run(['install-hooks', '--frontend-root', winePath(tree), '--profile', 'retrobat', '--data-dir', winePath(dataDir), '--port', String(port)])
    assert.equal(installed.status, 0, installed.output)
    const hook = path.join(tree, 'emulationstation', '.emulationstation', 'scripts', 'game-selected', 'cabinet-hub-hook.bat')
    assert.match(installed.output, /game-selected\\cabinet-hub-hook\.bat/)
    const romPath = winePath(path.join(tree, 'roms', 'nes', hardRom))
    await cmd.run(hook, esArgLine(['nes', romPath, 'Tom & Jerry! [b] (Démo)']))
    const game = await waitForAnswer<{ path?: string, name?: string, systemId?: string }>(hub('/api/v1/context/current-game'), (body) => body.path === romPath, 'the hook never reached the service')
    assert.deepEqual({ systemId: game.systemId, path: game.path, name: game.name }, { systemId: 'nes', path: romPath, name: 'Tom & Jerry! [b] (Démo)' })
  })

  it('reads the incumbent\'s events.ini from a Windows path, replaced whole as its scripts replace it', async () => {
    const romPath = winePath(path.join(tree, 'roms', 'nes', 'Mega Man 2 (USA).nes'))
    writeFileSync(`${eventsIni()}.tmp`, `event=game-selected\r\n${esArgLine(['nes', romPath, 'Mega Man 2'])}\r\n`)
    renameSync(`${eventsIni()}.tmp`, eventsIni())
    const game = await waitForAnswer<{ path?: string, name?: string }>(hub('/api/v1/context/current-game'), (body) => body.path === romPath, 'events.ini never reached the service')
    assert.equal(game.name, 'Mega Man 2')
  })

  it('serves a media file from the Windows folders byte for byte, and refuses ..\\ out of them', async () => {
    const metroid = winePath(path.join(tree, 'roms', 'nes', 'Metroid (USA).nes'))
    await cmd.run(path.join(tree, 'emulationstation', '.emulationstation', 'scripts', 'game-selected', 'cabinet-hub-hook.bat'), esArgLine(['nes', metroid, 'Metroid']))
    const game = await waitForAnswer<{ path?: string, details?: { marquee?: string } }>(hub('/api/v1/context/current-game'), (body) => body.path === metroid && (body.details?.marquee ?? '') !== '', 'Metroid never selected')
    const response = await fetch(hub(game.details!.marquee!))
    assert.equal(response.status, 200)
    const marqueeFile = path.join(tree, 'media', ...game.details!.marquee!.replace('/api/v1/media/', '').split('/'))
    const bytes = Buffer.from(await response.arrayBuffer())
    assert.ok(existsSync(marqueeFile) ? bytes.equals(readFileSync(marqueeFile)) : bytes.length > 0, 'the bytes of the file')
    const escape = await fetch(hub(`${game.details!.marquee!.split('/').slice(0, -1).join('/')}/..%5C..%5C..%5C..%5C..%5C..%5Croms%5Cnes%5Cgamelist.xml`))
    assert.equal(escape.status, 404)
  })

  it('keeps a signed record through a power cut: restarted on the same data dir, records verify says authentic', async () => {
    const record = { id: randomUUID(), kind: 'score', system: 'nes', rom: 'Metroid (USA)', game: 'Metroid', value: 31337, better: 'higher', player: 'ACE', at: '2026-11-28T10:00:00Z' }
    const admitted = await fetch(hub('/api/v1/records'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(record) })
    assert.equal(admitted.status, 201, await admitted.clone().text())
    const { root } = await admitted.json() as { root: string }

    bundle.cutPower()
    serve = bundle.start(serviceArgs())
    await waitForHealth(port, serve.child)
    const index = await json<{ count: number, root: string, records: Array<{ id: string }> }>(hub('/api/v1/scores/index'))
    assert.deepEqual({ count: index.count, root: index.root, ids: index.records.map((r) => r.id) }, { count: 1, root, ids: [record.id] })
    // Verified from Linux: under Wine 8, Node.js's fetch cannot connect (UNKNOWN), while node:http, which the service's own clients use, can.
    const verified = run(['records', 'verify', hub(''), '--json'])
    assert.equal(verified.status, 0, `${verified.stdout}${verified.stderr}`)
    assert.match(verified.stdout, /"authentic":\s*true/)
  })
})
