/** The one atomic writer: whole files or nothing, the old file kept when anything fails, no temporary file left. */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { isStorageFullError } from '../../src/core/storage/database.js'
import { syncsFolders, writeFileAtomic } from '../../src/core/storage/atomic-file.js'
import { tempDir } from '../support/hub.js'

const temporaries = (folder: string): string[] => readdirSync(folder).filter((name) => name.endsWith('.tmp'))

describe('atomic file writer', () => {
  it('writes a new file, its folder created, with the mode asked for, durable or not', async () => {
    const folder = path.join(tempDir(), 'a', 'b')
    await writeFileAtomic(path.join(folder, 'plain.txt'), 'plain')
    await writeFileAtomic(path.join(folder, 'durable.bin'), Buffer.from([1, 2, 3]), { durable: true, mode: 0o600 })
    assert.equal(readFileSync(path.join(folder, 'plain.txt'), 'utf8'), 'plain')
    assert.deepEqual([...readFileSync(path.join(folder, 'durable.bin'))], [1, 2, 3])
    assert.equal(statSync(path.join(folder, 'durable.bin')).mode & 0o777, 0o600)
    assert.deepEqual(temporaries(folder), [])
  })

  it('replaces a file with a new inode, so a reader holding the old one never sees a mix', async () => {
    const file = path.join(tempDir(), 'theme.xml')
    writeFileSync(file, 'old')
    const before = statSync(file).ino
    await writeFileAtomic(file, 'new', { durable: true })
    assert.equal(readFileSync(file, 'utf8'), 'new')
    assert.notEqual(statSync(file).ino, before)
  })

  it('leaves the old file and no temporary file when the last check refuses, and rethrows its error', async () => {
    const folder = tempDir()
    const file = path.join(folder, 'gamelist.xml')
    writeFileSync(file, 'the frontend wrote this')
    const refused = new Error('changed meanwhile')
    await assert.rejects(writeFileAtomic(file, 'ours', { durable: true, beforeReplacing: async () => { throw refused } }), refused)
    assert.equal(readFileSync(file, 'utf8'), 'the frontend wrote this')
    assert.deepEqual(temporaries(folder), [])
  })

  it('rejects with the system error as it came when the folder cannot be written', async () => {
    const blocker = path.join(tempDir(), 'not-a-folder')
    writeFileSync(blocker, '')
    await assert.rejects(writeFileAtomic(path.join(blocker, 'file'), 'x'), (error: NodeJS.ErrnoException) => ['ENOTDIR', 'EEXIST'].includes(error.code ?? '') && !isStorageFullError(error))
  })

  it('syncs folders everywhere but on Windows, which refuses it (EPERM): there a durable write skips only that step', () => {
    assert.equal(syncsFolders('win32'), false)
    for (const platform of ['linux', 'darwin', 'freebsd'] as const) assert.equal(syncsFolders(platform), true, platform)
  })
})
