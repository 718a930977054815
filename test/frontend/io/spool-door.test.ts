/**
 * The spool door on the folder watch: complete hooks are applied as they arrive, in hook order; a file
 * still being written holds back the hooks after it; none is lost in a burst.
 */
import assert from 'node:assert/strict'
import { closeSync, existsSync, openSync, readdirSync, writeFileSync, writeSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, it } from 'node:test'
import type { HookShells } from '../../../src/frontend/hook-shells.js'
import { SpoolDoor } from '../../../src/frontend/spool-door.js'
import { writeSpoolFile, type SpooledHook } from '../../../src/frontend/spool.js'
import { tempDir } from '../../support/hub.js'
import { until } from '../../support/sim.js'

const timed = (ms: number, tag: string): string => `${String(ms * 1000).padStart(17, '0')}-${tag}.json`

describe('spool door', () => {
  let door: SpoolDoor | null = null
  afterEach(async () => { await door?.close() })

  function open (spoolDir: string, runningHookShells?: HookShells) {
    const applied: SpooledHook[] = []
    const rejected: string[] = []
    const errors: Error[] = []
    door = new SpoolDoor({ spoolDir, pollMs: 150, reorderMs: 100, ...(runningHookShells === undefined ? {} : { runningHookShells }), apply: (hook) => applied.push(hook), onRejected: (file) => rejected.push(path.basename(file)), onError: (error) => errors.push(error) })
    return { door, applied, rejected, errors }
  }

  it('applies the files already there in hook order when it starts watching', async () => {
    const spoolDir = tempDir('cabinet-hub-spool-')
    const start = Date.now() - 60_000
    writeFileSync(path.join(spoolDir, timed(start + 1, 'b')), JSON.stringify({ event: 'system-selected', args: ['second'] }))
    writeFileSync(path.join(spoolDir, timed(start, 'a')), JSON.stringify({ event: 'system-selected', args: ['first'] }))
    const { door, applied } = open(spoolDir)
    await door.watch()
    await door.drain()
    assert.deepEqual(applied.map((h) => h.args[0]), ['first', 'second'])
    assert.deepEqual(readdirSync(spoolDir), [])
  })

  it('once open, lets a fresh hook wait for one fired just before it that lands a moment later, and applies them in firing order', async () => {
    const spoolDir = tempDir('cabinet-hub-spool-')
    const { door, applied } = open(spoolDir)
    await door.watch()
    door.holdRecentFiles()
    const firedAt = Date.now()
    // Our POSIX hook's format: the event and each argument, each ended by a NUL.
    writeFileSync(path.join(spoolDir, `${String((firedAt + 5) * 1000).padStart(17, '0')}-sh-2.hook`), 'game-selected\0mame\0/cab/roms/mame/sf.zip\0Street Fighter\0')
    await sleep(30)
    writeFileSync(path.join(spoolDir, `${String(firedAt * 1000).padStart(17, '0')}-sh-1.hook`), 'game-end\0')
    await until(() => applied.length === 2)
    assert.deepEqual(applied.map((h) => h.event), ['game-end', 'game-selected'])
    assert.deepEqual(applied[1]!.args, ['mame', '/cab/roms/mame/sf.zip', 'Street Fighter'])
  })

  it('applies a scrolling player\'s hooks while the scroll goes on: each waits its own reorder window, not the burst\'s', async () => {
    const spoolDir = tempDir('cabinet-hub-spool-')
    const { door, applied } = open(spoolDir)
    await door.watch()
    door.holdRecentFiles()
    const count = 30
    // How many hooks had been written when the first one was applied (the burst's waits queued: all of them).
    let writtenAtFirstApplied: number | null = null
    for (let i = 0; i < count; i++) {
      await writeSpoolFile(spoolDir, { event: 'game-selected', args: ['mame', `/cab/roms/mame/g${i}.zip`], hookId: null })
      await sleep(20)
      if (applied.length > 0) writtenAtFirstApplied ??= i + 1
    }
    assert.ok(writtenAtFirstApplied !== null && writtenAtFirstApplied <= count - 10, `the first hook was applied when ${String(writtenAtFirstApplied)} of ${count} were written`)
    await until(() => applied.length === count)
    assert.deepEqual(applied.map((h) => h.args[1]), Array.from({ length: count }, (_, i) => `/cab/roms/mame/g${i}.zip`))
  })

  // The second pair: pid_max 32768 wrapped between the two shells ES started.
  for (const [first, second] of [[100, 102], [32766, 2]] as const) {
    it(`holds a hook until one the frontend started before it, which announced itself, is spooled; then applies both in firing order (shells ${first}, ${second})`, async () => {
      const spoolDir = tempDir('cabinet-hub-spool-')
      const { door, applied } = open(spoolDir)
      await door.watch()
      door.holdRecentFiles()
      const key = (ms: number): string => String(Math.round(ms * 1000)).padStart(17, '0')
      // The shell ES started first has announced itself and not reached its clock yet; the next one is done.
      writeFileSync(path.join(spoolDir, `.sh-${first}-${first + 1}.pending`), '')
      writeFileSync(path.join(spoolDir, `.sh-${second}-${second + 1}.pending`), '')
      writeFileSync(path.join(spoolDir, `${key(Date.now() - 500)}-sh-${second}-${second + 1}.hook`), 'game-selected\0mame\0/cab/roms/mame/sf.zip\0Street Fighter\0')
      await sleep(400)
      assert.equal(applied.length, 0, 'the later hook waits for the announced one')
      writeFileSync(path.join(spoolDir, `${key(Date.now())}-sh-${first}-${first + 1}.hook`), 'system-selected\0mame\0')
      await until(() => applied.length === 2)
      assert.deepEqual(applied.map((h) => h.event), ['system-selected', 'game-selected'])
      assert.deepEqual(readdirSync(spoolDir), [], 'the marks are removed with their hooks')
    })
  }

  it('holds a hook while a shell the frontend started before it runs our script without having announced itself, and not for a shell whose hook was applied', async () => {
    const spoolDir = tempDir('cabinet-hub-spool-')
    // The shells /proc shows running our script (see hook-shells.ts): ES's first shell, descheduled before its first line.
    let running = [100]
    const { door, applied } = open(spoolDir, async (before) => running.filter((shell) => before.some((later) => shell < later)))
    await door.watch()
    door.holdRecentFiles()
    const key = (ms: number): string => String(Math.round(ms * 1000)).padStart(17, '0')
    writeFileSync(path.join(spoolDir, `${key(Date.now())}-sh-102-103.hook`), 'game-selected\0mame\0/cab/roms/mame/sf.zip\0Street Fighter\0')
    await sleep(400)
    assert.equal(applied.length, 0, 'the later hook waits for the shell started before it')
    writeFileSync(path.join(spoolDir, `${key(Date.now())}-sh-100-101.hook`), 'system-selected\0mame\0')
    await until(() => applied.length === 2)
    assert.deepEqual(applied.map((h) => h.event), ['system-selected', 'game-selected'])
    // Both shells wind down a moment after their hooks: the next hook does not wait for them.
    running = [100, 102]
    writeFileSync(path.join(spoolDir, `${key(Date.now())}-sh-104-105.hook`), 'game-start\0mame\0')
    await until(() => applied.length === 3)
  })

  it('creates a missing spool folder and applies a hook written into it later', async () => {
    const spoolDir = path.join(tempDir('cabinet-hub-spool-'), 'events.d')
    const { door, applied } = open(spoolDir)
    await door.watch()
    await writeSpoolFile(spoolDir, { event: 'system-selected', args: ['snes'], hookId: null })
    await until(() => applied.length === 1)
    assert.deepEqual(readdirSync(spoolDir), [])
  })

  it('holds the hooks after a file still being written until it is complete, then applies both in order', async () => {
    const spoolDir = tempDir('cabinet-hub-spool-')
    const { door, applied, rejected } = open(spoolDir)
    await door.watch()
    const now = Date.now()
    const slow = path.join(spoolDir, timed(now, 'slow'))
    const fd = openSync(slow, 'w')
    writeSync(fd, '{"event":"game-selected","args":["mame",')
    writeFileSync(path.join(spoolDir, timed(now + 1, 'next')), JSON.stringify({ event: 'system-selected', args: ['snes'] }))
    await sleep(500)
    assert.equal(applied.length, 0, 'the complete hook waits behind the one being written')
    writeSync(fd, '"/cab/roms/mame/sf.zip","Street Fighter"]}')
    closeSync(fd)
    await until(() => applied.length === 2)
    assert.deepEqual(applied.map((h) => h.event), ['game-selected', 'system-selected'])
    assert.deepEqual(rejected, [])
  })

  it('sets a file aside once it has held still without becoming a usable hook, and goes on with the next', async () => {
    const spoolDir = tempDir('cabinet-hub-spool-')
    const { door, applied, rejected } = open(spoolDir)
    await door.watch()
    const now = Date.now()
    writeFileSync(path.join(spoolDir, timed(now, 'bad')), '{"event": ')
    writeFileSync(path.join(spoolDir, timed(now + 1, 'good')), JSON.stringify({ event: 'system-selected', args: ['snes'] }))
    await until(() => applied.length === 1)
    assert.deepEqual(rejected, [timed(now, 'bad')])
    assert.ok(existsSync(path.join(spoolDir, `${timed(now, 'bad')}.rejected`)))
  })

  it('loses none of a burst of hooks spooled 2 ms apart, and applies them in order', async () => {
    const spoolDir = tempDir('cabinet-hub-spool-')
    const { door, applied, rejected, errors } = open(spoolDir)
    await door.watch()
    const count = 100
    for (let i = 0; i < count; i++) {
      await writeSpoolFile(spoolDir, { event: 'system-selected', args: [`system${i}`], hookId: null })
      await sleep(2)
    }
    await until(() => applied.length === count)
    assert.deepEqual(applied.map((h) => h.args[0]), Array.from({ length: count }, (_, i) => `system${i}`))
    assert.deepEqual(rejected, [])
    assert.deepEqual(errors, [])
    assert.deepEqual(readdirSync(spoolDir), [])
  })
})
