/**
 * The README's commands, run as an owner runs them: the linux-x64 bundle unpacked on a Batocera-like
 * tree (the demo tree, with `/userdata` a folder of the test), then every shell command of the README
 * in order: serve, install-hooks, doctor, serve open to the network with the read-only link fetched
 * as written, install-service and the service it wrote. A command the runner does not know fails the
 * test, so a new README command comes with its check. The commands of docs/ are held to --help.
 */
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { archiveName, projectPackage } from '../../../scripts/bundles/targets.js'
import { writeDemoTree } from '../../../src/sim/index.js'
import { builtBundles, bundleTarget } from '../../support/bundles.js'
import { freePort, run, stopCli, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { markdownFiles, projectRoot as root } from '../../support/markdown.js'

const read = (file: string): string => readFileSync(path.join(root, file), 'utf8')
const readme = read('README.md')
const docs = markdownFiles('docs').map(read)

/** The lines of the fenced blocks of one language, comments cut, in order. */
function blockLines (text: string, language: string): string[][] {
  return [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))]
    .map((match) => match[1]!.split('\n').map((line) => line.replace(/\s+#\s.*$/, '').trim()).filter((line) => line !== ''))
}

/** Every command line of the service in a text: `npx cabinet-hub`, the bundle's `./cabinet-hub` and `cabinet-hub.cmd`. */
const serviceCommands = (text: string): string[] => [...text.matchAll(/(?:npx cabinet-hub|\.\/cabinet-hub|cabinet-hub\.cmd)((?: +[^\s`|#]+)*)/g)].map((m) => m[1]!.trim())

/** Polls readiness of a service this test did not spawn itself (the Batocera service's); a minute at most. */
async function untilReady (port: number): Promise<void> {
  for (const deadline = performance.now() + 60_000; performance.now() < deadline; await sleep(100)) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/startup/ready`)).ok) return
    } catch { /* not listening yet */ }
  }
  assert.fail('the service the Batocera script started is not ready within a minute')
}

describe('the README\'s command lines', () => {
  it('start with the two commands that work on a fresh machine', () => {
    assert.deepEqual(blockLines(readme, 'sh')[0], ['npm ci && npm start', 'npm test'])
    assert.ok(readme.indexOf('```sh') < readme.indexOf('\n## '), 'before any section')
    assert.ok(readme.split('\n').length < 200, 'an owner\'s README, under 200 lines; the reference is in docs/')
  })

  it('name only verbs and flags --help lists, in the README and in docs/; npx finds cabinet-hub in this folder', () => {
    const npx = spawnSync('npm', ['exec', '--offline', '--no', '--', 'cabinet-hub', '--version'], { cwd: root, encoding: 'utf8' })
    assert.equal(npx.status, 0, npx.stderr)
    assert.equal(npx.stdout.trim(), projectPackage.version)

    const help = run(['--help']).stdout
    const commands = [readme, ...docs].flatMap(serviceCommands)
    assert.ok(commands.length >= 20, commands.join('\n'))
    for (const command of commands) {
      const verb = /^([a-z][a-z-]*)/.exec(command)?.[1]
      if (verb !== undefined) assert.match(help, new RegExp(`cabinet-hub (\\[options\\] )?\\[?${verb}\\b`), `${verb} in: ${command}`)
      for (const flag of command.match(/(?<=^| )--[a-z0-9-]+/g) ?? []) assert.ok(help.includes(flag), `${flag} in: ${command}`)
    }
    for (const text of [readme, ...docs]) assert.doesNotMatch(text, /^cabinet-hub /m, 'no bare cabinet-hub at the start of a command line: it is not on the PATH after npm ci')
  })

  it('run as written from the linux-x64 bundle: unpack, serve, install the hooks, doctor, the read-only link from the network, start at boot', async (t) => {
    const sandbox = tempDir('cabinet-hub-readme-')
    const userdata = path.join(sandbox, 'userdata')
    const tree = await writeDemoTree(userdata, 'batocera')
    const home = path.join(sandbox, 'home')
    mkdirSync(home)
    symlinkSync(tree.esConfigDir, path.join(home, '.emulationstation'))
    symlinkSync(path.join(userdata, 'roms'), path.join(home, 'ROMs'))
    const archive = archiveName(projectPackage.version, bundleTarget('linux-x64'))
    for (const folder of [path.join(userdata, 'system'), home]) copyFileSync(path.join(builtBundles(), archive), path.join(folder, archive))

    const port = await freePort()
    // The owner's machine: its home, and nothing else of this one answering (no frontend, no MAME).
    const env = {
      ...process.env,
      HOME: home,
      CABINET_HUB_PORT: String(port),
      CABINET_HUB_ES_URL: `http://127.0.0.1:${await freePort()}`,
      CABINET_HUB_MAME_EXE: 'none',
      CABINET_HUB_CABEMU_ENABLED: 'false',
      CABINET_HUB_CABEMU2_ENABLED: 'false',
      CABINET_HUB_MULTIEMU_ENABLED: 'false'
    }
    const asWritten = (line: string): string => line.replace(/\/userdata/g, userdata).replace(/12345/g, String(port))
    const sh = (line: string, cwd: string) => spawnSync('sh', ['-c', line], { cwd, env, encoding: 'utf8', timeout: 60_000 })

    let cwd = home
    let serving: ChildProcess | null = null
    const ran: string[] = []
    try {
      for (const line of blockLines(readme, 'sh').slice(1).flat()) {
        const command = asWritten(line)
        if (/^(cd \S+ && )?tar xzf \S+ && cd \S+$/.test(command)) {
          // Unpacked where the owner put the download (their home, unless the line says where).
          const unpacked = sh(`${command} && pwd`, home)
          assert.equal(unpacked.status, 0, `${line}: ${unpacked.stderr}`)
          cwd = unpacked.stdout.trim()
          assert.ok(existsSync(path.join(cwd, 'cabinet-hub')), `${line} leaves the owner in the bundle`)
        } else if (/^\.\/cabinet-hub( --|$)/.test(command)) {
          if (serving !== null) await stopCli(serving)
          serving = spawn('sh', ['-c', `exec ${command}`], { cwd, env, stdio: 'ignore' })
          await waitForHealth(port, serving, '/api/v1/startup/ready')
        } else if (command.startsWith('./cabinet-hub install-hooks ')) {
          const installed = sh(command, cwd)
          assert.equal(installed.status, 0, `${line}: ${installed.stderr}`)
          assert.ok(readdirSync(path.join(tree.esConfigDir, 'scripts'), { recursive: true }).some((file) => String(file).endsWith('cabinet-hub-hook.sh')), 'our hook scripts in the frontend\'s scripts folders')
        } else if (command.startsWith('./cabinet-hub doctor ')) {
          const doctor = sh(command, cwd)
          // The demo tree holds Tetris(USA).nes, which the frontend cannot hook; the hooks installed
          // with the service's own options spool where it reads.
          assert.equal(doctor.status, 1, doctor.stderr)
          assert.match(doctor.stdout, /^cabinet-hub doctor: 1 problem to fix$/m)
          assert.match(doctor.stdout, /Tetris\(USA\)\.nes/)
        } else if (/^curl -s \S+\/api\/v1\/read-link$/.test(command)) {
          const link = JSON.parse(sh(command, cwd).stdout) as { query: string, lanOrigins: string[] }
          assert.match(link.query, /^token=[\w-]{16,}$/)
          assert.ok(link.lanOrigins.length > 0, 'open to the network with --host 0.0.0.0')
          const overlay = `${link.lanOrigins[0]!}/overlays/score`
          assert.equal((await fetch(`${overlay}?${link.query}`)).status, 200, `${overlay} with the link, from the network`)
          assert.equal((await fetch(overlay)).status, 401, `${overlay} without it`)
        } else if (command.startsWith('./cabinet-hub install-service --for batocera ')) {
          // Batocera's /userdata is the test's folder here.
          const installed = sh(`${command} --userdata ${userdata}`, cwd)
          assert.equal(installed.status, 0, `${line}: ${installed.stderr}`)
          const service = path.join(userdata, 'system', 'services', 'cabinet_hub')
          assert.ok(readFileSync(service, 'utf8').includes(`'--frontend-root' '${userdata}'`), 'the service runs with the options given')
          if (serving !== null) await stopCli(serving)
          serving = null
          assert.equal(sh(`sh ${service} start`, cwd).status, 0)
          await untilReady(port)
          assert.equal(sh(`sh ${service} stop`, cwd).status, 0)
        } else {
          assert.fail(`the README command ${line} is not run by this test: teach it the command`)
        }
        ran.push(line)
      }
    } finally {
      if (serving !== null) await stopCli(serving)
    }
    t.diagnostic(`ran ${ran.length} README commands`)
    assert.ok(ran.length >= 8, ran.join('\n'))
  })
})
