import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { closeDatabase, isStorageFullError, openDatabase, type HubDatabase } from '../../src/core/storage/database.js'
import { tempDir } from '../support/hub.js'

function withTable (): HubDatabase {
  const db = openDatabase(tempDir())
  db.exec('CREATE TABLE t (x INTEGER NOT NULL)')
  return db
}

const values = (db: HubDatabase): number[] => db.prepare<[], [number]>('SELECT x FROM t ORDER BY x', { rowsAsArrays: true }).all().map(([x]) => x)

/** Fills the database until SQLite refuses: its size limit is set just above what it holds. */
function errorWhenFull (db: HubDatabase): unknown {
  const pages = db.pragma('page_count', { simple: true }) as number
  db.pragma(`max_page_count = ${pages + 2}`)
  db.exec('CREATE TABLE filler (data BLOB)')
  const insert = db.prepare<[Uint8Array]>('INSERT INTO filler (data) VALUES (?)')
  try {
    for (let i = 0; i < 100; i++) insert.run(new Uint8Array(64 * 1024))
  } catch (error) {
    return error
  }
  assert.fail('the database never filled up')
}

describe('the database driver (node:sqlite)', () => {
  it('a transaction commits what its function wrote, and rolls all of it back when the function throws', () => {
    const db = withTable()
    const insert = db.prepare<[number]>('INSERT INTO t (x) VALUES (?)')
    const insertAll = db.transaction((xs: number[]) => { for (const x of xs) insert.run(x) })
    insertAll([1, 2])
    assert.throws(() => db.transaction(() => { insert.run(3); throw new Error('half-way') })(), /half-way/)
    assert.deepEqual(values(db), [1, 2])
    closeDatabase(db)
  })

  it('a transaction inside another is a savepoint: its rollback keeps what the outer one wrote', () => {
    const db = withTable()
    const insert = db.prepare<[number]>('INSERT INTO t (x) VALUES (?)')
    const inner = db.transaction(() => { insert.run(2); throw new Error('inner') })
    const outer = db.transaction(() => {
      insert.run(1)
      assert.throws(() => inner(), /inner/)
      insert.run(3)
      return 'done'
    })
    assert.equal(outer(), 'done')
    assert.deepEqual(values(db), [1, 3])
    closeDatabase(db)
  })

  it('run tells how many rows changed; a pragma reads back as a value', () => {
    const db = withTable()
    db.prepare('INSERT INTO t (x) VALUES (1), (2), (3)').run()
    assert.equal(db.prepare<[number]>('DELETE FROM t WHERE x > ?').run(1).changes, 2)
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal')
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1)
    closeDatabase(db)
    assert.equal(db.open, false)
  })

  it('isStorageFullError: true for SQLite\'s "database or disk is full" and for ENOSPC, false for other errors', () => {
    const db = withTable()
    const full = errorWhenFull(db)
    assert.match(String(full), /full/)
    assert.equal(isStorageFullError(full), true)
    let noSpace: unknown
    try {
      writeFileSync('/dev/full', 'x')
    } catch (error) {
      noSpace = error
    }
    assert.equal((noSpace as NodeJS.ErrnoException).code, 'ENOSPC')
    assert.equal(isStorageFullError(noSpace), true)

    let otherSqlite: unknown
    try {
      db.exec('SELECT * FROM missing')
    } catch (error) {
      otherSqlite = error
    }
    assert.match(String(otherSqlite), /no such table/)
    assert.equal(isStorageFullError(otherSqlite), false)
    assert.equal(isStorageFullError(new Error('database or disk is full')), false, 'a message alone is not the driver saying so')
    assert.equal(isStorageFullError(null), false)
    closeDatabase(db)
  })
})
