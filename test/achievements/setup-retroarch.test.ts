/** `cabinet-hub setup retroarch`: RetroArch's config pointed at the service, idempotently, and back. */
import assert from 'node:assert/strict'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { backupOf, pointRetroarchAt, serviceUrl, undoRetroarchSetup } from '../../src/achievements/setup-retroarch.js'
import { buildApp } from '../../src/app.js'
import { findModuleCommand, runModuleCommand } from '../../src/core/commands.js'
import { optionEntriesOf } from '../../src/core/hub.js'
import { CommandUsageError } from '../../src/core/module.js'
import { domainModules } from '../../src/modules.js'
import { tempDir } from '../support/hub.js'

function config (text: string): string {
  const file = path.join(tempDir('cabinet-hub-setup-'), 'retroarch.cfg')
  writeFileSync(file, text)
  return file
}

const setup = (args: string[]): Promise<number> => runModuleCommand(findModuleCommand(domainModules, 'setup')!, args, optionEntriesOf(domainModules), {}, buildApp)

describe('setup retroarch', () => {
  it('sets cheevos_custom_host once, keeps the original, and undo puts the original line back', async () => {
    const original = 'video_driver = "gl"\r\ncheevos_custom_host = "https://old.example"\r\ncheevos_enable = "true"\r\n'
    const file = config(original)
    assert.equal((await pointRetroarchAt(file, 'http://127.0.0.1:12345')).changed, true)
    assert.equal(readFileSync(file, 'utf8'), 'video_driver = "gl"\r\ncheevos_custom_host = "http://127.0.0.1:12345"\r\ncheevos_enable = "true"\r\n')
    assert.equal(readFileSync(backupOf(file), 'utf8'), original)
    assert.equal((await pointRetroarchAt(file, 'http://127.0.0.1:12345')).changed, false, 'a second run changes nothing')
    // An edit the owner makes afterwards survives the undo.
    writeFileSync(file, readFileSync(file, 'utf8').replace('"gl"', '"vulkan"'))
    assert.equal((await undoRetroarchSetup(file)).changed, true)
    assert.equal(readFileSync(file, 'utf8'), original.replace('"gl"', '"vulkan"'))
    assert.equal(existsSync(backupOf(file)), false)
    assert.equal((await undoRetroarchSetup(file)).changed, false)
  })

  it('adds the line when the config has none, and undo removes it again', async () => {
    const file = config('video_driver = "gl"')
    await pointRetroarchAt(file, 'http://127.0.0.1:9')
    assert.equal(readFileSync(file, 'utf8'), 'video_driver = "gl"\ncheevos_custom_host = "http://127.0.0.1:9"\n')
    await undoRetroarchSetup(file)
    assert.equal(readFileSync(file, 'utf8'), 'video_driver = "gl"\n')
  })

  it('runs as a module command with the service\'s port, and refuses unclear usage', async () => {
    const file = config('')
    assert.equal(await setup(['retroarch', '--config', file, '--port', '23456']), 0)
    assert.equal(readFileSync(file, 'utf8'), 'cheevos_custom_host = "http://127.0.0.1:23456"\n')
    assert.equal(await setup(['retroarch', '--config', file, '--undo']), 0)
    assert.equal(readFileSync(file, 'utf8'), '')
    await assert.rejects(setup(['retroarch']), CommandUsageError)
    await assert.rejects(setup(['mame', '--config', file]), CommandUsageError)
    assert.equal(serviceUrl('0.0.0.0', 12345), 'http://127.0.0.1:12345')
    assert.equal(serviceUrl('::1', 12345), 'http://[::1]:12345')
  })
})
