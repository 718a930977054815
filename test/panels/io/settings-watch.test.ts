/**
 * The panel settings are followed in the frontend's own settings file, read again as its family
 * reads it: es_settings.cfg on EmulationStation, the rootless es_settings.xml of ES-DE, the
 * key=value recalbox.conf of Recalbox.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import type { FrontendSettings } from '../../../src/core/settings.js'
import { readEsDeSettings } from '../../../src/frontends/es-de/settings.js'
import { readEsSettings } from '../../../src/frontends/es-settings.js'
import { readRecalboxConf } from '../../../src/frontends/recalbox/settings.js'
import { watchPanelSettings } from '../../../src/panels/settings-watch.js'
import { tempDir } from '../../support/hub.js'
import { until } from '../../support/sim.js'

const key = 'megadrive.apiexpose_panel_megadrive'

interface Family {
  readonly name: string
  /** Writes the settings file with `key` set to `layout`; returns the folder its reader takes. */
  write (root: string, layout: string): string
  read (folder: string): Promise<FrontendSettings>
}

const families: readonly Family[] = [
  {
    name: 'EmulationStation (es_settings.cfg)',
    write: (root, layout) => { writeFileSync(path.join(root, 'es_settings.cfg'), `<?xml version="1.0"?>\n<config>\n  <string name="${key}" value="${layout}" />\n</config>\n`); return root },
    read: readEsSettings
  },
  {
    name: 'ES-DE (settings/es_settings.xml, no root element)',
    write: (root, layout) => {
      mkdirSync(path.join(root, 'settings'), { recursive: true })
      writeFileSync(path.join(root, 'settings', 'es_settings.xml'), `<?xml version="1.0"?>\n<bool name="CustomEventScripts" value="true" />\n<string name="${key}" value="${layout}" />\n`)
      return root
    },
    read: readEsDeSettings
  },
  {
    name: 'Recalbox (recalbox.conf)',
    write: (root, layout) => { writeFileSync(path.join(root, 'recalbox.conf'), `; panel\r\n${key}=${layout}\r\nsystem.language=en_US\r\n`); return root },
    read: readRecalboxConf
  }
]

describe('panel settings edited while the service runs', () => {
  for (const family of families) {
    it(`are read again from ${family.name}`, async () => {
      const root = tempDir()
      const settings = await family.read(family.write(root, '3-Button'))
      assert.equal(settings.values.get(key), '3-Button')
      const changes: Array<[string | undefined, string[]]> = []
      const errors: string[] = []
      const watch = watchPanelSettings(settings.path!, settings, { pollMs: 50, quiet: { batchMs: 20 } },
        (values, changedKeys) => changes.push([values.get(key), changedKeys]), (message) => errors.push(message))
      try {
        await watch.ready
        family.write(root, '6-Button')
        await until(() => changes.length > 0 || errors.length > 0)
        assert.deepEqual(errors, [])
        assert.deepEqual(changes, [['6-Button', [key]]])
      } finally {
        await watch.close()
      }
    })
  }
})
