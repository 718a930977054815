/**
 * A `cabinethub` MAME plugin installed for another data dir (say without --data-dir) reads watch
 * definitions this service never writes: the cabemu status says so when the plugin announces
 * itself, with the install-mame-plugin command that fixes it, and `doctor --plugins-dir` lists it.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { installPlugin } from '../../../src/game-events/mame-plugin/plugin-files.js'
import { definitionsRoot } from '../../../src/game-events/watches/definition-store.js'
import { FakeOutputServer } from '../../support/fake-output-server.js'
import { quietPeers } from '../../support/game-events.js'
import { startHub, tempDir, type TestHub } from '../../support/hub.js'
import { moduleCli } from '../../support/module-cli.js'

interface MamePluginStatus { folder: string, definitionsDir: string, state: string, problem: string | null }

/** The announcement the plugin's Lua sends: both paths percent-encoded, as `percent_encoded` does. */
const announcement = (folder: string, definitionsDir: string, n = 1): string =>
  `chub.plugin:${encodeURIComponent(folder).replace(/%2F/g, '/')}:${encodeURIComponent(definitionsDir).replace(/%2F/g, '/')} = ${n}\r`

describe('a MAME plugin that reads another data dir\'s definitions', () => {
  let server: FakeOutputServer
  let hub: TestHub
  const pluginsDir = path.join(tempDir('cabinet-hub-plugins-'), 'plugins: a=b')
  const folder = path.join(pluginsDir, 'cabinethub')
  const elsewhere = definitionsRoot(path.join(tempDir('cabinet-hub-other-data-'), 'with space'))
  before(async () => {
    server = await FakeOutputServer.start()
    hub = await startHub({ options: { ...quietPeers, cabemuEnabled: true, cabemuPort: String(server.port) } })
  })
  after(async () => {
    await hub.close()
    await server.close()
  })

  const pluginStatus = async (): Promise<MamePluginStatus | null> => {
    const status = await (await hub.fetch(`/api/v1/status`)).json() as { gameEvents: { sources: { cabemu: Array<{ instance: string, mamePlugin: MamePluginStatus | null }> } } }
    return status.gameEvents.sources.cabemu.find((c) => c.instance === 'cabemu')!.mamePlugin
  }
  const until = async (check: (plugin: MamePluginStatus | null) => boolean): Promise<MamePluginStatus | null> => {
    for (let i = 0; i < 200; i++) {
      const plugin = await pluginStatus()
      if (check(plugin)) return plugin
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return await pluginStatus()
  }

  it('is not reported before any plugin announced itself', async () => {
    await server.connection()
    assert.equal(await pluginStatus(), null)
  })

  it('degrades the cabemu status once the plugin announces another definition folder, naming both and the command that fixes it', async () => {
    const socket = await server.connection()
    socket.write(`mame_start = nes\r${announcement(folder, elsewhere)}`)
    const plugin = await until((p) => p !== null)
    assert.deepEqual({ ...plugin, problem: null }, { folder, definitionsDir: elsewhere, state: 'degraded', problem: null }, 'paths with a space, a colon and = arrive whole')
    const problem = plugin!.problem!
    assert.ok(problem.includes(`reads watch definitions from ${elsewhere}`), problem)
    assert.ok(problem.includes(`keeps them in ${definitionsRoot(hub.dataDir)}`), problem)
    assert.ok(problem.endsWith(`fix: npx cabinet-hub install-mame-plugin --plugins-dir ${pluginsDir} --data-dir ${hub.dataDir}`), problem)
    assert.doesNotMatch(problem, /\n/, 'one line')
  })

  it('is ok once a plugin installed for this data dir announces itself', async () => {
    const socket = await server.connection()
    socket.write(announcement(folder, definitionsRoot(hub.dataDir), 2))
    const plugin = await until((p) => p?.state === 'ok')
    assert.deepEqual(plugin, { folder, definitionsDir: definitionsRoot(hub.dataDir), state: 'ok', problem: null })
  })

  it('keeps the last plugin heard when an announcement cannot be read', async () => {
    const socket = await server.connection()
    socket.write('chub.plugin:%E0%A4%A:/x = 3\rchub.plugin:only-one-part = 4\rlamp0 = 1\r')
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.equal((await pluginStatus())?.state, 'ok')
  })
})

describe('cabinet-hub doctor --plugins-dir', () => {
  const dataDir = tempDir('cabinet-hub-doctor-data-')
  const pluginsDir = tempDir('cabinet-hub-doctor-plugins-')

  it('lists a plugin installed for another data dir, with its fix, and exits 1', async () => {
    const other = tempDir('cabinet-hub-doctor-other-')
    await installPlugin(pluginsDir, definitionsRoot(other), 0)
    const { code, stdout } = await moduleCli('doctor', ['--plugins-dir', pluginsDir, '--data-dir', dataDir, '--json'])
    assert.equal(code, 1)
    const report = JSON.parse(stdout) as { problems: { kind: string, message: string, fix: string }[] }
    assert.deepEqual(report.problems.map((p) => p.kind), ['mame-plugin-elsewhere'])
    assert.ok(report.problems[0]!.message.includes(`reads watch definitions from ${definitionsRoot(other)}`), report.problems[0]!.message)
    assert.equal(report.problems[0]!.fix, `npx cabinet-hub install-mame-plugin --plugins-dir ${pluginsDir} --data-dir ${dataDir}`)
  })

  it('finds nothing once the plugin is installed for this data dir, or in a folder without one; exit 0', async () => {
    await installPlugin(pluginsDir, definitionsRoot(dataDir), 0)
    const { code, stdout } = await moduleCli('doctor', ['--plugins-dir', pluginsDir, '--plugins-dir', tempDir(), '--data-dir', dataDir])
    assert.equal(code, 0)
    assert.equal(stdout, 'cabinet-hub doctor: nothing to fix\n')
  })

  it('reads back a definition folder with quotes and backslashes as install-mame-plugin wrote it', async () => {
    const odd = path.join(tempDir(), 'it\'s "here" \\ too')
    await installPlugin(pluginsDir, definitionsRoot(odd), 0)
    const { code, stdout } = await moduleCli('doctor', ['--plugins-dir', pluginsDir, '--data-dir', dataDir, '--json'])
    assert.equal(code, 1)
    assert.ok(stdout.includes(JSON.stringify(definitionsRoot(odd)).slice(1, -1)), stdout)
  })

  it('wants a frontend or a plugins folder to look at (a usage error: the command line prints it and exits 2)', async () => {
    await assert.rejects(moduleCli('doctor', ['--data-dir', dataDir]), /or --plugins-dir$/)
  })
})
