/** A frontend hub whose data dir holds the demo panels (and whatever else a test writes there first). */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { writeDemoPanels } from '../../src/panels/demo-panels.js'
import { dynpanelsRoot } from '../../src/panels/resources.js'
import { startFrontendHub, type FrontendHub } from './frontend-hub.js'
import { tempDir, type TestHubOptions } from './hub.js'

export interface PanelHub extends FrontendHub {
  post (route: string, body: unknown): Promise<{ status: number, body: Record<string, any> }> // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** `extraFiles`: relative path under resources/dynpanels -> raw file text; `serve.listen` is for io/ tests. */
export async function startPanelHub (options: Record<string, string | boolean> = {}, extraFiles: Record<string, string> = {}, serve: Pick<TestHubOptions, 'listen'> = {}): Promise<PanelHub> {
  const dataDir = tempDir()
  const root = dynpanelsRoot(dataDir)
  writeDemoPanels(root)
  for (const [relative, text] of Object.entries(extraFiles)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true })
    writeFileSync(path.join(root, relative), text)
  }
  const f = await startFrontendHub({ dataDir, ...options }, () => {}, serve)
  return {
    ...f,
    async post (route, body) {
      const response = await f.hub.fetch(route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: response.status, body: await response.json() as Record<string, unknown> }
    }
  }
}
