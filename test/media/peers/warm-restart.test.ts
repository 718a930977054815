/**
 * A cabinet with a real-sized media store restarts while events arrive: loading the persisted
 * index must never hold the database connection that the event journal writes on.
 */
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { freePort, startCli, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { mediaBytes, writeMedia } from '../../support/media-store.js'

const games = 2000
const layouts = ['artwork/marquee/marquee', 'artwork/marquee/screenmarquee', 'artwork/marquee/topper', 'artwork/fanart', 'artwork/flyer',
  'artwork/screenshot', 'artwork/screentitle', 'ui/wheels/wheel', 'artwork/box/front', 'artwork/box/back']
const persistedRows = games * layouts.length

interface Status { readonly media: { readonly files: number } }

async function status (port: number): Promise<Status> {
  return await (await fetch(`http://127.0.0.1:${port}/api/v1/status`)).json() as Status
}

async function ready (port: number): Promise<boolean> {
  return (await fetch(`http://127.0.0.1:${port}/api/v1/startup/ready`)).status === 200
}

/** Injects events as fast as the service takes them until `stop` is set; returns how many were accepted. */
async function injectUntil (port: number, stop: { done: boolean }): Promise<number> {
  let accepted = 0
  while (!stop.done) {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Type: 'ui.event', Payload: { Name: 'startup-probe', Args: [String(accepted)] } })
    }).catch(() => null)
    if (response?.status === 202) accepted++
    else await sleep(2)
  }
  return accepted
}

describe('warm restart with a persisted media index', () => {
  const dataDir = tempDir()
  const mediaDir = tempDir('cabinet-hub-media-')
  const esConfigDir = tempDir('cabinet-hub-es-')

  it(`stays up and serves all ${persistedRows} files while events are injected during the index load`, async () => {
    for (let game = 0; game < games; game++) {
      for (const layout of layouts) writeMedia(mediaDir, `systems/arcade/games/game${game}/${layout}.png`, mediaBytes(`${game}${layout}`, 16))
    }
    const port = await freePort()
    const args = ['--data-dir', dataDir, '--media-dir', mediaDir, '--es-config-dir', esConfigDir, '--port', String(port), '--dev-events-ingest', '--log-level', 'warn']

    const first = startCli(args)
    await waitForHealth(port, first, '/api/v1/startup/ready')
    assert.equal((await status(port)).media.files, persistedRows, 'the first run indexes and persists every file')
    await stopCli(first)

    const second = startCli(args)
    const stop = { done: false }
    const injecting = injectUntil(port, stop)
    try {
      await waitForHealth(port, second, '/api/v1/startup/ready')
      // Keep events coming well past the load: the journal flushes on every loop turn.
      await sleep(3000)
      stop.done = true
      const accepted = await injecting
      assert.ok(accepted > 0, 'events were accepted during the restart')
      assert.equal(second.exitCode, null, `the service is still running; its log:\n${second.stderrText()}`)
      assert.ok(await ready(port))
      assert.equal((await status(port)).media.files, persistedRows, 'the whole persisted index is served')
      const served = await fetch(`http://127.0.0.1:${port}/api/v1/media/systems/arcade/games/game${games - 1}/artwork/marquee/marquee.png`)
      assert.equal(served.status, 200)
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), mediaBytes(`${games - 1}artwork/marquee/marquee`, 16))
      assert.doesNotMatch(second.stderrText(), /busy executing a query|unexpected error/)
    } finally {
      stop.done = true
      await injecting
      await stopCli(second)
    }
  })
})
