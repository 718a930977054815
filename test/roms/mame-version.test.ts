/** `mame -version` is asked once per MAME executable file, not at every start: it costs a tenth of a second. */
import assert from 'node:assert/strict'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { pino } from 'pino'
import { closeDatabase, openDatabase } from '../../src/core/storage/database.js'
import { coreMigrations, migrate } from '../../src/core/storage/migrations.js'
import { romsModule } from '../../src/roms/index.js'
import { MachineLibrary } from '../../src/roms/machine-library.js'
import { MachineStore } from '../../src/roms/machine-store.js'
import { MameProcess } from '../../src/roms/mame/process.js'
import { tempDir } from '../support/hub.js'

/** A stand-in MAME that answers -version with `version` and counts how often it was asked. */
function countingMame (folder: string, version: string): { executable: string, asked: () => number } {
  const executable = path.join(folder, 'mame')
  const count = path.join(folder, 'asked')
  writeFileSync(executable, `#!/bin/sh\necho x >> "${count}"\necho "${version}"\n`)
  chmodSync(executable, 0o755)
  return { executable, asked: () => readFileSync(count, 'utf8').split('\n').filter((line) => line !== '').length }
}

describe('the MAME version', { skip: process.platform === 'win32' ? 'the stand-in MAME is a shell script' : false }, () => {
  it('is asked once per executable file, and again when the file changes', async () => {
    const dataDir = tempDir('cabinet-hub-mame-version-')
    const startAndRead = async (executable: string): Promise<string | null> => {
      const db = openDatabase(dataDir)
      try {
        migrate(db, [coreMigrations, { owner: romsModule.name, steps: romsModule.migrations! }])
        const library = new MachineLibrary({ adapter: new MameProcess(executable, new AbortController().signal), missing: null, store: new MachineStore(db), logger: pino({ level: 'silent' }), now: () => new Date(), onImported: () => {} })
        await library.start()
        return library.version
      } finally {
        closeDatabase(db)
      }
    }
    const mame = countingMame(dataDir, '0.251 (unknown)')
    assert.equal(await startAndRead(mame.executable), '0.251 (unknown)')
    assert.equal(await startAndRead(mame.executable), '0.251 (unknown)')
    assert.equal(mame.asked(), 1)
    // An upgrade rewrites the file: its size and time change, and the new version is asked for.
    const upgraded = countingMame(dataDir, '0.264 (mame0264)')
    assert.equal(await startAndRead(upgraded.executable), '0.264 (mame0264)')
    assert.equal(upgraded.asked(), 2)
  })
})
