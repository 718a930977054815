/**
 * The events.ini door on chokidar: a folder that appears after the start is still watched, and
 * the write-finish wait does not merge hooks that arrive apart.
 */
import assert from 'node:assert/strict'
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, it } from 'node:test'
import { EventsIniDoor, type EventsIniHook } from '../../src/frontend/events-ini.js'
import { tempDir } from '../support/hub.js'

function writeAtomically (file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text)
  renameSync(`${file}.tmp`, file)
}

async function until (done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(10)
  }
}

describe('events.ini door on chokidar', () => {
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
