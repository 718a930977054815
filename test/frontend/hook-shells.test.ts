/**
 * The ES shells still starting our hook script, read from a folder laid out like Linux's /proc:
 * the topmost shell above each process running a script of ours from this frontend's folder,
 * started shortly before the hooks at hand, ids wrapped around or not.
 */
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { hookShellsIn } from '../../src/frontend/hook-shells.js'
import { tempDir } from '../support/hub.js'

interface FakeProcess { readonly name: string, readonly parent: number, readonly commandLine: readonly string[] }

function procOf (processes: Record<number, FakeProcess>): string {
  const proc = tempDir('cabinet-hub-proc-')
  for (const [pid, { name, parent, commandLine }] of Object.entries(processes)) {
    mkdirSync(path.join(proc, pid))
    writeFileSync(path.join(proc, pid, 'stat'), `${pid} (${name}) S ${parent} ${pid} ${pid} 0 -1 4194560 97 0 0 0 0 0 0 0 20 0 1 0 123 2195456 226 18446744073709551615`)
    writeFileSync(path.join(proc, pid, 'cmdline'), commandLine.map((word) => `${word}\0`).join(''))
  }
  mkdirSync(path.join(proc, 'self'))
  return proc
}

const script = '/userdata/system/configs/emulationstation/scripts/game-selected/cabinet-hub-hook.sh'
const wrapper = ['/bin/sh', '-c', `((((${script} mame /userdata/roms/mame/sf.zip "Street Fighter" 2> /userdata/system/logs/es_script_stderr.log ; echo $? >&3) | head -300) 3>&1) | (read xs; exit $xs))`]
/** One hook as ES runs it: its `sh -c`, a subshell of the wrapper, and the script's own shell. */
const hookProcesses = (esShell: number): Record<number, FakeProcess> => ({
  [esShell]: { name: 'sh', parent: 100, commandLine: wrapper },
  [esShell + 1]: { name: 'sh', parent: esShell, commandLine: wrapper },
  [esShell + 4]: { name: 'sh', parent: esShell + 1, commandLine: ['/bin/sh', script, 'mame', '/userdata/roms/mame/sf.zip', 'Street Fighter'] }
})

describe('hook shells still starting', () => {
  const proc = procOf({
    100: { name: 'emulationstatio', parent: 1, commandLine: ['emulationstation', '--no-splash'] },
    ...hookProcesses(200),
    // Another frontend's hooks on this machine, and a person reading the script: not ours to wait for.
    300: { name: 'sh', parent: 100, commandLine: ['/bin/sh', '-c', '/opt/other-es/scripts/game-selected/cabinet-hub-hook.sh mame'] },
    310: { name: 'less', parent: 1, commandLine: ['less', script] }
  })
  const running = hookShellsIn('/userdata/system/configs/emulationstation/scripts', proc, 'linux')

  it('finds the ES shell of every process of a hook started shortly before the given one', async () => {
    assert.deepEqual(await running([320]), [200])
  })

  it('finds none for a hook started before them, or long after', async () => {
    assert.deepEqual(await running([150]), [])
    assert.deepEqual(await running([5000]), [])
  })

  it('finds a shell started just before process ids wrapped around', async () => {
    const wrapped = procOf({ 100: { name: 'emulationstatio', parent: 1, commandLine: ['emulationstation'] }, ...hookProcesses(32760) })
    assert.deepEqual(await hookShellsIn('/userdata/system/configs/emulationstation/scripts', wrapped, 'linux')([3]), [32760])
  })

  it('finds none where there is no /proc to read', async () => {
    assert.deepEqual(await hookShellsIn('/userdata/system/configs/emulationstation/scripts', proc, 'win32')([320]), [])
    assert.deepEqual(await hookShellsIn(null, proc, 'linux')([320]), [])
  })
})
