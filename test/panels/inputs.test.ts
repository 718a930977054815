import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { openSync, writeSync, closeSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { inputEvent } from '../support/evdev.js'
import { tempDir } from '../support/hub.js'
import { startPanelHub, type PanelHub } from '../support/panels.js'

const inputTypes = new Set(['panel.input.pressed', 'panel.input.released'])

describe('physical panel inputs', () => {
  let f: PanelHub
  let fifo: string
  let writer: number
  before(async () => {
    fifo = path.join(tempDir(), 'event-panel')
    execFileSync('mkfifo', [fifo])
    // Key 57 (space) is player 1 slot 3 on the keyboard-encoder map; 2 is the "1" key, START of player 1.
    f = await startPanelHub({ panelEvdevDevices: fifo, panelInputMap: '57=1:3,2=START:1,304=2:1' })
    writer = openSync(fifo, 'w')
    const rom = f.tree.rom('mame', 'sf2.zip')
    await f.hook('game-selected', 'mame', rom, 'Street Fighter II')
    await f.hook('game-start', rom, 'sf2', 'Street Fighter II')
  })
  after(async () => {
    closeSync(writer)
    await f.close()
  })

  it('turns POST /api/v1/panels/input press and release 5 ms apart into two events, in order, with Player, Slot and Function', async () => {
    const panel = await f.hub.connect(`/ws/panel`)
    const press = await f.post('/api/v1/panels/input', { player: 1, slot: 3, pressed: true })
    assert.equal(press.status, 202)
    assert.deepEqual(press.body, { type: 'panel.input.pressed', player: 1, slot: 3, function: 'Heavy Punch', systemInput: '' })
    await sleep(5)
    await f.post('/api/v1/panels/input', { player: 1, slot: 3, pressed: false })
    await panel.until((c) => c.frames.filter((fr) => inputTypes.has(fr.Type)).length >= 2)
    const inputs = panel.frames.filter((fr) => inputTypes.has(fr.Type))
    assert.deepEqual(inputs.map((fr) => [fr.Type, fr.Payload.Player, fr.Payload.Slot, fr.Payload.Function, fr.Payload.System]), [
      ['panel.input.pressed', 1, 3, 'Heavy Punch', false],
      ['panel.input.released', 1, 3, 'Heavy Punch', false]
    ])
  })

  it('rejects an input naming both or neither of slot and system with 400 { message, code }', async () => {
    const both = await f.post('/api/v1/panels/input', { player: 1, slot: 3, system: 'START', pressed: true })
    assert.equal(both.status, 400)
    assert.equal(both.body.code, 'INVALID_INPUT')
    const garbage = await f.post('/api/v1/panels/input', { player: 'one', pressed: 'yes' })
    assert.equal(garbage.status, 400)
    assert.equal(typeof garbage.body.message, 'string')
  })

  it('documents "exactly one of slot or system" in its schema, and takes numbers and booleans only as JSON numbers and booleans', async () => {
    const schema = (f.hub.app.swagger() as { paths: Record<string, any> }).paths['/api/v1/panels/input'].post.requestBody.content['application/json'].schema // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.deepEqual(schema.oneOf, [{ required: ['slot'] }, { required: ['system'] }])
    const neither = await f.post('/api/v1/panels/input', { player: 1, pressed: true })
    assert.deepEqual([neither.status, neither.body.code], [400, 'INVALID_INPUT'])
    for (const body of [{ player: 1, slot: '3', pressed: true }, { player: 1, slot: 3, pressed: 'true' }, { player: '1', slot: 3, pressed: true }]) {
      const bad = await f.post('/api/v1/panels/input', body)
      assert.deepEqual([bad.status, bad.body.code], [400, 'VALIDATION_ERROR'], JSON.stringify(body))
    }
  })

  it('reads evdev input_event records from a FIFO: press and release 5 ms apart, a system input, skipping autorepeat and unwired codes', async () => {
    const panel = await f.hub.connect(`/ws/panel`)
    writeSync(writer, inputEvent(57, 1))
    await sleep(5)
    writeSync(writer, Buffer.concat([inputEvent(57, 2), inputEvent(0, 0, 0), inputEvent(99, 1), inputEvent(57, 0)]))
    // A record split across two writes still decodes.
    const start = inputEvent(2, 1)
    writeSync(writer, start.subarray(0, 10))
    await sleep(5)
    writeSync(writer, start.subarray(10))
    await panel.until((c) => c.frames.filter((fr) => inputTypes.has(fr.Type)).length >= 3)
    const inputs = panel.frames.filter((fr) => inputTypes.has(fr.Type))
    assert.deepEqual(inputs.map((fr) => [fr.Type, fr.Payload.Player, fr.Payload.Slot, fr.Payload.Function, fr.Payload.System, fr.Payload.SystemInput]), [
      ['panel.input.pressed', 1, 3, 'Heavy Punch', false, ''],
      ['panel.input.released', 1, 3, 'Heavy Punch', false, ''],
      ['panel.input.pressed', 1, 0, 'START', true, 'START']
    ])
  })
})
