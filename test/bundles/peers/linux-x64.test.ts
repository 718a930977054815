import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { freePort, stopCli, waitForHealth } from '../../support/cli.js'
import { bundleTarget, launcherPrograms, pathWithoutNode, unpackBundle } from '../../support/bundles.js'
import { tempDir } from '../../support/hub.js'
import { markdownFiles, missingLinkTargets } from '../../support/markdown.js'

describe('the linux-x64 bundle', () => {
  let bundle: string
  let env: NodeJS.ProcessEnv
  before(() => {
    bundle = unpackBundle(bundleTarget('linux-x64'))
    // What the launcher runs.
    env = { PATH: pathWithoutNode(launcherPrograms), HOME: tempDir() }
  })

  it('unpacks to cabinet-hub-<version>/ with Node.js, the app, the pages\' scripts, both launchers, the README, the owner\'s pages and the licences', () => {
    const { version } = JSON.parse(readFileSync(path.join(bundle, 'package.json'), 'utf8')) as { version: string }
    assert.equal(path.basename(bundle), `cabinet-hub-${version}`)
    for (const file of ['node/bin/node', 'node/LICENSE', 'app/cabinet-hub.mjs', 'browser/manifest.json', 'cabinet-hub', 'cabinet-hub.cmd', 'README.md', 'LICENSE', 'THIRD-PARTY-LICENSES.txt']) {
      assert.ok(statSync(path.join(bundle, file)).size > 0, file)
    }
    for (const executable of ['node/bin/node', 'cabinet-hub']) assert.equal(statSync(path.join(bundle, executable)).mode & 0o111, 0o111, `${executable} is executable`)
    const licences = readFileSync(path.join(bundle, 'THIRD-PARTY-LICENSES.txt'), 'utf8')
    for (const name of ['fastify', 'pino', '@fastify/swagger-ui', 'ws']) assert.match(licences, new RegExp(`^${name} \\d`, 'm'), name)
  })

  it('holds pages for its owner: every relative link names a file of the bundle, and none says npm or npx', () => {
    const pages = ['README.md', ...markdownFiles('docs', bundle)]
    assert.ok(pages.includes('docs/start-at-boot.md') && pages.includes('docs/reference/options.md'), pages.join(' '))
    assert.ok(!pages.includes('docs/development.md') && !pages.includes('docs/testing.md'), 'the developer\'s pages stay in the checkout')
    const { missing, links } = missingLinkTargets(bundle, pages)
    assert.deepEqual(missing, [])
    assert.ok(links > 20, `${links} links`)
    for (const page of pages) assert.doesNotMatch(readFileSync(path.join(bundle, page), 'utf8'), /\bnpx |\bnpm |<!-- \/?checkout/, page)
  })

  it('names its own launcher in the fixes doctor prints', () => {
    const root = path.join(tempDir(), 'userdata')
    const tree = spawnSync(path.join(bundle, 'cabinet-hub'), ['demo-tree', '--out', root, '--profile', 'batocera'], { env, encoding: 'utf8' })
    assert.equal(tree.status, 0, tree.stderr)
    const dataDir = tempDir()
    const doctor = spawnSync(path.join(bundle, 'cabinet-hub'), ['doctor', '--frontend-root', root, '--profile', 'batocera', '--data-dir', dataDir], { env, encoding: 'utf8' })
    assert.equal(doctor.status, 1, doctor.stderr)
    assert.ok(doctor.stdout.includes(`\n  fix: ./cabinet-hub install-hooks --frontend-root ${root} --profile batocera --data-dir ${dataDir}\n`), doctor.stdout)
  })

  it('runs with no Node.js on the PATH: --version, then serve answers health, the API reference\'s files, an overlay and the live page with their scripts', async (t) => {
    const version = spawnSync(path.join(bundle, 'cabinet-hub'), ['--version'], { env, encoding: 'utf8' })
    assert.equal(version.status, 0, version.stderr)
    assert.notEqual(spawnSync('sh', ['-c', 'command -v node'], { env }).status, 0, 'no node on this PATH')

    const port = await freePort()
    const started = performance.now()
    const child = spawn(path.join(bundle, 'cabinet-hub'), ['serve', '--port', String(port), '--data-dir', tempDir()], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    try {
      await waitForHealth(port, child)
      t.diagnostic(`health answered ${Math.round(performance.now() - started)} ms after start`)
      const health = await (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).json() as { status: string, version: string }
      assert.deepEqual(health, { status: 'healthy', version: version.stdout.trim() })
      for (const file of ['swagger-ui-bundle.js', 'logo.svg']) {
        assert.equal((await fetch(`http://127.0.0.1:${port}/swagger/static/${file}`)).status, 200, `${file}, read from app/node_modules at run time`)
      }
      // The live page also loads the scripts of the views other modules add (the Hiscores view ...).
      for (const [page, names] of [['/overlays/marquee', ['marquee']], ['/', ['dashboard', 'hiscores-view']]] as const) {
        const html = await (await fetch(`http://127.0.0.1:${port}${page}`)).text()
        const scripts = [...html.matchAll(/<script type="module" src="(\/scripts\/[^"]+\.js)">/g)].map((match) => match[1]!)
        for (const name of names) assert.ok(scripts.some((script) => script.startsWith(`/scripts/${name}-`)), `${page} loads ${name}: ${html}`)
        for (const script of scripts) assert.equal((await fetch(`http://127.0.0.1:${port}${script}`)).status, 200, `${script}, read from browser/ at run time`)
      }
    } finally {
      await stopCli(child)
    }
    assert.equal(stderr, '')
    // Compiling the app's code takes a fifth of a second; the next start reads it back from here.
    assert.ok(readdirSync(path.join(bundle, 'app', 'compile-cache'), { recursive: true }).length > 0, 'the compile cache is kept beside the app')
  })
})
