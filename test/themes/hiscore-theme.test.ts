/**
 * Hiscore theme XML as an EmulationStation theme reads it: each hiscore table the hiscores module tells of
 * becomes `<themes>/.hiscore/<system>/<rom>.xml` with one `hiscoreline<i>` per entry (and the same
 * file in the service's archive, from which a lost themes folder gets it back), is rewritten when
 * the table changes and removed when it empties; the same lines go in a block of the game's
 * `.gameinfos` file without touching what the user wrote there; `theme.exported` tells /ws/panel.
 */
import assert from 'node:assert/strict'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import { hiscoreFactsService, type HiscoreFacts } from '../../src/hiscores/index.js'
import { startHub, tellFact, tempDir, type TestHub } from '../support/hub.js'
import type { RecordingClient } from '../support/ws-client.js'

type Row = [rank: number, name: string, score: string]

/** A table as the hiscores module tells it. */
const table = (system: string, rom: string, rows: Row[], status: HiscoreFacts['TableChanged']['status'] = 'ok'): HiscoreFacts['TableChanged'] => ({
  system, rom, status, scores: rows.map(([rank, name, score]) => ({ rank, name, score }))
})

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'text' })

/** The extra text elements of the file, as `name: text`. */
function themeLines (file: string): string[] {
  return viewLines(readFileSync(file, 'utf8'))
}

function viewLines (xml: string): string[] {
  const doc = parser.parse(xml) as { theme: { view: { '@name': string, text: Array<{ '@name': string, '@extra': string, text: string[] }> } } }
  assert.equal(doc.theme.view['@name'], 'gamecarousel, detailed, grid')
  return doc.theme.view.text.map((element) => {
    assert.equal(element['@extra'], 'true')
    return `${element['@name']}: ${element.text[0]}`
  })
}

/**
 * A service exporting theme files to `themesDir`, with a /ws/panel client, for one describe block
 * (call at its top; `prepare` runs before the service starts).
 */
function themesHubOfSuite (themesDir: string, prepare: () => void = () => {}): { hub: () => TestHub, panel: () => RecordingClient } {
  let hub: TestHub | undefined
  let panel: RecordingClient | undefined
  before(async () => {
    prepare()
    hub = await startHub({ options: { themeExportDir: themesDir } })
    panel = await hub.connect(`/ws/panel`)
  })
  after(async () => {
    panel?.socket.close()
    await hub?.close()
    rmSync(themesDir, { recursive: true, force: true })
  })
  return { hub: () => hub!, panel: () => panel! }
}

/** Tells a table as the hiscores module would. */
async function publishTable (hub: TestHub, payload: ReturnType<typeof table>): Promise<void> {
  tellFact(hub, hiscoreFactsService, 'TableChanged', payload)
}

describe('hiscore theme XML', () => {
  const themesDir = tempDir('themes-')
  const suite = themesHubOfSuite(themesDir)
  const galaga = path.join(themesDir, '.hiscore', 'mame', 'galaga.xml')

  const publish = async (payload: ReturnType<typeof table>) => publishTable(suite.hub(), payload)
  const exported = async (count: number, kind = 'hiscore') => {
    const ofKind = () => suite.panel().frames.filter((frame) => frame.Type === 'theme.exported' && frame.Payload.Kind === kind)
    await suite.panel().until(() => ofKind().length >= count)
    return ofKind()[count - 1]!.Payload
  }
  const archived = (system: string, rom: string): string => path.join(suite.hub().dataDir, 'theme', 'hiscore', system, `${rom}.xml`)


  it('writes a table\'s lines as hiscoreline elements, names escaped', async () => {
    await publish(table('mame', 'galaga', [[1, 'ALI', '30000'], [2, 'B&<"', '20000']]))
    assert.deepEqual(await exported(1), { Kind: 'hiscore', System: 'mame', Rom: 'galaga', Path: galaga, Removed: false, Lines: 2 })
    assert.deepEqual(themeLines(galaga), ['hiscoreline1: #1 ALI 30000', 'hiscoreline2: #2 B&<" 20000'])
    assert.equal(readFileSync(archived('mame', 'galaga'), 'utf8'), readFileSync(galaga, 'utf8'), 'the archive keeps the same file')
  })

  it('rewrites the file when the table changes, leaving no temporary file', async () => {
    await publish(table('mame', 'galaga', [[1, 'ZED', '50000'], [2, 'ALI', '30000'], [3, 'BOB', '20000']]))
    assert.equal((await exported(2)).Lines, 3)
    assert.deepEqual(themeLines(galaga), ['hiscoreline1: #1 ZED 50000', 'hiscoreline2: #2 ALI 30000', 'hiscoreline3: #3 BOB 20000'])
    assert.deepEqual(readdirSync(path.dirname(galaga)), ['galaga.xml'])
  })

  it('keeps the last file when the table could not be read', async () => {
    await publish(table('mame', 'galaga', [], 'error'))
    await publish(table('nes', 'smb', [[1, 'Élodie', '42100']]))
    assert.equal((await exported(3)).Rom, 'smb')
    assert.equal(themeLines(galaga).length, 3)
    assert.deepEqual(themeLines(path.join(themesDir, '.hiscore', 'nes', 'smb.xml')), ['hiscoreline1: #1 Élodie 42100'])
  })

  it('does nothing for a game that has no table: it never had files', async () => {
    await publish(table('mame', 'galaga', [], 'not_found'))
    await publish(table('nes', 'smb', [[1, 'Élodie', '42100'], [2, 'ALI', '100']]))
    assert.equal((await exported(4)).Rom, 'smb', 'the next export is the one after it, and none came of the game without a table')
    assert.equal(themeLines(galaga).length, 3)
    assert.equal(existsSync(archived('mame', 'galaga')), true)
  })

  it('removes the file when the table empties', async () => {
    await publish(table('mame', 'galaga', []))
    assert.deepEqual(await exported(5), { Kind: 'hiscore', System: 'mame', Rom: 'galaga', Path: galaga, Removed: true, Lines: 0 })
    assert.equal(existsSync(galaga), false)
    assert.equal(existsSync(archived('mame', 'galaga')), false)
  })

  it('writes nothing outside the themes folder for a rom that is not a file name', async () => {
    await publish(table('mame', '../escape', [[1, 'ALI', '1']]))
    await publish(table('mame', 'dkong', [[1, 'ALI', '1']]))
    assert.equal((await exported(6)).Rom, 'dkong')
    assert.equal(existsSync(path.join(themesDir, 'escape.xml')), false)
    assert.deepEqual(readdirSync(path.join(themesDir, '.hiscore', 'mame')), ['dkong.xml'])
  })
})

