/**
 * The public hi2txt corpus (../shared/data/hi2txt, never copied into the project): real MAME saves
 * and what the original hi2txt printed for each, read and compared as the corpus README says.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { decodeSaves, loadDefinitionFile, type SaveFile } from '../../src/hiscores/hi2txt/index.js'
import { trimControls } from '../../src/hiscores/hi2txt/values.js'

export const corpusDir = path.resolve(new URL('../../', import.meta.url).pathname, '../shared/data/hi2txt')

/** For `describe(..., { skip })`: false when the corpus is there, else why not (a failure in CI). */
export function corpusSkip (): string | false {
  if (existsSync(path.join(corpusDir, 'README.md'))) return false
  const reason = `the hi2txt corpus is not in ${corpusDir} (../shared is absent)`
  if (process.env.CABINET_HUB_REQUIRE_PEERS === '1') throw new Error(`CABINET_HUB_REQUIRE_PEERS=1 but ${reason}`)
  return reason
}

export interface CorpusCase {
  /** The corpus folder (definitions/, dumps/, expected/). */
  readonly root: string
  /** `<date>/<rom>` */
  readonly name: string
  readonly date: string
  readonly rom: string
}

export interface Decoded {
  readonly tables: string[][][]
  readonly fields: Array<[string, string]>
}

export function corpusCases (root = corpusDir): CorpusCase[] {
  const expected = path.join(root, 'expected')
  return readdirSync(expected).sort().flatMap((date) => readdirSync(path.join(expected, date)).filter((file) => file.endsWith('.xml')).sort()
    .map((file) => ({ root, name: `${date}/${file.slice(0, -4)}`, date, rom: file.slice(0, -4) })))
}

/** Cells are compared trimmed as the original trims (Java's String.trim: every character up to U+0020 at either end). */
const trimmed = trimControls

type Ordered = Array<Record<string, unknown>>
const nameOf = (node: Record<string, unknown>): string => Object.keys(node).find((key) => key !== ':@') ?? ''
const textOf = (nodes: Ordered): string => nodes.map((node) => '#text' in node ? String(node['#text']) : textOf((node[nameOf(node)] ?? []) as Ordered)).join('')

/** The original's output: its tables (rows of trimmed cells) and fields, in document order. */
export function expectedOf (kase: CorpusCase): Decoded {
  const xml = readFileSync(path.join(kase.root, 'expected', kase.date, `${kase.rom}.xml`), 'utf8')
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, trimValues: false, processEntities: true, htmlEntities: true })
  const root = (parser.parse(xml) as Ordered).find((node) => nameOf(node) === 'hi2txt')
  const tables: string[][][] = []
  const fields: Array<[string, string]> = []
  for (const item of (root?.hi2txt ?? []) as Ordered) {
    const name = nameOf(item)
    if (name === 'table') {
      tables.push(((item.table ?? []) as Ordered).filter((row) => nameOf(row) === 'row').map((row) => ((row.row ?? []) as Ordered).filter((cell) => nameOf(cell) === 'cell').map((cell) => trimmed(textOf((cell.cell ?? []) as Ordered)))))
    } else if (name === 'field') {
      fields.push([String((item[':@'] as Record<string, string> | undefined)?.id ?? ''), trimmed(textOf((item.field ?? []) as Ordered))])
    }
  }
  return { tables, fields }
}

/** The case's saves as MAME lays them out: `hiscore/<rom>.hi` and every file of `nvram/<rom>/`. */
export function savesOf (kase: CorpusCase): SaveFile[] {
  const dumps = path.join(kase.root, 'dumps', kase.date)
  const saves: SaveFile[] = []
  const hi = path.join(dumps, 'hiscore', `${kase.rom}.hi`)
  if (existsSync(hi)) saves.push({ name: '.hi', bytes: readFileSync(hi) })
  const nvram = path.join(dumps, 'nvram', kase.rom)
  if (existsSync(nvram)) for (const file of readdirSync(nvram).sort()) saves.push({ name: file, bytes: readFileSync(path.join(nvram, file)) })
  return saves
}

/** Our decode of the case at the most detailed level, in the same shape. */
export async function decodedOf (kase: CorpusCase): Promise<Decoded> {
  const definitions = path.join(kase.root, 'definitions')
  const definition = await loadDefinitionFile(path.join(definitions, `${kase.rom}.xml`), definitions)
  const decoded = decodeSaves(definition, savesOf(kase), 'debug')
  return { tables: decoded.Tables.map((table) => table.Rows.map((row) => row.map(trimmed))), fields: decoded.Fields.map((field) => [field.Id, trimmed(field.Value)]) }
}

/** Why our decode differs from the original's, or null when it is the same. */
export async function differenceOf (kase: CorpusCase): Promise<string | null> {
  const expected = expectedOf(kase)
  let ours: Decoded
  try {
    ours = await decodedOf(kase)
  } catch (error) {
    return `error: ${(error as Error).message}`
  }
  if (ours.tables.length !== expected.tables.length) return `${ours.tables.length} tables, expected ${expected.tables.length}`
  for (let t = 0; t < expected.tables.length; t++) {
    const want = expected.tables[t] as string[][]
    const got = ours.tables[t] as string[][]
    if (got.length !== want.length) return `table ${t}: ${got.length} rows, expected ${want.length}`
    for (let r = 0; r < want.length; r++) {
      const a = got[r] as string[]
      const b = want[r] as string[]
      if (a.length !== b.length) return `table ${t} row ${r}: ${a.length} cells, expected ${b.length}`
      for (let c = 0; c < b.length; c++) if (a[c] !== b[c]) return `table ${t} row ${r} cell ${c}: ${JSON.stringify(a[c])}, expected ${JSON.stringify(b[c])}`
    }
  }
  if (ours.fields.length !== expected.fields.length) return `${ours.fields.length} fields, expected ${expected.fields.length}`
  for (let f = 0; f < expected.fields.length; f++) {
    const [id, value] = expected.fields[f] as [string, string]
    const [gotId, got] = ours.fields[f] as [string, string]
    if (gotId !== id || got !== value) return `field ${f}: ${gotId}=${JSON.stringify(got)}, expected ${id}=${JSON.stringify(value)}`
  }
  return null
}
