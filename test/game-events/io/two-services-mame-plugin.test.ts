/**
 * Two services on one machine (their own data dirs and ports) both listen to MAME's one output
 * port: the `cabinethub` plugin installed for one is applied by it alone, and the other neither
 * applies its outputs nor warns about it.
 */
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, describe, it } from 'node:test'
import pino from 'pino'
import { definitionsRoot } from '../../../src/game-events/watches/definition-store.js'
import { freePort } from '../../support/cli.js'
import { FakeOutputServer } from '../../support/fake-output-server.js'
import { quietPeers } from '../../support/game-events.js'
import { startHub, type TestHub } from '../../support/hub.js'
import { RecordingClient } from '../../support/ws-client.js'

interface Service { hub: TestHub, port: number, arcade: RecordingClient, warnings: string[] }

/** The output the plugin announces itself by (no character here needs percent-encoding). */
const announcement = (definitionsDir: string, port: number): string => `chub.plugin:/mame/plugins/cabinethub:${definitionsDir}:${port}`

describe('two services hearing one MAME with the cabinethub plugin of one of them', () => {
  let server: FakeOutputServer
  let a: Service
  let b: Service
  const start = async (): Promise<Service> => {
    const port = await freePort()
    const warnings: string[] = []
    const log = new Writable({ write (chunk: Buffer, _encoding, done) { warnings.push(chunk.toString()); done() } })
    const hub = await startHub({ listen: true, options: { ...quietPeers, port: String(port), cabemuEnabled: true, cabemuPort: String(server.port) }, logger: pino({ level: 'warn' }, log) })
    return { hub, port, arcade: await RecordingClient.connect(`${hub.wsBase}/ws/arcade`), warnings }
  }
  before(async () => {
    server = await FakeOutputServer.start()
    a = await start()
    b = await start()
    await server.connection(2)
  })
  after(async () => {
    for (const service of [a, b]) {
      service.arcade.close()
      await service.hub.close()
    }
    await server.close()
  })

  it('is applied by the service it was installed for, and neither applied nor warned about by the other', async () => {
    server.startMachine('nes')
    // Announced every half second, with the content after it, as the plugin does.
    for (let n = 1; n <= 3; n++) server.setOutput(announcement(definitionsRoot(a.hub.dataDir), a.port), n)
    server.setOutput('chub.content:nes/chk', 1)
    await a.arcade.until((c) => c.frames.some((f) => f.Type === 'cabemu.content.started'), 5000)
    // B got the same lines on its own connection: its session start shows it read past them.
    await b.arcade.until((c) => c.types().includes('cabemu.session.started'), 5000)
    server.setOutput('lamp0', 1)
    await b.arcade.until((c) => c.frames.some((f) => f.Type.startsWith('cabemu.') && JSON.stringify(f.Payload).includes('lamp0')), 5000)
    assert.equal(b.arcade.frames.some((f) => f.Type === 'cabemu.content.started'), false, 'B started no content')
    const plugins = await Promise.all([a, b].map(async ({ hub }) => {
      const status = await (await fetch(`${hub.baseUrl}/api/v1/ingame/status`)).json() as { sources: { cabemu: Array<{ instance: string, mamePlugin: { state: string } | null }> } }
      return status.sources.cabemu.find((c) => c.instance === 'cabemu')!.mamePlugin?.state ?? null
    }))
    assert.deepEqual(plugins, ['ok', null])
    assert.deepEqual(b.warnings, [])
    assert.deepEqual(a.warnings, [])
  })
})
