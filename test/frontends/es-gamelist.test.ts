import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { GamelistReader, readGamelist } from '../../src/frontends/emulationstation/gamelist.js'
import { tempDir } from '../support/hub.js'

const systemDir = '/roms/snes'

/** ES-DE's second root, a BOM, entities (one the XML standard does not define), CDATA and attributes. */
const esDeGamelist = `\uFEFF<?xml version="1.0"?>
<alternativeEmulator><label>Snes9x</label></alternativeEmulator>
<gameList>
  <game id="123" source="ScreenScraper.fr">
    <path>./Super Mario World (USA).sfc</path>
    <name>Super Mario World</name>
    <desc>Mario &amp; Luigi&nbsp;return. <![CDATA[<Classic>]]></desc>
    <genre>Platform</genre>
    <genre>Second genre tag</genre>
    <scrap name="ScreenScraper" date="20240101T000000" />
    <cheevosId region="eu">42</cheevosId>
  </game>
  <game><name>No path: not a game</name></game>
  <folder><path>./Hacks</path><name>Hacks</name></folder>
  <game><path>.\\Hacks\\Kaizo.sfc</path><id>7</id></game>
</gameList>
`

function readAll (xml: string, chunkSize: number) {
  const reader = new GamelistReader(systemDir)
  for (let i = 0; i < xml.length; i += chunkSize) reader.write(xml.slice(i, i + chunkSize))
  return reader.end()
}

describe('gamelist reader', () => {
  it('reads the games of an ES-DE gamelist with its second root element', () => {
    const games = readAll(esDeGamelist, 64 * 1024)
    assert.deepEqual(games.map((g) => g.romPath), ['/roms/snes/Super Mario World (USA).sfc', '/roms/snes/Hacks/Kaizo.sfc'])
    const [mario, kaizo] = games
    assert.equal(mario!.fields.name, 'Super Mario World')
    assert.equal(mario!.fields.desc, 'Mario & Luigi&nbsp;return. <Classic>', 'an undefined entity stays as text, as the frontend keeps it')
    assert.equal(mario!.fields.genre, 'Platform', 'the first of a repeated tag wins')
    assert.equal(mario!.fields.id, '123')
    assert.equal(mario!.fields.source, 'ScreenScraper.fr')
    assert.equal(mario!.fields.scrap_name, 'ScreenScraper')
    assert.deepEqual(mario!.extras, { cheevosId: '42', cheevosId_region: 'eu' })
    assert.equal(kaizo!.fields.id, '7')
  })

  it('gives the same games whatever the chunk boundaries, down to one character', () => {
    const whole = readAll(esDeGamelist, esDeGamelist.length)
    for (const size of [1, 2, 5, 7, 64]) assert.deepEqual(readAll(esDeGamelist, size), whole, `chunks of ${size}`)
  })

  it('counts a file without a game list, or an empty one, as no games', () => {
    assert.deepEqual(readAll('', 10), [])
    assert.deepEqual(readAll('<?xml version="1.0"?>\n', 3), [])
    assert.deepEqual(readAll('<?xml version="1.0"?><systemList><game><path>./a.zip</path></game></systemList>', 10), [])
  })

  it('refuses broken XML with the line it broke on', () => {
    assert.throws(() => readAll('<?xml version="1.0"?>\n<gameList>\n<game><path>./a.zip</name></game>\n</gameList>', 16), /3:\d+: unexpected close tag/)
    assert.throws(() => readAll('<?xml version="1.0"?>\n<gameList>\n<game><path>./a.zip</path>', 16), /3:\d+: the text ends inside <game>/)
  })

  it('streams a file, resolving rom paths against the rom folder it is given', async () => {
    const dir = tempDir('cabinet-hub-gamelist-')
    const file = path.join(dir, 'gamelist.xml')
    const games = Array.from({ length: 3000 }, (_, i) => `<game><path>./game${i}.zip</path><name>Game ${i} ${'é'.repeat(40)}</name></game>`)
    writeFileSync(file, `<?xml version="1.0"?>\n<gameList>\n${games.join('\n')}\n</gameList>\n`)
    const read = await readGamelist(file, dir)
    assert.equal(read.length, 3000)
    assert.equal(read[2999]!.romPath, path.join(dir, 'game2999.zip'))
    assert.ok(read.every((g, i) => g.fields.name === `Game ${i} ${'é'.repeat(40)}`), 'multi-byte characters split across chunks stay whole')
  })
})
