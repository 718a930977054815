/**
 * Recalbox's systems: systemlist.xml (names as attributes, the folder on <descriptor>) or an older
 * es_systems.cfg, read from share_init before the share's own copy.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { builtInAdapters, readFirstSystemsFile, type FrontendAdapter } from '../../src/frontends/index.js'
import { parseRecalboxSystems } from '../../src/frontends/recalbox/systemlist.js'
import { tempDir } from '../support/hub.js'

const systemlist = (fullname: string): string => `<?xml version="1.0"?>
<systemList>
  <defaults command="launcher -system %SYSTEM% -rom %ROM%"/>
  <system uuid="0f5e7a52-1111-4a3c-9c6e-4c1f6f2f0a01" name="snes" fullname="${fullname}" platforms="snes">
    <descriptor path="%ROOT%/snes" theme="snes" extensions=".sfc .smc .zip"/>
    <scraper screenscraper="4"/>
    <properties type="console" pad="mandatory" releasedate="1990-11"/>
    <emulatorList><emulator name="libretro"><core name="snes9x" priority="1"/></emulator></emulatorList>
  </system>
  <system name="ports" platforms="ports">
    <descriptor path="%ROOT%/ports" theme="ports"/>
  </system>
  <system fullname="nameless"/>
</systemList>
`

function recalbox (root: string): FrontendAdapter {
  const adapter = builtInAdapters.find((a) => a.id === 'recalbox')!
  return adapter.configure!({ frontendRoot: root })
}

describe('Recalbox systems', () => {
  it('reads systemlist.xml: name and full name from attributes, folder, theme and extensions from <descriptor>, the defaults\' command', () => {
    assert.deepEqual(parseRecalboxSystems(systemlist('Super Nintendo Entertainment System')), [
      { name: 'snes', fullname: 'Super Nintendo Entertainment System', release: '1990-11', hardware: 'console', path: '%ROOT%/snes', extension: '.sfc .smc .zip', command: 'launcher -system %SYSTEM% -rom %ROM%', platform: 'snes', theme: 'snes' },
      { name: 'ports', path: '%ROOT%/ports', command: 'launcher -system %SYSTEM% -rom %ROM%', platform: 'ports', theme: 'ports' }
    ])
  })

  it('reads an older release\'s es_systems.cfg shape as well', () => {
    const older = '<systemList><system><fullname>Panasonic 3DO</fullname><name>3do</name><path>/recalbox/share/roms/3do</path><extension>.iso .cue</extension><platform>3do</platform><theme>3do</theme></system></systemList>'
    assert.deepEqual(parseRecalboxSystems(older), [{ name: '3do', fullname: 'Panasonic 3DO', path: '/recalbox/share/roms/3do', extension: '.iso .cue', platform: '3do', theme: '3do' }])
  })

  it('takes share_init\'s file before the share\'s own copy, the copy when share_init has none, and says which file it cannot read', async () => {
    const top = tempDir('cabinet-hub-recalbox-systems-')
    const share = path.join(top, 'share')
    const adapter = recalbox(share)
    const [initFile, copyFile] = adapter.systemsFiles({ esConfigDir: null, romsRoot: null })
    assert.deepEqual([initFile, copyFile], ['share_init', 'share'].map((folder) => path.join(top, folder, 'system', '.emulationstation', 'systemlist.xml')))
    const read = async (): Promise<string | undefined> => (await readFirstSystemsFile(adapter.systemsFiles({ esConfigDir: null, romsRoot: null }), adapter.formats))?.systems[0]?.fullname
    assert.equal(await read(), undefined, 'no file: no systems')
    mkdirSync(path.dirname(copyFile!), { recursive: true })
    writeFileSync(copyFile!, systemlist('from the share'))
    assert.equal(await read(), 'from the share')
    mkdirSync(path.dirname(initFile!), { recursive: true })
    writeFileSync(initFile!, systemlist('from share_init'))
    assert.equal(await read(), 'from share_init')
    writeFileSync(initFile!, '<systemList><system name="x"')
    await assert.rejects(read(), (error: Error) => error.message.startsWith(`${initFile!} cannot be read (`))
  })
})
