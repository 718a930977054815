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
import { cmdArguments, esShArguments } from '../../src/frontends/emulationstation/hook-arguments.js'
import { writeDemoTree } from '../../src/sim/index.js'
import { copyDemoTree } from '../support/demo-tree.js'
import { tempDir } from '../support/hub.js'
import { moduleCli } from '../support/module-cli.js'

interface Report {
  readonly ok: boolean
  readonly problems: ReadonlyArray<{ kind: string, message: string, fix: string, files?: ReadonlyArray<{ file: string, reason: string, rename?: string }> }>
}

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
    const report = JSON.parse(stdout) as Report
    assert.equal(report.ok, false)
    assert.deepEqual(report.problems.map((p) => p.kind), ['hooks-missing', 'unhookable-roms'])
    assert.deepEqual(report.problems[1]!.files!.map((f) => [path.basename(f.file), f.rename]), [['Tetris(USA).nes', 'Tetris (USA).nes']], 'names with a space are quoted by ES and pass')
    assert.equal(report.problems[0]!.fix, `npx cabinet-hub install-hooks --frontend-root ${root} --profile batocera --data-dir ${dataDir}`)
  })

  it('names installed hooks that spool for another data dir, in text too', async () => {
    await configuredFrontendHooks({ profile: 'batocera' } as FrontendsConfig)!.install({ esConfigDir, spoolDir: spoolDirOf(tempDir()), port: 0, platform: 'linux' })
    const { code, stdout } = await doctor()
    assert.equal(code, 1)
    assert.match(stdout, /^cabinet-hub doctor: 2 problems to fix$/m)
    assert.match(stdout, /they never reach it/)
    assert.match(stdout, /Tetris\(USA\)\.nes {2}\(\( \) in a name without a space.*\) {2}-> Tetris \(USA\)\.nes$/m)
  })

  it('finds nothing once the hooks are installed for this data dir and the rom is renamed with a space; exit 0', async () => {
    await configuredFrontendHooks({ profile: 'batocera' } as FrontendsConfig)!.install({ esConfigDir, spoolDir: spoolDirOf(dataDir), port: 0, platform: 'linux' })
    renameSync(path.join(root, 'roms', 'nes', 'Tetris(USA).nes'), path.join(root, 'roms', 'nes', 'Tetris (USA).nes'))
    const { code, stdout } = await doctor()
    assert.equal(code, 0)
    assert.equal(stdout, 'cabinet-hub doctor: nothing to fix\n')
  })

  it('tells which arguments ES\'s sh -c cannot pass: special characters unquoted, and $ ` \\ even in quotes; suggests a name it passes', () => {
    assert.equal(esShArguments.unpassable('/userdata/roms/nes/Metroid (USA).nes'), null)
    assert.equal(esShArguments.unpassable('/userdata/roms/mame/pacman.zip'), null)
    assert.match(esShArguments.unpassable('Tom&Jerry.nes') ?? '', /^& in a name without a space/)
    assert.match(esShArguments.unpassable('Cash $ Money (USA).nes') ?? '', /^\$ inside the double quotes/)
    const renames: Array<[string, string]> = [['Tetris(USA).nes', 'Tetris (USA).nes'], ['(Proto)Game.nes', '(Proto) Game.nes'], ['Tom&Jerry.nes', 'Tom &Jerry.nes'], ['Cash $ Money (USA).nes', 'Cash Money (USA).nes'], ['$5`Dash`.nes', '5Dash.nes']]
    for (const [name, renamed] of renames) {
      assert.equal(esShArguments.passableName(name), renamed)
      assert.equal(esShArguments.unpassable(`/userdata/roms/nes/${renamed}`), null, renamed)
    }
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
    const report = JSON.parse(found.stdout) as Report
    assert.deepEqual(report.problems.map((p) => p.kind), ['hooks-missing', 'hooks-switched-off', 'unhookable-roms'])
    assert.match(report.problems[1]!.message, /^CustomEventScriptsBrowsing is off in .*es_settings\.xml: ES-DE fires no game-select/)
    assert.match(report.problems[1]!.fix, /--enable-scripts/)
    assert.deepEqual(report.problems[2]!.files!.map((f) => [f.file, f.rename]), [[cash, 'Cash Money.nes']], 'Tetris(USA).nes passes: ES-DE quotes every argument')
    await configuredFrontendHooks({ profile: 'es-de' } as FrontendsConfig)!.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDirOf(dataDir), port: 0, platform: 'linux' })
    await configuredFrontendHooks({ profile: 'es-de' } as FrontendsConfig)!.switchOn!(tree.esConfigDir)
    renameSync(cash, path.join(home, 'ROMs', 'nes', report.problems[2]!.files![0]!.rename!))
    const fixed = await doctor()
    assert.equal(fixed.code, 0, fixed.stdout)
  })
})

