/**
 * The hi2txt engine on definitions written for these tests and saves the tests build byte by
 * byte: every expected cell is worked out here from the bytes, as the language documents it.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import test from 'node:test'
import { decodeSaves, DefinitionError, loadDefinitionFile, SaveMismatchError } from '../../src/hiscores/hi2txt/index.js'
import { parseDefinition } from '../../src/hiscores/hi2txt/definition.js'
import { tempDir } from '../support/hub.js'

const header = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE hi2txt SYSTEM "hi2txt.dtd">\n'
const bytes = (...values: number[]) => Uint8Array.from(values)
const decodeAll = (xml: string, saves: Array<{ name: string, bytes: Uint8Array }>, level: 'default' | 'extra' | 'debug' = 'default') => decodeSaves(parseDefinition(header + xml), saves, level)
const decode = (xml: string, saves: Array<{ name: string, bytes: Uint8Array }>, level: 'default' | 'extra' | 'debug' = 'default') => decodeAll(xml, saves, level).Tables

/** Three rows of 3-byte packed BCD scores, then names in the game's own letter codes (A = 0x0A ...). */
const bcdGame = `<hi2txt>
  <structure file=".hi">
    <check><size>19</size></check>
    <loop count="3"><elt id="SCORE" type="int" size="3" base="16"/></loop>
    <loop count="3"><elt id="NAME" type="text" size="3" charset="letters" ascii-offset="55"/></loop>
    <elt id="CHECK" type="raw" size="1"/>
  </structure>
  <output>
    <table>
      <column id="RANK" src="index" format="+1"/>
      <column id="SCORE" format="*10"/>
      <column id="NAME"/>
    </table>
    <field id="CHECK" format="0x" display="debug"/>
  </output>
  <charset id="letters"><char src="0x24" dst=" "/><char src="0x2A" dst="."/></charset>
</hi2txt>`
const bcdSave = bytes(
  0x01, 0x23, 0x45, 0x00, 0x98, 0x70, 0x00, 0x05, 0x00,
  0x0a, 0x0b, 0x0c, 0x1c, 0x24, 0x2a, 0x22, 0x22, 0x22,
  0x5a)

test('packed BCD scores, charset names and implicit formats give the cells the game shows', () => {
  assert.deepEqual(decode(bcdGame, [{ name: '.hi', bytes: bcdSave }]), [{
    Id: null,
    Columns: ['RANK', 'SCORE', 'NAME'],
    Rows: [['1', '123450', 'ABC'], ['2', '98700', 'S .'], ['3', '5000', 'YYY']]
  }])
})

test('display levels: debug fields appear only at the debug level, as fields beside the tables', () => {
  assert.deepEqual(decodeAll(bcdGame, [{ name: '.hi', bytes: bcdSave }], 'extra').Fields, [])
  const debug = decodeAll(bcdGame, [{ name: '.hi', bytes: bcdSave }], 'debug')
  assert.equal(debug.Tables.length, 1)
  // A raw byte prints with the 0x prefix and two digits a byte.
  assert.deepEqual(debug.Fields, [{ Id: 'CHECK', Value: '0x5A' }])
})

test('a save of the wrong size fails its check and names both sizes', () => {
  assert.throws(() => decode(bcdGame, [{ name: '.hi', bytes: bcdSave.subarray(0, 18) }]), (error: Error) => error instanceof SaveMismatchError && /18 bytes.*19/.test(error.message))
})

test('one digit per byte, little endian with blank-digit trimming (bcd-le) and sorted tables', () => {
  const xml = `<hi2txt>
    <structure file="nvram">
      <loop count="3"><elt id="SCORE" type="int" size="4" decoding-profile="bcd-le" byte-trim="0x24"/></loop>
    </structure>
    <output>
      <table id="BEST" sort="SCORE" sort-order="desc" line-ignore="SCORE:0">
        <column id="RANK" src="index" format="+1"/>
        <column id="SCORE"/>
        <column id="SLOT" src="unsorted_index"/>
      </table>
    </output>
  </hi2txt>`
  // Stored least significant digit first; 0x24 is a blank leading digit.
  const save = bytes(0x00, 0x05, 0x24, 0x24, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00)
  assert.deepEqual(decode(xml, [{ name: 'nvram', bytes: save }]), [{ Id: 'BEST', Columns: ['RANK', 'SCORE', 'SLOT'], Rows: [['1', '1200', '1'], ['2', '50', '0']] }])
})

