/**
 * The Windows bundle (RetroBat): the zip carries the same service as the Linux bundles, with
 * Node.js's own Windows build of the same version, and launchers cmd can read. Its app runs under
 * Wine in win-x64-wine.test.ts.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { nodeVersion } from '../../../scripts/bundles/targets.js'
import { bundleTarget, unpackBundle } from '../../support/bundles.js'
import { findPeer } from '../../support/peers.js'

const unzip = findPeer('unzip', 'unzip', ['/usr/bin/unzip'])

/** The machine a PE executable is built for, from its COFF header. */
function peMachine (executable: Buffer): number | null {
  if (executable.subarray(0, 2).toString('latin1') !== 'MZ') return null
  const pe = executable.readUInt32LE(0x3c)
  if (executable.subarray(pe, pe + 4).toString('latin1') !== 'PE\0\0') return null
  return executable.readUInt16LE(pe + 4)
}
const amd64 = 0x8664

describe('the win-x64 bundle', { skip: unzip.skip }, () => {
  let bundle: string
  let linuxBundle: string
  before(() => {
    bundle = unpackBundle(bundleTarget('win-x64'))
    linuxBundle = unpackBundle(bundleTarget('linux-x64'))
  })

  it('unzips to cabinet-hub-<version>/ with node\\node.exe, Node.js\'s x64 Windows build of the version the project runs on', () => {
    assert.equal(path.basename(bundle), path.basename(linuxBundle))
    const nodeExe = readFileSync(path.join(bundle, 'node', 'node.exe'))
    assert.equal(peMachine(nodeExe), amd64)
    assert.ok(nodeExe.includes(Buffer.from(nodeVersion(), 'utf16le')), `its version resource says ${nodeVersion()}`)
    assert.equal(readFileSync(path.join(bundle, 'node', 'LICENSE'), 'utf8'), readFileSync(path.join(linuxBundle, 'node', 'LICENSE'), 'utf8'))
  })

  it('carries the very service, README and licences the Linux bundles run', () => {
    for (const file of ['app/cabinet-hub.mjs', 'app/node_modules/@fastify/swagger-ui/static/swagger-ui-bundle.js', 'package.json', 'README.md', 'LICENSE', 'THIRD-PARTY-LICENSES.txt']) {
      assert.ok(readFileSync(path.join(bundle, file)).equals(readFileSync(path.join(linuxBundle, file))), file)
    }
  })

  it('has cabinet-hub.cmd: CRLF lines that run the app with the bundle\'s node.exe, passing every argument', () => {
    const launcher = readFileSync(path.join(bundle, 'cabinet-hub.cmd'), 'utf8')
    assert.ok(launcher.split('\n').slice(0, -1).every((line) => line.endsWith('\r')), 'CRLF lines, as cmd expects')
    assert.ok(launcher.includes('"%~dp0node\\node.exe" --max-semi-space-size=8 "%~dp0app\\cabinet-hub.mjs" %*\r\n'))
  })
})
