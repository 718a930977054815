/** A hub with the demo panels in its data dir and, when given, an es_settings.cfg of its own (the panels' configuration tests). */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { writeDemoPanels } from '../../src/panels/demo-panels.js'
import { dynpanelsRoot } from '../../src/panels/resources.js'
import { startHub, tempDir, type TestHub, type TestHubOptions } from './hub.js'

export function settingsXml (settings: Record<string, string>): string {
  const lines = Object.entries(settings).map(([name, value]) => `  <string name="${name}" value="${value}" />`)
  return `<?xml version="1.0"?>\n<config>\n${lines.join('\n')}\n</config>\n`
}

export async function panelHub (options: Record<string, string | boolean>, esSettings: Record<string, string> | null = null, serve: Pick<TestHubOptions, 'listen'> = {}): Promise<TestHub & { cleanup (): Promise<void> }> {
  const dataDir = tempDir()
  writeDemoPanels(dynpanelsRoot(dataDir))
  const extra: Record<string, string> = {}
  if (esSettings !== null) {
    const esDir = tempDir()
    mkdirSync(esDir, { recursive: true })
    writeFileSync(path.join(esDir, 'es_settings.cfg'), settingsXml(esSettings))
    extra.esConfigDir = esDir
  }
  const hub = await startHub({ ...serve, options: { dataDir, ...extra, ...options } })
  return { ...hub, cleanup: async () => { await hub.close(); rmSync(dataDir, { recursive: true, force: true }) } }
}