test('bitmasks pick bits across bytes, byte-skip and ascii-step decode interleaved names', () => {
  const xml = `<hi2txt>
    <structure file=".hi">
      <loop count="2">
        <elt id="SCORE" type="int" size="3" bitmask="reorder" base="16"/>
        <elt id="NAME" type="text" size="4" byte-skip="odd" ascii-step="4" ascii-offset="32"/>
      </loop>
    </structure>
    <bitmask id="reorder">
      <character mask="00000000 11111111 00000000"/>
      <character mask="11111111 00000000 00000000"/>
      <character mask="00000000 00000000 11111111"/>
    </bitmask>
    <output><table><column id="NAME"/><column id="SCORE"/></table></output>
  </hi2txt>`
  // Score bytes 34 12 56 reorder to 12 34 56; name bytes 01 94 01 A4 keep 94 A4 -> (148/4)+32 = E, (164/4)+32 = I.
  const save = bytes(0x34, 0x12, 0x56, 0x01, 0x94, 0x01, 0xa4, 0x00, 0x01, 0x00, 0x01, 0xc0, 0x01, 0xc0)
  assert.deepEqual(decode(xml, [{ name: '.hi', bytes: save }]), [{ Id: null, Columns: ['NAME', 'SCORE'], Rows: [['EI', '123456'], ['PP', '10000']] }])
})

test('several tables, a pointer loop placing rows, named formats with sum, case and concat', () => {
  const xml = `<hi2txt>
    <structure file=".hi">
      <loop count="3"><elt id="POINTER" type="int" size="1" format="slot"/></loop>
      <loop count="3">
        <elt id="HIGH" type="int" size="1" table-index="POINTER:index_from_value"/>
        <elt id="LOW" type="int" size="1" table-index="last"/>
        <elt id="STAGE" type="int" size="1" table-index="last"/>
      </loop>
      <elt id="LIVES" type="int" size="1"/>
    </structure>
    <output>
      <table id="SCORES">
        <column id="RANK" src="index" format="+1"/>
        <column id="SCORE" format="score"/>
        <column id="STAGE" format="stage"/>
      </table>
      <table id="SETTINGS" display="extra">
        <column id="LIVES" format="lives"/>
      </table>
    </output>
    <format id="slot"><substract>16</substract><divide_trunc>2</divide_trunc></format>
    <format id="score"><sum><column id="HIGH" format="*100"/><column id="LOW"/></sum></format>
    <format id="stage" input-as-subcolumns-input="yes">
      <concat><txt>AREA </txt><column format="world"/><txt>-</txt><column format="%4;+1"/></concat>
      <case src="AREA 3-4" dst="ALL"/>
    </format>
    <format id="world"><divide_trunc>4</divide_trunc><add>1</add></format>
    <format id="lives" formatter="%02d lives"><case src="0" dst="1" default="no"/></format>
  </hi2txt>`
  // Pointers 18, 20, 16 -> slots 1, 2, 0: the 1st row is the entry in slot 1, the 2nd the one in slot 2 ...
  // (index_from_value as the original engine applies it, which the real saves of ffight, kof97 ... show).
  const save = bytes(18, 20, 16, 1, 5, 11, 9, 99, 0, 4, 2, 1, 3)
  assert.deepEqual(decode(xml, [{ name: '.hi', bytes: save }], 'extra'), [
    { Id: 'SCORES', Columns: ['RANK', 'SCORE', 'STAGE'], Rows: [['1', '999', 'AREA 1-1'], ['2', '402', 'AREA 1-2'], ['3', '105', 'ALL']] },
    { Id: 'SETTINGS', Columns: ['LIVES'], Rows: [['03 lives']] }
  ])
  assert.deepEqual(decode(xml, [{ name: '.hi', bytes: save }]).map((t) => t.Id), ['SCORES'])
})

test('per-character formats: a hexadecimal case source names a character by its code', () => {
  const xml = `<hi2txt>
    <structure file=".hi"><elt id="NAME" type="text" size="4"/></structure>
    <output><field id="NAME" format="marks;Trim "/></output>
    <format id="marks" apply-to="char"><case src="0x40" dst=" "/><case src="0x5C" dst="."/></format>
  </hi2txt>`
  assert.deepEqual(decodeAll(xml, [{ name: '.hi', bytes: bytes(0x41, 0x5c, 0x42, 0x40) }]).Fields, [{ Id: 'NAME', Value: 'A.B' }])
})

