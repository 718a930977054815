/**
 * library: time to ready and peak RSS of cabinet-hub over a generated tree of 50,000 games in 20
 * systems, each game with 3 media files (two referenced by its gamelist, one in the media store):
 * a cold start (empty database: full scan) and a warm start (the persisted index).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { round, startCabinetHub, writeResult } from './lib.js'

const systems = 20
const gamesPerSystem = 2500

function writeTree (): { roms: string, media: string, esConfig: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-library-'))
  const roms = path.join(root, 'roms')
  const media = path.join(root, 'media')
  const esConfig = path.join(root, 'es')
  mkdirSync(esConfig, { recursive: true })
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  for (let s = 0; s < systems; s++) {
    const system = `system${s}`
    mkdirSync(path.join(roms, system, 'images'), { recursive: true })
    const games: string[] = []
    for (let g = 0; g < gamesPerSystem; g++) {
      const rom = `game_${s}_${g}`
      writeFileSync(path.join(roms, system, `${rom}.zip`), 'rom')
      writeFileSync(path.join(roms, system, 'images', `${rom}-image.png`), png)
      writeFileSync(path.join(roms, system, 'images', `${rom}-marquee.png`), png)
      const store = path.join(media, 'systems', system, 'games', rom, 'artwork')
      mkdirSync(store, { recursive: true })
      writeFileSync(path.join(store, 'fanart.png'), png)
      games.push(`<game><path>./${rom}.zip</path><name>Game ${s} ${g}</name><desc>Generated game number ${g} of system ${s}.</desc><image>./images/${rom}-image.png</image><marquee>./images/${rom}-marquee.png</marquee></game>`)
    }
    writeFileSync(path.join(roms, system, 'gamelist.xml'), `<?xml version="1.0"?>\n<gameList>\n${games.join('\n')}\n</gameList>\n`)
  }
  return { roms, media, esConfig }
}

function peakRssMb (pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match === null ? Number.NaN : round(Number(match[1]) / 1024, 1)
}

async function start (tree: ReturnType<typeof writeTree>, dataDir: string) {
  const started = performance.now()
  const hub = await startCabinetHub(['--roms-root', tree.roms, '--media-dir', tree.media, '--es-config-dir', tree.esConfig], dataDir)
  const readyMs = round(performance.now() - started, 0)
  const status = await (await fetch(`http://127.0.0.1:${hub.port}/api/v1/status`)).json() as { media?: { files: number, assets: number } }
  const result = { readyMs, peakRssMb: peakRssMb(hub.child.pid!), indexedFiles: status.media?.files ?? 0, assets: status.media?.assets ?? 0 }
  await hub.stop()
  return result
}

const tree = writeTree()
const dataDir = mkdtempSync(path.join(tmpdir(), 'cabinet-hub-bench-library-data-'))
const cold = await start(tree, dataDir)
const warm = await start(tree, dataDir)
writeResult('library', { setup: { systems, games: systems * gamesPerSystem, mediaFilesPerGame: 3 }, cold, warm },
  `cold ready ${cold.readyMs} ms peak RSS ${cold.peakRssMb} MB (${cold.indexedFiles} files); warm ready ${warm.readyMs} ms peak RSS ${warm.peakRssMb} MB`)
