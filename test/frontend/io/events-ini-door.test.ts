/**
 * The events.ini door on the folder watch: a folder that appears after the start is still watched, and
 * the write-finish wait does not merge hooks that arrive apart.
 */
import assert from 'node:assert/strict'
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, it } from 'node:test'
import { EventsIniDoor, type EventsIniHook } from '../../../src/frontend/events-ini.js'
import { tempDir } from '../../support/hub.js'
import { until } from '../../support/sim.js'

function writeAtomically (file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text)
  renameSync(`${file}.tmp`, file)
}

describe('events.ini door on the folder watch', () => {
  let door: EventsIniDoor | null = null
  afterEach(async () => { await door?.stop() })

  function open (file: string): EventsIniHook[] {
    const hooks: EventsIniHook[] = []
    door = new EventsIniDoor({ file, pollMs: 50, onHook: (hook) => hooks.push(hook), onError: (error) => assert.fail(error) })
    return hooks
  }

  it('watches a folder that does not exist yet once it appears, and takes the file it finds there', async () => {
    const folder = path.join(tempDir('cabinet-hub-eventsini-'), 'later')
    const file = path.join(folder, 'events.ini')
    const hooks = open(file)
    await door!.start()
    mkdirSync(folder)
    writeAtomically(file, 'event=system-selected\r\nsnes\r\n')
    await until(() => hooks.length === 1)
    writeAtomically(file, 'event=system-selected\r\nmame\r\n')
    await until(() => hooks.length === 2)
    assert.deepEqual(hooks.map((h) => h.args[0]), ['snes', 'mame'])
  })

  it('takes every one of hooks written 100 ms apart: the write-finish wait is shorter', async () => {
    const file = path.join(tempDir('cabinet-hub-eventsini-'), 'events.ini')
    writeFileSync(file, 'event=system-selected\r\nthe past\r\n')
    const hooks = open(file)
    await door!.start()
    const systems = Array.from({ length: 10 }, (_, i) => `system${i}`)
    for (const system of systems) {
      writeAtomically(file, `event=system-selected\r\n${system}\r\n`)
      await sleep(100)
    }
    await until(() => hooks.length === systems.length)
    assert.deepEqual(hooks.map((h) => h.args[0]), systems)
  })
})

describe('events.ini losses, counted', () => {
  it('reads the last hook of a burst, and counts the hooks it overwrote before they were read', async () => {
    const folder = tempDir('cabinet-hub-eventsini-')
    const file = path.join(folder, 'events.ini')
    writeFileSync(file, '')
    const hooks: EventsIniHook[] = []
    const door = new EventsIniDoor({ file, pollMs: 50, onHook: (hook) => hooks.push(hook), onError: (error) => assert.fail(error) })
    await door.start()
    try {
      // Faster than the door can read: the one-file design loses some of these.
      const written = 40
      for (let i = 0; i < written; i++) {
        writeAtomically(file, `event=system-selected\r\nsystem${i}\r\n`)
        if (i % 4 === 3) await sleep(1)
      }
      await until(() => hooks.at(-1)?.args[0] === `system${written - 1}`).catch(() => { throw new Error(JSON.stringify({ hooks: hooks.map((h) => h.args[0]), status: door.status() })) })
      await sleep(200)
      const status = door.status()
      assert.equal(status.hooks, hooks.length)
      assert.ok(hooks.length < written, 'this burst is faster than the one-file design can carry')
      assert.ok(status.overwrittenAtLeast! > 0, JSON.stringify(status))
      assert.ok(status.hooks + status.overwrittenAtLeast! <= written, JSON.stringify(status))
    } finally {
      await door.stop()
    }
  })
})