describe('cabinet-hub doctor --profile retrobat (Windows: cmd runs the hooks)', () => {
  const dataDir = tempDir('cabinet-hub-doctor-retrobat-data-')
  /** A RetroBat tree under `parent`, with our Windows hooks installed for this data dir. */
  async function retrobatTree (parent: string) {
    const tree = await copyDemoTree(parent, 'retrobat')
    await configuredFrontendHooks({ profile: 'retrobat' } as FrontendsConfig)!.install({ esConfigDir: tree.esConfigDir, spoolDir: spoolDirOf(dataDir), port: 12345, platform: 'win32' })
    return { ...tree, nes: (file: string) => path.join(tree.root, 'roms', 'nes', file) }
  }
  const doctor = async (root: string) => moduleCli('doctor', ['--frontend-root', root, '--profile', 'retrobat', '--data-dir', dataDir, '--json'])

  it('passes names with & ! brackets and accents and no space (Tetris(USA).nes among them): nothing to fix, exit 0', async () => {
    const tree = await retrobatTree(tempDir('cabinet-hub-doctor-retrobat-'))
    for (const file of ['Tom&Jerry(USA).nes', 'Yoshi!Go!!.nes', 'Zelda[b].nes', 'Pokémon(Japan).nes']) writeFileSync(tree.nes(file), 'rom')
    const { code, stdout } = await doctor(tree.root)
    assert.deepEqual(JSON.parse(stdout), { ok: true, problems: [] })
    assert.equal(code, 0)
  })

  it('lists a name with % (cmd expands it) with a rename cmd passes, and nothing once renamed to it', async () => {
    const tree = await retrobatTree(tempDir('cabinet-hub-doctor-retrobat-'))
    writeFileSync(tree.nes('100% Fun.nes'), 'rom')
    const found = await doctor(tree.root)
    assert.equal(found.code, 1)
    const report = JSON.parse(found.stdout) as Report
    assert.deepEqual(report.problems.map((p) => p.kind), ['unhookable-roms'])
    const [file] = report.problems[0]!.files!
    assert.equal(file!.file, tree.nes('100% Fun.nes'))
    assert.match(file!.reason, /^% which cmd expands/)
    assert.equal(file!.rename, '100 Fun.nes')
    renameSync(file!.file, tree.nes(file!.rename!))
    const fixed = await doctor(tree.root)
    assert.equal(fixed.code, 0, fixed.stdout)
  })

  it('suggests no rename where the folder is what cmd cannot pass', async () => {
    const tree = await retrobatTree(path.join(tempDir('cabinet-hub-doctor-retrobat-'), '50%'))
    const report = JSON.parse((await doctor(tree.root)).stdout) as Report
    const files = report.problems.find((p) => p.kind === 'unhookable-roms')!.files!
    assert.ok(files.length > 0)
    assert.ok(files.every((f) => f.rename === undefined && f.file.includes('50%')), JSON.stringify(files[0]))
  })

  it('cmd passes everything but %, and the suggested name drops it', () => {
    for (const name of ['C:\\RetroBat\\roms\\mame\\Tom & Jerry (USA).zip', 'Q^bert!(Proto)[b].nes', 'Pokémon Stadium ポケモン.chd']) assert.equal(cmdArguments.unpassable(name), null, name)
    assert.equal(cmdArguments.passableName('%PATH% Runner 100%.nes'), 'PATH Runner 100.nes')
  })
})
