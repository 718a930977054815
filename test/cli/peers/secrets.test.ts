/** The API key never reaches the log, the journal or an answer, whatever a client sends. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import WebSocket from 'ws'
import { freePort, startCli, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'

const key = 'LEAKME-123'

describe('the API key in logs', () => {
  it('is never written to the log, the journal or a response, even when sent in a query', async () => {
    const port = await freePort()
    const child = startCli(['--data-dir', tempDir(), '--es-config-dir', tempDir(), '--port', String(port), '--api-key', key, '--log-level', 'trace', '--dev-events-ingest'])
    try {
      await waitForHealth(port, child)
      const base = `http://127.0.0.1:${port}`
      const answers = await Promise.all([
        fetch(`${base}/api/v1/nothing?apiKey=${key}`),
        fetch(`${base}/api/v1/events/recent?limit=nonsense&apiKey=${key}`),
        fetch(`${base}/api/v1/media/%zz?apiKey=${key}`),
        fetch(`${base}/api/v1/commands/launch?apiKey=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
        fetch(`${base}/api/v1/config/effective?apiKey=${key}`),
        fetch(`${base}/api/v1/status?apiKey=${key}`)
      ])
      const bodies = await Promise.all(answers.map(async (a) => a.text()))
      await new Promise<void>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/nothing?apiKey=${key}`)
        socket.on('open', () => { socket.close(); resolve() })
        socket.on('error', () => resolve())
      })
      const journal = await (await fetch(`${base}/api/v1/events/recent?limit=500`)).text()
      await stopCli(child)
      const everything = [child.stdoutText(), child.stderrText(), journal, ...bodies].join('\n')
      assert.match(child.stdoutText(), /apiKey=\[redacted\]/, 'the log does name the parameter, without its value')
      assert.doesNotMatch(everything, new RegExp(key))
    } finally {
      await stopCli(child)
    }
  })
})