test('base-40 packed names, reverse loop order and nibble operations', () => {
  const xml = `<hi2txt>
    <structure file=".hi">
      <loop count="2">
        <elt id="NAME" type="text" size="2" decoding-profile="base-40" table-index="loop_reverse_index"/>
        <elt id="SCORE" type="int" size="3" nibble-trim="0xF" base="16" table-index="last"/>
      </loop>
    </structure>
    <output><table><column id="NAME"/><column id="SCORE"/></table></output>
  </hi2txt>`
  // base-40: 3 letters per 16 bits, value = a*1600 + b*40 + c, letter = digit + 64.
  const word = (a: number, b: number, c: number) => { const v = a * 1600 + b * 40 + c; return [v >> 8, v & 0xff] }
  const save = bytes(...word(2, 15, 2), 0xff, 0xf1, 0x23, ...word(1, 2, 3), 0x00, 0x45, 0x67)
  assert.deepEqual(decode(xml, [{ name: '.hi', bytes: save }]), [{ Id: null, Columns: ['NAME', 'SCORE'], Rows: [['ABC', '4567'], ['BOB', '123']] }])
})

test('loops over entries whose first and last bytes were not saved read what was saved', () => {
  const xml = `<hi2txt>
    <structure file=".hi">
      <check><size>9</size></check>
      <loop count="3" skip-first-bytes="1" skip-last-bytes="2">
        <elt id="SCORE" type="int" size="2"/><elt id="NAME" type="text" size="2"/>
      </loop>
    </structure>
    <output><table><column id="SCORE"/><column id="NAME"/></table></output>
  </hi2txt>`
  // Entries of 4 bytes: the first lacks the high byte of its score (its one byte is read), the last lacks its name.
  const save = Buffer.concat([bytes(0x05), Buffer.from('AB'), bytes(0x01, 0x00), Buffer.from('CD'), bytes(0x00, 0x07)])
  assert.deepEqual(decode(xml, [{ name: '.hi', bytes: save }]), [{ Id: null, Columns: ['SCORE', 'NAME'], Rows: [['5', 'AB'], ['256', 'CD'], ['7', '']] }])
})

test('sameas chains are followed through the definitions folder, and loops are refused', async () => {
  const dir = tempDir('hi2txt-')
  writeFileSync(path.join(dir, 'parent.xml'), header + bcdGame)
  writeFileSync(path.join(dir, 'clone.xml'), '<hi2txt><sameas id="middle"/></hi2txt>')
  writeFileSync(path.join(dir, 'middle.xml'), '<hi2txt><sameas id="parent"/></hi2txt>')
  const { Tables: tables } = decodeSaves(await loadDefinitionFile(path.join(dir, 'clone.xml'), dir), [{ name: '.hi', bytes: bcdSave }])
  assert.equal(tables[0]?.Rows[0]?.[2], 'ABC')
  writeFileSync(path.join(dir, 'a.xml'), '<hi2txt><sameas id="b"/></hi2txt>')
  writeFileSync(path.join(dir, 'b.xml'), '<hi2txt><sameas id="a"/></hi2txt>')
  await assert.rejects(loadDefinitionFile(path.join(dir, 'a.xml'), dir), /loops: a -> b -> a/)
})

test('something the language does not know is an error naming it, never a partial table', () => {
  assert.throws(() => parseDefinition('<hi2txt><structure file=".hi"><elt id="A" size="1" type="int" colour="red"/></structure></hi2txt>'), (e: Error) => e instanceof DefinitionError && /colour/.test(e.message))
  assert.throws(() => parseDefinition('<hi2txt><structure file=".hi"><blob/></structure></hi2txt>'), /<blob>/)
  assert.throws(() => decode('<hi2txt><structure file=".hi"><elt id="A" size="1" type="text" charset="nope"/></structure><output><table><column id="A"/></table></output></hi2txt>', [{ name: '.hi', bytes: bytes(1) }]), /unknown charset: nope/)
  assert.throws(() => decode('<hi2txt><structure file=".hi"><elt id="A" size="1"/></structure><output><field id="A" format="Wobble"/></output></hi2txt>', [{ name: '.hi', bytes: bytes(1) }]), /unknown format: "Wobble"/)
  assert.throws(() => parseDefinition('<hi2txt><charset id="x"><char src="1" dst="&mystery;"/></charset><structure file=".hi"><elt id="A" size="1"/></structure></hi2txt>'), (e: Error) => e instanceof DefinitionError && /^entity &mystery; is declared nowhere/.test(e.message) && !e.message.includes('\n'))
})