describe('hiscore blocks in .gameinfos files', () => {
  const themesDir = tempDir('themes-gameinfos-')
  const gameinfos = (system: string, rom: string): string => path.join(themesDir, '.gameinfos', system, `${rom}.xml`)
  /** A file the user wrote: Windows line endings, their own view, comments and text elements. */
  const userFile = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<theme>',
    '  <formatVersion>7</formatVersion>',
    '  <!-- my own notes: keep me -->',
    '  <view name="detailed">',
    '    <image name="md_image" extra="true"><path>./smb-art.png</path></image>',
    '    <text name="note" extra="true"><text>#1 ME 999 (not a hiscore line of the service)</text></text>',
    '  </view>',
    '</theme>',
    ''
  ].join('\r\n')

  const suite = themesHubOfSuite(themesDir, () => {
    mkdirSync(path.dirname(gameinfos('nes', 'smb')), { recursive: true })
    writeFileSync(gameinfos('nes', 'smb'), userFile)
    writeFileSync(gameinfos('nes', 'broken'), '<theme>\n<!-- CABINET-HUB:HISCORE:BEGIN -->\n</theme>\n')
  })

  let count = 0
  const publish = async (payload: ReturnType<typeof table>): Promise<void> => {
    await publishTable(suite.hub(), payload)
    // Every table is announced by its .hiscore file (written or removed) once on disk.
    count++
    await suite.panel().until((client) => client.frames.filter((frame) => frame.Type === 'theme.exported' && frame.Payload.Kind === 'hiscore').length >= count)
  }
  /** The file without our block, and the block's lines. */
  const split = (file: string): { outside: string, block: string } => {
    const text = readFileSync(file, 'utf8')
    const match = /^([ \t]*<!-- CABINET-HUB:HISCORE:BEGIN -->\r?\n[\s\S]*?<!-- CABINET-HUB:HISCORE:END -->\r?\n)/m.exec(text)
    assert.ok(match !== null, `no block in ${text}`)
    return { outside: text.replace(match[1]!, ''), block: match[1]! }
  }
  const blockLines = (file: string): string[] => viewLines(`<theme>${split(file).block}</theme>`)


  it('puts the lines in a block of the user\'s file, every byte of theirs kept, line endings included', async () => {
    await publish(table('nes', 'smb', [[1, 'ALI', '42100'], [2, 'BOB', '30000']]))
    const { outside } = split(gameinfos('nes', 'smb'))
    assert.equal(outside, userFile)
    assert.deepEqual(blockLines(gameinfos('nes', 'smb')), ['hiscoreline1: #1 ALI 42100', 'hiscoreline2: #2 BOB 30000'])
    assert.ok(!/[^\r]\n/.test(readFileSync(gameinfos('nes', 'smb'), 'utf8')), 'the block follows the file\'s CRLF line endings')
    const announced = suite.panel().frames.find((frame) => frame.Type === 'theme.exported' && frame.Payload.Kind === 'gameinfos')!.Payload
    assert.deepEqual(announced, { Kind: 'gameinfos', System: 'nes', Rom: 'smb', Path: gameinfos('nes', 'smb'), Removed: false, Lines: 2 })
    assert.ok(parser.parse(readFileSync(gameinfos('nes', 'smb'), 'utf8')), 'still one XML document')
  })

  it('replaces only its block on the next export, and lines the user adds meanwhile stay', async () => {
    const edited = readFileSync(gameinfos('nes', 'smb'), 'utf8').replace('</theme>', '  <!-- added later -->\r\n</theme>')
    writeFileSync(gameinfos('nes', 'smb'), edited)
    await publish(table('nes', 'smb', [[1, 'ZED', '99000'], [2, 'ALI', '42100'], [3, 'BOB', '30000']]))
    assert.equal(split(gameinfos('nes', 'smb')).outside, userFile.replace('</theme>', '  <!-- added later -->\r\n</theme>'))
    assert.deepEqual(blockLines(gameinfos('nes', 'smb')), ['hiscoreline1: #1 ZED 99000', 'hiscoreline2: #2 ALI 42100', 'hiscoreline3: #3 BOB 30000'])
  })

  it('removes the block when the table empties, leaving the user\'s file as they wrote it', async () => {
    await publish(table('nes', 'smb', []))
    assert.equal(readFileSync(gameinfos('nes', 'smb'), 'utf8'), userFile.replace('</theme>', '  <!-- added later -->\r\n</theme>'))
  })

  it('creates a file for a game that has none, and removes it with the block', async () => {
    await publish(table('mame', 'galaga', [[1, 'ALI', '30000']]))
    assert.deepEqual(themeLines(gameinfos('mame', 'galaga')), ['hiscoreline1: #1 ALI 30000'])
    await publish(table('mame', 'galaga', []))
    assert.equal(existsSync(gameinfos('mame', 'galaga')), false)
  })

  it('leaves a file whose markers do not pair up as it is, and still writes the .hiscore file', async () => {
    await publish(table('nes', 'broken', [[1, 'ALI', '1']]))
    assert.equal(readFileSync(gameinfos('nes', 'broken'), 'utf8'), '<theme>\n<!-- CABINET-HUB:HISCORE:BEGIN -->\n</theme>\n')
    assert.deepEqual(themeLines(path.join(themesDir, '.hiscore', 'nes', 'broken.xml')), ['hiscoreline1: #1 ALI 1'])
  })
})

