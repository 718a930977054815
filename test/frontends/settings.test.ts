/**
 * Each family reads its own settings file, and names under its own keys the settings other modules
 * use (the theme, the RetroAchievements user): modules read those facts, never a family's key.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { readEsDeSettings } from '../../src/frontends/es-de/settings.js'
import { readEsSettings } from '../../src/frontends/es-settings.js'
import { readRecalboxConf } from '../../src/frontends/recalbox/settings.js'
import { tempDir } from '../support/hub.js'

describe('frontend settings', () => {
  it('EmulationStation: the theme is ThemeSet and the RetroAchievements user global.retroachievements.username, trimmed', async () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'es_settings.cfg'), '<?xml version="1.0"?>\n<config>\n  <string name="ThemeSet" value="carbon" />\n  <string name="global.retroachievements.username" value=" Alice " />\n</config>\n')
    const settings = await readEsSettings(dir)
    assert.deepEqual([settings.state, settings.theme, settings.retroAchievementsUser], ['loaded', 'carbon', 'Alice'])
  })

  it('ES-DE: the theme is Theme (ThemeSet before 2.0), in the rootless settings/es_settings.xml', async () => {
    const appData = tempDir()
    mkdirSync(path.join(appData, 'settings'))
    const file = path.join(appData, 'settings', 'es_settings.xml')
    writeFileSync(file, '<?xml version="1.0"?>\n<string name="Theme" value="linear-es-de" />\n<string name="ThemeSet" value="rbsimple-DE" />\n')
    assert.equal((await readEsDeSettings(appData)).theme, 'linear-es-de')
    writeFileSync(file, '<?xml version="1.0"?>\n<string name="ThemeSet" value="rbsimple-DE" />\n')
    assert.equal((await readEsDeSettings(appData)).theme, 'rbsimple-DE')
  })

  it('Recalbox: the RetroAchievements user is a recalbox.conf line; a ThemeSet line there is not its theme', async () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'recalbox.conf'), '; comment\r\nglobal.retroachievements.username=Bob\r\nThemeSet=carbon\r\n')
    const settings = await readRecalboxConf(dir)
    assert.deepEqual([settings.state, settings.theme, settings.retroAchievementsUser], ['loaded', null, 'Bob'])
  })

  it('a missing or broken file gives no theme and no user, and says which', async () => {
    const dir = tempDir()
    const missing = await readEsSettings(dir)
    assert.deepEqual([missing.state, missing.theme, missing.retroAchievementsUser], ['missing', null, null])
    writeFileSync(path.join(dir, 'es_settings.cfg'), '<config><string name="ThemeSet" value="carbon"')
    const broken = await readEsSettings(dir)
    assert.deepEqual([broken.state, broken.theme], ['unreadable', null])
    assert.equal((await broken.readAgain()).state, 'unreadable')
  })
})
