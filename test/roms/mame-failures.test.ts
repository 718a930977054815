/**
 * Without MAME, or with a MAME that answers garbage, the service keeps working: machine questions
 * get a clear 503, the status says why, arcade games still get a (generic) derived panel, the audit
 * lists the roms without machine data and flags none of them unknown.
 */
import assert from 'node:assert/strict'
import { chmodSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFrontendHub, type FrontendHub } from '../support/frontend-hub.js'
import { tempDir } from '../support/hub.js'

/** An executable that answers -version like MAME, then prints something that is not -listxml's XML. */
function garbageMame (): string {
  const file = path.join(tempDir('cabinet-hub-fake-mame-'), 'mame')
  writeFileSync(file, '#!/bin/sh\nif [ "$1" = "-version" ]; then echo "0.251 (unknown)"; exit 0; fi\necho "Segmentation fault <machine name=\\"1943\\""\nexit 0\n')
  chmodSync(file, 0o755)
  return file
}

for (const [label, mameExe] of [['missing', '/nonexistent/mame'], ['answering garbage', garbageMame()]] as const) {
  describe(`a MAME that is ${label}`, () => {
    let f: FrontendHub
    before(async () => { f = await startFrontendHub({ mameExe }) })
    after(async () => f.close())

    it('answers machine questions with 404 MAME_UNAVAILABLE and a reason, and says why in the status', async () => {
      const machine = await f.get('/api/v1/roms/machines/1943')
      assert.equal(machine.status, 404)
      assert.equal(machine.body.code, 'MAME_UNAVAILABLE')
      assert.match(machine.body.message, label === 'missing' ? /--mame-exe \/nonexistent\/mame/ : /not readable XML/)
      const status = await f.get('/api/v1/status')
      const roms = status.body.roms ?? status.body.sections?.roms
      assert.equal(typeof roms.mame.problem, 'string')
      assert.equal((await f.get('/api/v1/health')).status, 200)
    })

    it('still derives a panel for an arcade game, from the cabinet configuration', async () => {
      await f.hook('game-start', f.tree.rom('mame', '1943.zip'), '1943', '1943')
      const panel = await f.get('/api/v1/panels/current')
      await f.hook('game-end', f.tree.rom('mame', '1943.zip'))
      assert.equal(panel.status, 200)
      assert.equal(panel.body.source, 'derived')
      assert.equal(panel.body.panelFile, 'derived:arcade')
      assert.equal(panel.body.slots.filter((s: { player: number, function: string }) => s.player === 1 && s.function !== '').length, 6)
    })

    it('audits the roms without machine data and flags none unknown', async () => {
      const audit = await f.get('/api/v1/roms/mame/audit')
      assert.equal(audit.status, 200)
      assert.equal(audit.body.mameVersion, label === 'missing' ? null : '0.251 (unknown)')
      assert.equal(audit.body.total, 2)
      assert.ok(audit.body.roms.every((r: { machine: unknown, flags: { unknown: boolean } }) => r.machine === null && !r.flags.unknown))
    })
  })
}
