/**
 * An install made before the move to node:sqlite (its database written by better-sqlite3, see the
 * fixture's header) opens with this build: every row of every table is still there, and the
 * modules serve them.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, it } from 'node:test'
import { closeDatabase, databaseFileName, openDatabase, type HubDatabase } from '../../src/core/storage/database.js'
import { startHub, tempDir, type TestHub } from '../support/hub.js'

const dump = readFileSync(new URL('fixtures/main-install.sql', import.meta.url), 'utf8')

type Tables = Map<string, string[]>

/** Every row of every table, each as its JSON, sorted: a table's content whatever the row order. */
function tablesOf (db: DatabaseSync | HubDatabase): Tables {
  const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name)
  return new Map(names.map((name) => [name, (db.prepare(`SELECT * FROM "${name}"`).all() as object[]).map((row) => JSON.stringify({ ...row })).sort()]))
}

async function getJson<T> (hub: TestHub, route: string): Promise<T> {
  const response = await hub.fetch(route)
  assert.equal(response.status, 200, route)
  return await response.json() as T
}

interface Profile { readonly name: string, readonly initials: string, readonly aliases: string[] }

describe('a data dir written by the build before node:sqlite', () => {
  it('opens with this build: the modules serve its rows, and every row of every table is kept', async () => {
    const dataDir = tempDir()
    const file = path.join(dataDir, databaseFileName)
    const installed = new DatabaseSync(file)
    installed.exec(dump)
    const before = tablesOf(installed)
    installed.close()
    assert.ok(before.size >= 12, `the fixture has the tables of every module: ${[...before.keys()].join(', ')}`)
    for (const [table, rows] of before) assert.ok(rows.length > 0, `the fixture has rows in ${table}`)

    // Media rows name files of the old install's tree, which is not here: the media scan would drop them.
    const hub = await startHub({ options: { dataDir, 'managers.localMedia': false } })
    try {
      const players = await getJson<{ players: Profile[] }>(hub, '/api/v1/players')
      assert.deepEqual(players.players, [{ name: 'Ada', initials: 'ADA', aliases: ['A.L.', 'ADL'] }, { name: 'Kev', initials: 'KEV', aliases: [] }])
      assert.equal((await getJson<Profile>(hub, '/api/v1/players/current')).name, 'Ada')
      const table = await getJson<{ scores: Array<{ name: string, score: string }> }>(hub, '/api/v1/hiscores/mame/1943')
      assert.deepEqual(table.scores.map((e) => `${e.name} ${e.score}`), ['CAP 30000', 'PLA 25000', 'KEV 20000', 'P38 15000', 'MID 10000'])
      const recent = await getJson<{ events: Array<{ Type: string }> }>(hub, '/api/v1/events/recent?limit=500')
      assert.ok(recent.events.some((e) => e.Type === 'roms.machines.imported'), 'the journal of the old install is read')
    } finally {
      await hub.close()
    }

    const reopened = openDatabase(dataDir)
    const after = tablesOf(reopened)
    closeDatabase(reopened)
    // A later migration may add a column (hiscore_tables.fields): a row is kept when every value it had is still there,
    // and a module's schema version may only have moved up.
    const versions = (rows: readonly string[] = []) => new Map(rows.map((row) => JSON.parse(row) as { owner: string, version: number }).map(({ owner, version }) => [owner, version]))
    const newer = versions(after.get('schema_versions'))
    for (const [owner, version] of versions(before.get('schema_versions'))) assert.ok((newer.get(owner) ?? 0) >= version, `${owner} stays at version ${version} or later`)
    const keeps = (old: string) => (row: string): boolean => Object.entries(JSON.parse(old) as object).every(([column, value]) => JSON.stringify((JSON.parse(row) as Record<string, unknown>)[column]) === JSON.stringify(value))
    for (const [table, rows] of before) {
      if (table === 'schema_versions') continue
      const kept = after.get(table) ?? []
      assert.deepEqual(rows.filter((row) => !kept.some(keeps(row))), [], `every row of ${table} is kept as it was`)
    }
  })
})
