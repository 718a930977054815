/** A cabinet-hub with the frontend link, pointed at a test frontend tree and a fake ES. */
import { startFakeEs, type FakeEs } from './fake-es.js'
import { writeFrontendTree, type FrontendTree } from './frontend-tree.js'
import { sendHook, startHub, type TestHub, type TestHubOptions } from './hub.js'

export interface FrontendHub {
  readonly hub: TestHub
  readonly es: FakeEs
  readonly tree: FrontendTree
  /** Posts one hook through the HTTP door and returns its sequence. */
  hook (event: string, ...args: string[]): Promise<number>
  /** Posts a raw body to the hook door (JSON unless told), as the hook scripts do; the test reads the answer. */
  postHook (body: string, type?: string): Promise<Response>
  get (route: string): Promise<{ status: number, body: Record<string, any> }> // eslint-disable-line @typescript-eslint/no-explicit-any
  close (): Promise<void>
}

/** `prepare` adds to the tree before the hub starts (es_settings.cfg, themes ...); `serve.listen` (io/ tests) makes the fake ES listen too. */
export async function startFrontendHub (options: Record<string, string | boolean> = {}, prepare: (tree: FrontendTree) => Promise<void> | void = () => {}, serve: Pick<TestHubOptions, 'listen'> = {}): Promise<FrontendHub> {
  const es = await startFakeEs({ listen: serve.listen === true })
  const tree = writeFrontendTree()
  await prepare(tree)
  const hub = await startHub({ ...serve, options: { frontendRoot: tree.root, esUrl: es.url, ...options } })
  return {
    hub,
    es,
    tree,
    hook: async (event, ...args) => sendHook(hub, event, ...args),
    async postHook (body, type = 'application/json') {
      return await hub.fetch('/api/v1/ingest/es-event', { method: 'POST', headers: { 'content-type': type }, body })
    },
    async get (route) {
      const response = await hub.fetch(route)
      return { status: response.status, body: await response.json() as Record<string, unknown> }
    },
    async close () {
      await hub.close()
      await es.close()
    }
  }
}

/** Resolves once the service has seen the frontend's web API answer (its status says it runs). */
export async function frontendRunning (hub: Pick<TestHub, 'fetch'>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await (await hub.fetch('/api/v1/status')).json() as { frontend: { running: boolean | null } }
    if (status.frontend.running === true) return
    if (Date.now() > deadline) throw new Error('the frontend never came up')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
