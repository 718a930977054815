/**
 * The Roms Manager and the derived panels against the real MAME: what the service reports for a
 * machine is checked against MAME's own -listxml answer, read here with another parser.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import { writeDemoTree } from '../../../src/sim/index.js'
import { startFakeEs, type FakeEs } from '../../support/fake-es.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { assertDrawnAsAdvertised, type AdvertisedDrawing } from '../../support/panel-drawings.js'
import { findPeer } from '../../support/peers.js'
import { eventually } from '../../support/sim.js'
import { RecordingClient } from '../../support/ws-client.js'

const mame = findPeer('MAME', 'mame', ['/usr/games/mame', '/usr/bin/mame'])

interface MameControl { type: string, player?: string, buttons?: string, ways?: string }

interface MameAnswer { players: number, buttons: number, controls: MameControl[], cloneOf: string | null }
const answers = new Map<string, MameAnswer>()

/** What MAME itself says of a machine: players, the most buttons of a control, its controls. */
function askMame (name: string): MameAnswer {
  const known = answers.get(name)
  if (known !== undefined) return known
  const xml = spawnSync(mame.path!, ['-listxml', name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stdout
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (tag) => tag === 'machine' || tag === 'control' }).parse(xml) as { mame: { machine: Array<{ name: string, cloneof?: string, input: { players: string, control?: MameControl[] } }> } }
  const machine = parsed.mame.machine.find((m) => m.name === name)!
  const controls = machine.input.control ?? []
  const answer = { players: Number(machine.input.players), buttons: Math.max(0, ...controls.map((c) => Number(c.buttons ?? 0))), controls, cloneOf: machine.cloneof ?? null }
  answers.set(name, answer)
  return answer
}

async function getJson (hub: TestHub, route: string): Promise<{ status: number, body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(`${hub.baseUrl}${route}`)
  return { status: response.status, body: await response.json() }
}

