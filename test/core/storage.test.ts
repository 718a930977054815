import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { closeDatabase, databaseFileName, HubDatabase, openDatabase } from '../../src/core/storage/database.js'
import { bookkeepingVersion, coreMigrations, migrate } from '../../src/core/storage/migrations.js'
import { tempDir } from '../support/hub.js'

const mediaSteps = { owner: 'media', steps: ['CREATE TABLE media_files (file TEXT PRIMARY KEY)'] }
const versions = (db: HubDatabase): Record<string, number> =>
  Object.fromEntries((db.prepare('SELECT owner, version FROM schema_versions ORDER BY owner').all() as Array<{ owner: string, version: number }>).map((r) => [r.owner, r.version]))

describe('database', () => {
  it('creates the file in WAL mode, runs each owner\'s steps once, and reopens without re-running them', () => {
    const dir = tempDir()
    const db = openDatabase(dir)
    migrate(db, [coreMigrations, mediaSteps])
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal')
    assert.equal(db.pragma('user_version', { simple: true }), bookkeepingVersion)
    assert.deepEqual(versions(db), { core: 1, media: 1 })
    db.prepare('INSERT INTO event_journal (type, ts, envelope) VALUES (?, ?, ?)').run('ui.event', 'now', '{}')
    closeDatabase(db)
    assert.equal(existsSync(path.join(dir, `${databaseFileName}-wal`)), false, 'closing checkpoints and removes the WAL')

    const again = openDatabase(dir)
    migrate(again, [coreMigrations, { owner: 'media', steps: [...mediaSteps.steps, 'ALTER TABLE media_files ADD COLUMN size INTEGER'] }])
    assert.deepEqual(versions(again), { core: 1, media: 2 }, 'only the new step ran')
    assert.equal((again.prepare('SELECT COUNT(*) AS n FROM event_journal').get() as { n: number }).n, 1)
    closeDatabase(again)
  })

  it('gives the same SQL back as rows of objects or of arrays, as each caller asked, however the two interleave', () => {
    const db = openDatabase(':memory:')
    db.exec('CREATE TABLE games (rom TEXT, players INTEGER)')
    db.prepare('INSERT INTO games VALUES (?, ?)').run('galaga', 2)
    const sql = 'SELECT rom, players FROM games'
    for (let round = 0; round < 2; round++) {
      assert.deepEqual({ ...db.prepare(sql).get() as object }, { rom: 'galaga', players: 2 })
      assert.deepEqual(db.prepare(sql, { rowsAsArrays: true }).get(), ['galaga', 2])
    }
    db.prepare('INSERT INTO games VALUES (?, ?)').run('dkong', 1)
    assert.equal(db.prepare(sql).all().length, 2, 'a statement given again reads the table as it is now')
    closeDatabase(db)
  })

  it('adopts a database of the single-list layout (user_version 2) without running its steps again', () => {
    const dir = tempDir()
    const legacy = new HubDatabase(path.join(dir, databaseFileName))
    legacy.exec(`${coreMigrations.steps[0]!}; ${mediaSteps.steps[0]!}`)
    legacy.prepare('INSERT INTO media_files (file) VALUES (?)').run('/m/kept.png')
    legacy.pragma('user_version = 2')
    legacy.close()
    const db = openDatabase(dir)
    migrate(db, [coreMigrations, mediaSteps])
    assert.deepEqual(versions(db), { core: 1, media: 1 })
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM media_files').get() as { n: number }).n, 1, 'the rows of the old layout are kept')
    closeDatabase(db)
  })

  it('refuses a database written by a newer build, with a clear message, and leaves it alone', () => {
    const dir = tempDir()
    const raw = new HubDatabase(path.join(dir, databaseFileName))
    raw.pragma(`user_version = ${bookkeepingVersion + 5}`)
    raw.close()
    assert.throws(() => migrate(openDatabase(dir), [coreMigrations]), /newer than this build knows/)
    const check = new HubDatabase(path.join(dir, databaseFileName))
    assert.equal(check.pragma('user_version', { simple: true }), bookkeepingVersion + 5)
    check.close()

    const newerModule = openDatabase(tempDir())
    migrate(newerModule, [coreMigrations, { owner: 'media', steps: ['CREATE TABLE a (x)', 'CREATE TABLE b (x)'] }])
    assert.throws(() => migrate(newerModule, [coreMigrations, { owner: 'media', steps: ['CREATE TABLE a (x)'] }]), /media tables are at version 2, newer than this build knows \(1\)/)
    closeDatabase(newerModule)
  })
})
