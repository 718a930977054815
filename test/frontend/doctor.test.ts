/**
 * `cabinet-hub doctor`: lists what an owner can fix in the frontend link, without starting the
 * service, and exits 1 when it finds any.
 */
import assert from 'node:assert/strict'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { spoolDirOf } from '../../src/frontend/index.js'
import { configuredFrontendHooks, type FrontendsConfig } from '../../src/frontends/index.js'
import { unpassableArgument } from '../../src/frontends/emulationstation/hooks.js'
import { writeDemoTree } from '../../src/sim/index.js'
import { copyDemoTree } from '../support/demo-tree.js'
import { tempDir } from '../support/hub.js'
import { moduleCli } from '../support/module-cli.js'

describe('cabinet-hub doctor', () => {
  let root = ''
  let esConfigDir = ''
  const dataDir = tempDir('cabinet-hub-doctor-data-')
  const doctor = async (...extra: string[]) => moduleCli('doctor', ['--frontend-root', root, '--profile', 'batocera', '--data-dir', dataDir, ...extra])
  before(async () => {
    const tree = await copyDemoTree(tempDir('cabinet-hub-doctor-'), 'batocera')
    root = tree.root
    esConfigDir = tree.esConfigDir
  })

  it('lists Tetris(USA).nes among the roms the frontend\'s shell cannot hook, and the hooks not installed, and exits 1', async () => {
    const { code, stdout } = await doctor('--json')
    assert.equal(code, 1)
    const report = JSON.parse(stdout) as { ok: boolean, problems: { kind: string, fix: string, files?: { file: string }[] }[] }
    assert.equal(report.ok, false)
    assert.deepEqual(report.problems.map((p) => p.kind), ['hooks-missing', 'unhookable-roms'])
    assert.deepEqual(report.problems[1]!.files!.map((f) => path.basename(f.file)), ['Tetris(USA).nes'], 'names with a space are quoted by ES and pass')
    assert.equal(report.problems[0]!.fix, `npx cabinet-hub install-hooks --frontend-root ${root} --profile batocera --data-dir ${dataDir}`)
  })

  it('names installed hooks that spool for another data dir, in text too', async () => {
    configuredFrontendHooks({ profile: 'batocera' } as FrontendsConfig)!.install({ esConfigDir, spoolDir: spoolDirOf(tempDir()), port: 0, platform: 'linux' })
    const { code, stdout } = await doctor()
    assert.equal(code, 1)
    assert.match(stdout, /^cabinet-hub doctor: 2 problems to fix$/m)
    assert.match(stdout, /they never reach it/)
    assert.match(stdout, /Tetris\(USA\)\.nes {2}\(\( \) in a name without a space/)
  })

  it('finds nothing once the hooks are installed for this data dir and the rom is renamed with a space; exit 0', async () => {
    configuredFrontendHooks({ profile: 'batocera' } as FrontendsConfig)!.install({ esConfigDir, spoolDir: spoolDirOf(dataDir), port: 0, platform: 'linux' })
    renameSync(path.join(root, 'roms', 'nes', 'Tetris(USA).nes'), path.join(root, 'roms', 'nes', 'Tetris (USA).nes'))
    const { code, stdout } = await doctor()
    assert.equal(code, 0)
    assert.equal(stdout, 'cabinet-hub doctor: nothing to fix\n')
  })

  it('tells which arguments ES\'s sh -c cannot pass: special characters unquoted, and $ ` \\ even in quotes', () => {
    assert.equal(unpassableArgument('/userdata/roms/nes/Metroid (USA).nes'), null)
    assert.equal(unpassableArgument('/userdata/roms/mame/pacman.zip'), null)
    assert.match(unpassableArgument('Tom&Jerry.nes') ?? '', /^& in a name without a space/)
    assert.match(unpassableArgument('Cash $ Money (USA).nes') ?? '', /^\$ inside the double quotes/)
  })

  it('refuses to run without a frontend to look at (a usage error)', async () => {
    await assert.rejects(moduleCli('doctor', ['--data-dir', dataDir]), /doctor needs --frontend-root/)
  })
})

describe('cabinet-hub doctor --profile es-de', () => {
  it('names ES-DE\'s browsing events switched off and a rom name its sh -c cannot pass, then nothing once fixed', async () => {
    const home = tempDir('cabinet-hub-doctor-esde-')
    const tree = await writeDemoTree(home, 'es-de')
    const dataDir = tempDir('cabinet-hub-doctor-esde-data-')
    const settings = path.join(tree.esConfigDir, 'settings', 'es_settings.xml')
    writeFileSync(settings, readFileSync(settings, 'utf8').replace('name="CustomEventScriptsBrowsing" value="true"', 'name="CustomEventScriptsBrowsing" value="false"'))
    const cash = path.join(home, 'ROMs', 'nes', 'Cash $ Money.nes')
    writeFileSync(cash, 'rom')
    const doctor = async () => moduleCli('doctor', ['--frontend-root', tree.root, '--profile', 'es-de', '--data-dir', dataDir, '--json'])
    const found = await doctor()
    assert.equal(found.code, 1)
    const report = JSON.parse(found.stdout) as { problems: { kind: string, message: string, fix: string, files?: { file: string }[] }[] }
    assert.deepEqual(report.problems.map((p) => p.kind), ['hooks-missing', 'hooks-switched-off', 'unhookable-roms'])
    assert.match(report.problems[1]!.message, /^CustomEventScriptsBrowsing is off in .*es_settings\.xml: ES-DE fires no game-select/)
    assert.match(report.problems[1]!.fix, /--enable-scripts/)
    assert.deepEqual(report.problems[2]!.files!.map((f) => f.file), [cash], 'Tetris(USA).nes passes: ES-DE quotes every argument')
    configuredFrontendHooks({ profile: 'es-de' } as FrontendsConfig)!.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDirOf(dataDir), port: 0, platform: 'linux' })
    configuredFrontendHooks({ profile: 'es-de' } as FrontendsConfig)!.switchOn!(tree.esConfigDir)
    renameSync(cash, path.join(home, 'ROMs', 'nes', 'Cash and Money.nes'))
    const fixed = await doctor()
    assert.equal(fixed.code, 0, fixed.stdout)
  })
})