test('entities come from the DTD the DOCTYPE names in the definitions folder; one declared nowhere is a one-line error naming it', async () => {
  const dir = tempDir('hi2txt-dtd-')
  writeFileSync(path.join(dir, 'hi2txt.dtd'), '<!ELEMENT hi2txt ANY>\n<!ENTITY heart "&#9829;"> <!-- a comment -->\n<!ENTITY man \'&#9794;\'>\n')
  const game = (body: string) => `${header}<hi2txt><structure file=".hi"><elt id="A" size="1" type="text" charset="c"/></structure><output><table><column id="A"/></table></output><charset id="c">${body}</charset></hi2txt>`
  writeFileSync(path.join(dir, 'hearts.xml'), game('<char src="0x41" dst="&heart;&amp;&man;"/>'))
  const { Tables } = decodeSaves(await loadDefinitionFile(path.join(dir, 'hearts.xml'), dir), [{ name: '.hi', bytes: bytes(0x41) }])
  assert.deepEqual(Tables[0]?.Rows, [['♥&♂']])
  writeFileSync(path.join(dir, 'mystery.xml'), game('<char src="0x41" dst="&mystery;"/>'))
  await assert.rejects(loadDefinitionFile(path.join(dir, 'mystery.xml'), dir), (e: Error) => e instanceof DefinitionError && /^entity &mystery; is declared nowhere.*hi2txt\.dtd/.test(e.message) && !e.message.includes('\n'))
  // A DTD outside the definitions folder is never read.
  const inner = path.join(dir, 'db')
  mkdirSync(inner)
  writeFileSync(path.join(inner, 'outside.xml'), game('<char src="0x41" dst="&heart;"/>').replace('"hi2txt.dtd"', '"../hi2txt.dtd"'))
  await assert.rejects(loadDefinitionFile(path.join(inner, 'outside.xml'), inner), /entity &heart; is declared nowhere/)
})

test('a save shorter than its definition gives the rows it holds: a cut element is read from its bytes, entries past the end are not rows', () => {
  const xml = `<hi2txt>
    <structure file=".hi">
      <loop count="5"><elt id="SCORE" type="int" size="2"/><elt id="FLAG" type="raw" size="2"/></loop>
    </structure>
    <output><table><column id="SCORE"/><column id="FLAG" format="0x"/><column id="HEX" src="SCORE" format="0x"/></table><field id="CHECK" format="0x"/></output>
  </hi2txt>`
  // Two whole entries, then a score and half a flag: five entries defined, three saved.
  const decoded = decodeAll(xml, [{ name: '.hi', bytes: bytes(0x01, 0x00, 0xab, 0xcd, 0x00, 0xff, 0x00, 0x01, 0x00, 0x02, 0x7f) }])
  // Raw bytes print as they are behind 0x, numbers in hexadecimal; nothing stays nothing, and a field with nothing is left out.
  assert.deepEqual(decoded, { Tables: [{ Id: null, Columns: ['SCORE', 'FLAG', 'HEX'], Rows: [['256', '0xABCD', '0x100'], ['255', '0x0001', '0xff'], ['2', '0x7F', '0x2']] }], Fields: [] })
})

test('raw bytes match a case by their text; concat keeps its input unless the operands take it', () => {
  const xml = `<hi2txt>
    <structure file=".hi"><elt id="FLAG" type="raw" size="2"/><elt id="STAGE" type="int" size="1"/></structure>
    <output><table><column id="FLAG" format="flag"/><column id="STAGE" format="stage"/><column id="LEVEL" src="STAGE" format="level"/></table></output>
    <format id="flag"><case src="2" dst="two"/><case src="0002" dst="bytes 0002"/></format>
    <format id="stage"><concat><txt> area</txt></concat></format>
    <format id="level" input-as-subcolumns-input="yes"><concat><txt>L</txt><column format="+1"/></concat></format>
  </hi2txt>`
  assert.deepEqual(decode(xml, [{ name: '.hi', bytes: bytes(0x00, 0x02, 0x04) }])[0]?.Rows, [['bytes 0002', '4 area', 'L5']])
})
