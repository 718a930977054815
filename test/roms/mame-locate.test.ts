/** Where the service looks for MAME on each platform, and what it says when MAME is nowhere. */
import assert from 'node:assert/strict'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { locateMame } from '../../src/roms/mame/locate.js'
import { tempDir } from '../support/hub.js'

function executable (folder: string, name: string): string {
  mkdirSync(folder, { recursive: true })
  const file = path.join(folder, name)
  writeFileSync(file, '#!/bin/sh\n')
  chmodSync(file, 0o755)
  return file
}

describe('locating MAME', () => {
  it('takes mame from the PATH before Debian\'s, on Linux', () => {
    const bin = tempDir()
    const mame = executable(bin, 'mame')
    assert.deepEqual(locateMame(null, { searchPath: `/nowhere${path.delimiter}${bin}`, platform: 'linux', frontendRoot: null }), { executable: mame, source: 'PATH' })
  })

  it('names the places it looked at, which on Windows are mame.exe on the PATH and RetroBat\'s own emulators folder, never /usr/games', () => {
    const windows = locateMame(null, { searchPath: 'C:\\Windows\\system32', platform: 'win32', frontendRoot: 'C:\\RetroBat' })
    assert.deepEqual(windows, { problem: 'no MAME found (--mame-exe, mame.exe on the PATH, C:\\RetroBat\\emulators\\mame\\mame.exe); machine data, audits and derived arcade panels go without it' })
  })

  it('honours --mame-exe, and none', () => {
    const mame = executable(tempDir(), 'mame64')
    assert.deepEqual(locateMame(mame, { searchPath: '', platform: 'linux', frontendRoot: null }), { executable: mame, source: 'option' })
    assert.match((locateMame('none', { searchPath: '', platform: 'linux', frontendRoot: null }) as { problem: string }).problem, /switched off/)
    assert.match((locateMame('/no/such/mame', { searchPath: '', platform: 'linux', frontendRoot: null }) as { problem: string }).problem, /is not an executable file/)
  })
})
