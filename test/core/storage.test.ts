import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import Database from 'better-sqlite3'
import { closeDatabase, databaseFileName, openDatabase } from '../../src/core/storage/database.js'
import { migrations } from '../../src/core/storage/migrations.js'
import { tempDir } from '../support/hub.js'

describe('database', () => {
  it('creates the file in WAL mode at the latest schema version, and reopens without re-running steps', () => {
    const dir = tempDir()
    const db = openDatabase(dir)
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal')
    assert.equal(db.pragma('user_version', { simple: true }), migrations.length)
    db.prepare('INSERT INTO event_journal (type, ts, envelope) VALUES (?, ?, ?)').run('ui.event', 'now', '{}')
    closeDatabase(db)
    assert.equal(existsSync(path.join(dir, `${databaseFileName}-wal`)), false, 'closing checkpoints and removes the WAL')

    const again = openDatabase(dir)
    assert.equal((again.prepare('SELECT COUNT(*) AS n FROM event_journal').get() as { n: number }).n, 1)
    closeDatabase(again)
  })

  it('refuses a database written by a newer build, with a clear message, and leaves it alone', () => {
    const dir = tempDir()
    const raw = new Database(path.join(dir, databaseFileName))
    raw.pragma(`user_version = ${migrations.length + 5}`)
    raw.close()
    assert.throws(() => openDatabase(dir), /newer than this build knows/)
    const check = new Database(path.join(dir, databaseFileName))
    assert.equal(check.pragma('user_version', { simple: true }), migrations.length + 5)
    check.close()
  })
})
