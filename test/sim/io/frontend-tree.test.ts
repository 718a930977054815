import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { describe, it } from 'node:test'
import pino from 'pino'
import { frontendLayout, SimulatedFrontend, type FrontendProfile } from '../../../src/sim/index.js'
import { tempDir } from '../../support/hub.js'

function write (file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, content)
}

function system (name: string, romsPath: string, extension: string): string {
  return `<system><name>${name}</name><fullname>${name} full</fullname><path>${romsPath}</path><extension>${extension}</extension></system>`
}

async function withFrontend (root: string, profile: Exclude<FrontendProfile, 'es-de'>, check: (url: string) => Promise<void>, logLines: string[] = []): Promise<void> {
  const sink = new Writable({ write (chunk: Buffer, _encoding, done) { logLines.push(chunk.toString()); done() } })
  const frontend = new SimulatedFrontend({ frontendRoot: root, profile, port: 0, logger: pino({ level: 'warn' }, sink) })
  const { url } = await frontend.start()
  try {
    await check(url)
  } finally {
    await frontend.stop()
  }
}

async function names (url: string, route: string): Promise<string[]> {
  const response = await fetch(`${url}${route}`)
  assert.equal(response.status, 200, route)
  return (await response.json() as { name: string }[]).map((item) => item.name)
}

describe('simulated frontend: reading hand-made frontend trees', () => {
  it('resolves RetroBat ~\\..\\roms paths, lists rom files without gamelist entries, hides hidden games and empty systems', async () => {
    const root = tempDir('cabinet-hub-tree-')
    const layout = frontendLayout(root, 'retrobat')
    write(path.join(layout.esConfigDir, 'es_systems.cfg'), `<?xml version="1.0"?><systemList>${system('fbneo', '~\\..\\roms\\fbneo', '.zip .7z')}${system('gb', '~\\..\\roms\\gb', '.gb')}</systemList>`)
    write(path.join(root, 'roms', 'fbneo', 'mslug.zip'), 'x')
    write(path.join(root, 'roms', 'fbneo', 'kof98.zip'), 'x')
    write(path.join(root, 'roms', 'fbneo', 'notes.txt'), 'not a rom')
    write(path.join(root, 'roms', 'fbneo', 'gamelist.xml'), '<gameList><game><path>./mslug.zip</path><name>Metal Slug</name></game><game><path>./kof98.zip</path><name>KOF 98</name><hidden>true</hidden></game><game><path>./gone.zip</path><name>Deleted</name></game></gameList>')
    mkdirSync(path.join(root, 'roms', 'gb'), { recursive: true })
    await withFrontend(root, 'retrobat', async (url) => {
      assert.deepEqual(await names(url, '/systems'), ['fbneo', 'all', 'favorites'])
      assert.deepEqual(await names(url, '/systems/fbneo/games'), ['Metal Slug'])
    })
  })

  it('maps Batocera /userdata paths onto the tree and survives a corrupt gamelist (file names, one warning)', async () => {
    const root = tempDir('cabinet-hub-tree-')
    const layout = frontendLayout(root, 'batocera')
    write(path.join(layout.esConfigDir, 'es_systems.cfg'), `<systemList>${system('megadrive', '/userdata/roms/megadrive', '.md')}</systemList>`)
    write(path.join(root, 'roms', 'megadrive', 'Columns (World).md'), 'x')
    write(path.join(root, 'roms', 'megadrive', 'gamelist.xml'), '<gameList><game><path>./Columns (World).md</pa')
    const logLines: string[] = []
    await withFrontend(root, 'batocera', async (url) => {
      const games = await (await fetch(`${url}/systems/megadrive/games`)).json() as { name: string, path: string }[]
      assert.deepEqual(games.map((game) => [game.name, game.path]), [['Columns (World)', path.join(root, 'roms', 'megadrive', 'Columns (World).md')]])
    }, logLines)
    assert.equal(logLines.length, 1)
    assert.match(logLines[0]!, /gamelist\.xml/)
  })

  it('falls back to the folders under roms/ when es_systems.cfg is missing', async () => {
    const root = tempDir('cabinet-hub-tree-')
    write(path.join(root, 'roms', 'nes', 'gamelist.xml'), '<gameList><game><path>./a.nes</path><name>Game A</name></game></gameList>')
    write(path.join(root, 'roms', 'nes', 'a.nes'), 'x')
    await withFrontend(root, 'retrobat', async (url) => {
      assert.deepEqual(await names(url, '/systems'), ['nes', 'all', 'favorites'])
      assert.deepEqual(await names(url, '/systems/nes/games'), ['Game A'])
    })
  })
})