async function hook (hub: TestHub, event: string, ...args: string[]): Promise<void> {
  const response = await fetch(`${hub.baseUrl}/api/v1/ingest/es-event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, args }) })
  assert.equal(response.status, 202)
}

describe('machine data and derived panels from the real MAME', { skip: mame.skip }, () => {
  let es: FakeEs
  let hub: TestHub
  let root: string
  before(async () => {
    es = await startFakeEs()
    root = tempDir('cabinet-hub-roms-demo-')
    // The demo tree as `cabinet-hub demo-tree` writes it, and no panel file anywhere.
    await writeDemoTree(root)
    // The media manager off: it rescans after each gamelist write, which this test does not look at.
    hub = await startHub({ listen: true, options: { frontendRoot: root, esUrl: es.url, mameExe: mame.path!, mameImport: false, 'managers.localMedia': false } })
  })
  after(async () => {
    await hub.close()
    await es.close()
    rmSync(root, { recursive: true, force: true })
  })

  for (const name of ['1943', 'pacman', 'sf2', 'galaga']) {
    it(`reports for ${name} what MAME reports: players, buttons, controls`, async () => {
      const truth = askMame(name)
      const { status, body } = await getJson(hub, `/api/v1/roms/machines/${name}`)
      assert.equal(status, 200)
      assert.equal(body.name, name)
      assert.equal(body.players, truth.players)
      assert.equal(body.buttons, truth.buttons)
      assert.equal(body.cloneOf, truth.cloneOf)
      assert.deepEqual(body.controls.map((c: { type: string, ways: string | null, player?: number }) => [c.type, c.ways, c.player ?? null]), truth.controls.map((c) => [c.type, c.ways ?? null, c.player === undefined ? null : Number(c.player)]))
    })
  }

  it('answers 404 for a name MAME does not know, and 400 for one that cannot be a machine', async () => {
    const unknown = await getJson(hub, '/api/v1/roms/machines/notamachine')
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.code, 'MACHINE_NOT_FOUND')
    const bad = await getJson(hub, '/api/v1/roms/machines/-listxml')
    assert.equal(bad.status, 400)
  })

  it('derives each arcade game\'s panel from its machine: its buttons on the cabinet slots, its stick', async () => {
    for (const name of ['1943', 'pacman', 'sf2', 'galaga']) {
      const truth = askMame(name)
      const { status, body } = await getJson(hub, `/api/v1/panels/game/mame/${name}`)
      assert.equal(status, 200)
      assert.equal(body.source, 'derived')
      assert.equal(body.scope, 'game')
      assert.equal(body.panelFile, `derived:mame/${name}`)
      const used = body.slots.filter((s: { player: number, function: string }) => s.player === 1 && s.function !== '')
      assert.equal(used.length, truth.buttons, name)
      assert.equal(body.joystick.type, `joy${truth.controls[0]!.ways!}way`)
    }
    // A trackball game keeps its trackball as its control kind, though MAME lists a joystick first.
    assert.deepEqual(askMame('centiped').controls.map((c) => c.type), ['joy', 'trackball'])
    // Not asked before: the generic arcade panel answers until MAME's answer is in.
    const centipede = await eventually(() => getJson(hub, '/api/v1/panels/game/mame/centiped'), (r) => r.body.panelFile === 'derived:mame/centiped', 'the centiped machine panel')
    assert.equal(centipede.body.joystick.type, 'trackball')
  })

  it('publishes a derived panel.state for a started arcade game before ui.game.started, drawn as advertised', async () => {
    const firehose = await RecordingClient.connect(`${hub.wsBase}/ws`)
    const rom = path.join(root, 'roms', 'mame', '1943.zip')
    await hook(hub, 'game-start', rom, '1943', '1943: The Battle of Midway')
    await firehose.until((c) => c.types().includes('ui.game.started'))
    const started = firehose.types().indexOf('ui.game.started')
    const state = firehose.frames.find((f) => f.Type === 'panel.state' && f.Payload.Rom === '1943')!
    assert.ok(firehose.frames.indexOf(state) < started, firehose.types().join(','))
    assert.equal(state.Payload.Source, 'derived')
    const svg = state.Payload.Svg as { Top: AdvertisedDrawing, Front: AdvertisedDrawing }
    for (const drawing of [svg.Top, svg.Front]) {
      assert.ok(drawing.Buttons.length > 0)
      await assertDrawnAsAdvertised(hub, drawing)
    }
    const current = await getJson(hub, '/api/v1/panels/current')
    assert.equal(current.status, 200)
    assert.equal(current.body.source, 'derived')
    await hook(hub, 'game-end', rom)
    firehose.socket.close()
  })

  it('keeps a dynpanels file winning over the derived panel', async () => {
    const file = path.join(hub.dataDir, 'resources', 'dynpanels', 'games', 'galaga.json')
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify({ system: 'mame', rom: 'galaga', layouts: [{ id: '1-Button', buttons: [{ slot: 1, function: 'Fire' }] }] }))
    const panel = await eventually(() => getJson(hub, '/api/v1/panels/game/mame/galaga'), (r) => r.body.source === 'resources/dynpanels', 'the galaga file to be read')
    assert.equal(panel.body.slots[0].function, 'Fire')
  })

  it('audits the arcade roms with their machine data', async () => {
    const { status, body } = await getJson(hub, '/api/v1/roms/mame/audit?limit=2')
    assert.equal(status, 200)
    assert.equal(body.total, 5)
    assert.equal(body.roms.length, 2)
    const all = (await getJson(hub, '/api/v1/roms/mame/audit')).body
    const pacman = all.roms.find((r: { rom: string }) => r.rom === 'pacman')
    assert.equal(pacman.flags.clone, askMame('pacman').cloneOf !== null)
    assert.equal(all.summary.clones, all.roms.filter((r: { flags: { clone: boolean } }) => r.flags.clone).length)
    assert.equal(all.mameVersion, spawnSync(mame.path!, ['-version'], { encoding: 'utf8' }).stdout.split('\n')[0]!.trim())
  })

  it('hides and shows again the games a filter picks, leaving a gamelist the user edited byte-identical', async () => {
    const gamelist = path.join(root, 'roms', 'mame', 'gamelist.xml')
    // The user's own edits: CRLF line ends, a comment, a field of their own, a game already hidden by them.
    const original = readFileSync(gamelist, 'utf8')
      .replace(/\n/g, '\r\n')
      .replace('<gameList>', '<gameList>\r\n\t<!-- my cabinet -->')
      .replace('<name>Galaga</name>', '<name>Galaga ★</name>\r\n\t\t<myRating>best</myRating>\r\n\t\t<hidden>false</hidden>')
      .replace('<name>Donkey Kong</name>', '<name>Donkey Kong</name><hidden>true</hidden>')
    writeFileSync(gamelist, original)
    const before = readFileSync(gamelist)

    const dry = await post(hub, '/api/v1/roms/mame/filters', { hide: ['clones'], buttons: 1, dryRun: true })
    assert.equal(dry.status, 200)
    const expected = ['1943', 'pacman', 'sf2'].filter((n) => askMame(n).cloneOf !== null || askMame(n).buttons > 1)
    assert.deepEqual(dry.body.hidden.map((h: { rom: string }) => h.rom).sort(), expected.sort())
    assert.deepEqual(readFileSync(gamelist), before)

    const applied = await post(hub, '/api/v1/roms/mame/filters', { hide: ['clones'], buttons: 1, dryRun: false })
    assert.equal(applied.status, 200, JSON.stringify(applied.body))
    assert.ok(applied.body.backup)
    assert.deepEqual(readFileSync(applied.body.backup), before)
    const filtered = readFileSync(gamelist, 'latin1')
    assert.equal((filtered.match(/<hidden>true<\/hidden>/g) ?? []).length, 1 + expected.length)
    assert.ok(filtered.includes('<myRating>best</myRating>') && filtered.includes('<!-- my cabinet -->'))

    const undone = await fetch(`${hub.baseUrl}/api/v1/roms/mame/filters`, { method: 'DELETE' })
    assert.equal(undone.status, 200)
    assert.deepEqual(readFileSync(gamelist), before)
  })
})

describe('offline scraping with the real MAME', { skip: mame.skip }, () => {
  let es: FakeEs
  let hub: TestHub
  let root: string
  let dats: string
  before(async () => {
    es = await startFakeEs()
    root = tempDir('cabinet-hub-scraping-demo-')
    dats = tempDir('cabinet-hub-dats-')
    await writeDemoTree(root)
    // The owner's dat files (small ones of our own, in the formats MAME's support sites publish).
    writeFileSync(path.join(dats, 'catver.ini'), ';; catver\r\n[Category]\r\n1943=Shooter / Flying Vertical\r\npacman=Maze / Collect\r\n\r\n[VerAdded]\r\n1943=.37b16\r\n')
    writeFileSync(path.join(dats, 'history.xml'), '<?xml version="1.0" encoding="UTF-8"?>\n<history version="2.50">\n<entry>\n<systems><system name="1943" /><system name="1943j" /></systems>\n<text>1943 history &amp; facts.</text>\n</entry>\n</history>\n')
    writeFileSync(path.join(dats, 'mameinfo.dat'), '# mameinfo\n$info=pacman,\n$mame\nPac-Man notes.\n$end\n$info=1943,\n$mame\nShadowed by history.\n$end\n')
    hub = await startHub({ listen: true, options: { frontendRoot: root, esUrl: es.url, mameExe: mame.path!, mameImport: false, scrapingDatDirs: dats } })
  })
  after(async () => {
    await hub.close()
    await es.close()
    rmSync(root, { recursive: true, force: true })
    rmSync(dats, { recursive: true, force: true })
  })

  it('fills only the empty fields, from MAME and the dat files, and keeps every value the user has', async () => {
    const gamelist = path.join(root, 'roms', 'mame', 'gamelist.xml')
    const edited = readFileSync(gamelist, 'utf8')
      .replace(/<developer>Capcom<\/developer>/, '')
      .replace(/<genre>Maze<\/genre>/, '<genre></genre>')
      .replace(/<desc>Eat every dot[^<]*<\/desc>/, '<desc/>')
      .replace(/<desc>A vertical shoot[^<]*<\/desc>/, '')
    writeFileSync(gamelist, edited)
    const fill = await post(hub, '/api/v1/scraping/mame/fill', { fields: ['name', 'desc', 'developer', 'genre', 'players'], dryRun: false })
    assert.equal(fill.status, 200, JSON.stringify(fill.body))
    const byRom = Object.fromEntries(fill.body.changes.map((c: { rom: string, fields: Record<string, string> }) => [c.rom, c.fields]))
    const manufacturer = String(new XMLParser().parse(spawnSync(mame.path!, ['-listxml', '1943'], { encoding: 'utf8' }).stdout).mame.machine[0].manufacturer)
    assert.deepEqual(byRom['1943'], { desc: '1943 history & facts.', developer: manufacturer })
    assert.deepEqual(byRom.pacman, { desc: 'Pac-Man notes.', genre: 'Maze / Collect' })
    assert.equal(Object.keys(byRom).length, 2)
    assert.deepEqual(readFileSync(fill.body.backup), Buffer.from(edited))
    const after = readFileSync(gamelist, 'utf8')
    assert.ok(after.includes('<desc>1943 history &amp; facts.</desc>'))
    assert.ok(after.includes('<genre>Maze / Collect</genre>'))
    // The names the user has stay theirs.
    assert.ok(after.includes('<name>1943: The Battle of Midway</name>'))
    const status = await getJson(hub, '/api/v1/scraping/status')
    assert.equal(status.body.datFiles.catver, path.join(dats, 'catver.ini'))
    assert.equal(status.body.lastRun.fields, 4)
  })
})

async function post (hub: TestHub, route: string, body: unknown): Promise<{ status: number, body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(`${hub.baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: await response.json() }
}
