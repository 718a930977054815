/**
 * Hiscore theme XML as an EmulationStation theme reads it: each hiscore table that reaches the bus
 * becomes `<themes>/.hiscore/<system>/<rom>.xml` with one `hiscoreline<i>` per entry, is rewritten
 * when the table changes and removed when it empties; `theme.exported` tells /ws/panel.
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import { startHub, tempDir, type TestHub } from '../support/hub.js'
import { RecordingClient } from '../support/ws-client.js'

type Row = [rank: number, name: string, score: string]

const table = (system: string, rom: string, rows: Row[], status = 'ok') => ({
  System: system, Rom: rom, Game: rom, Status: status, Message: '', SourceType: 'hi', SourceFile: null, UpdatedAt: null, Me: 'Alice',
  Scores: rows.map(([Rank, Name, Score]) => ({ Rank, Name, Score, Value: Number(Score), IsMe: false }))
})

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'text' })

/** The extra text elements of the file, as `name: text`. */
function themeLines (file: string): string[] {
  const doc = parser.parse(readFileSync(file, 'utf8')) as { theme: { view: { '@name': string, text: Array<{ '@name': string, '@extra': string, text: string[] }> } } }
  assert.equal(doc.theme.view['@name'], 'gamecarousel, detailed, grid')
  return doc.theme.view.text.map((element) => {
    assert.equal(element['@extra'], 'true')
    return `${element['@name']}: ${element.text[0]}`
  })
}

describe('hiscore theme XML', () => {
  let hub: TestHub
  let panel: RecordingClient
  const themesDir = tempDir('themes-')
  const galaga = path.join(themesDir, '.hiscore', 'mame', 'galaga.xml')

  const publish = async (payload: ReturnType<typeof table>) => {
    const response = await fetch(`${hub.baseUrl}/api/v1/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Type: 'hiscore.updated', Payload: payload }) })
    assert.equal(response.status, 202)
  }
  const exported = async (count: number) => {
    await panel.until((client) => client.types().filter((type) => type === 'theme.exported').length >= count)
    return panel.frames.filter((frame) => frame.Type === 'theme.exported')[count - 1]!.Payload
  }

  before(async () => {
    hub = await startHub({ options: { devEventsIngest: true, themeExportDir: themesDir } })
    panel = await RecordingClient.connect(`${hub.wsBase}/ws/panel`)
  })
  after(async () => {
    panel.socket.close()
    await hub.close()
    rmSync(themesDir, { recursive: true, force: true })
  })

  it('writes a table\'s lines as hiscoreline elements, names escaped', async () => {
    await publish(table('mame', 'galaga', [[1, 'ALI', '30000'], [2, 'B&<"', '20000']]))
    assert.deepEqual(await exported(1), { Kind: 'hiscore', System: 'mame', Rom: 'galaga', Path: galaga, Removed: false, Lines: 2 })
    assert.deepEqual(themeLines(galaga), ['hiscoreline1: #1 ALI 30000', 'hiscoreline2: #2 B&<" 20000'])
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

  it('removes the file when the table empties', async () => {
    await publish(table('mame', 'galaga', []))
    assert.deepEqual(await exported(4), { Kind: 'hiscore', System: 'mame', Rom: 'galaga', Path: galaga, Removed: true, Lines: 0 })
    assert.equal(existsSync(galaga), false)
  })

  it('writes nothing outside the themes folder for a rom that is not a file name', async () => {
    await publish(table('mame', '../escape', [[1, 'ALI', '1']]))
    await publish(table('mame', 'dkong', [[1, 'ALI', '1']]))
    assert.equal((await exported(5)).Rom, 'dkong')
    assert.equal(existsSync(path.join(themesDir, 'escape.xml')), false)
    assert.deepEqual(readdirSync(path.join(themesDir, '.hiscore', 'mame')), ['dkong.xml'])
  })
})