describe('hiscore files restored from the archive', () => {
  it('puts back the .hiscore files a new themes folder lacks, and announces them', async () => {
    const dataDir = tempDir('themes-archive-')
    const themesDir = tempDir('themes-reinstalled-')
    mkdirSync(path.join(dataDir, 'theme', 'hiscore', 'mame'), { recursive: true })
    const xml = '<?xml version="1.0" encoding="utf-8"?>\n<theme>\n\t<view name="gamecarousel, detailed, grid">\n\t\t<text name="hiscoreline1" extra="true">\n\t\t\t<text>#1 ALI 30000</text>\n\t\t</text>\n\t\t<text name="hiscoreline2" extra="true">\n\t\t\t<text>#2 BOB 20000</text>\n\t\t</text>\n\t</view>\n</theme>\n'
    writeFileSync(path.join(dataDir, 'theme', 'hiscore', 'mame', 'galaga.xml'), xml)
    cpSync(path.join(dataDir, 'theme', 'hiscore', 'mame', 'galaga.xml'), path.join(dataDir, 'theme', 'hiscore', 'mame', 'dkong.xml'))
    mkdirSync(path.join(themesDir, '.hiscore', 'mame'), { recursive: true })
    writeFileSync(path.join(themesDir, '.hiscore', 'mame', 'dkong.xml'), 'the theme\'s own file')
    const hub = await startHub({ options: { themeExportDir: themesDir, dataDir } })
    const panel = await hub.connect(`/ws/panel`)
    try {
      const galaga = path.join(themesDir, '.hiscore', 'mame', 'galaga.xml')
      await panel.until((client) => client.types().includes('theme.exported'))
      assert.deepEqual(panel.frames.find((frame) => frame.Type === 'theme.exported')!.Payload, { Kind: 'hiscore', System: 'mame', Rom: 'galaga', Path: galaga, Removed: false, Lines: 2 })
      assert.equal(readFileSync(galaga, 'utf8'), xml)
      assert.equal(readFileSync(path.join(themesDir, '.hiscore', 'mame', 'dkong.xml'), 'utf8'), 'the theme\'s own file', 'a file the folder has is not replaced')
    } finally {
      panel.socket.close()
      await hub.close()
      rmSync(themesDir, { recursive: true, force: true })
    }
  })
})
