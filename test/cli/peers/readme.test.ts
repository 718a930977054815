/**
 * The README's commands, run as an owner runs them: every shell command of the linux-x64 bundle's
 * README in order, each at a terminal (util-linux's script) whose PATH has no Node.js, on a
 * Batocera-like tree (the bundle's demo tree, with `/userdata` a folder of the test): unpack, serve,
 * install-hooks, doctor, serve open to the network with the read-only link fetched as written,
 * install-service and the service it wrote. A command the runner does not know fails the test, so
 * a new README command comes with its check. The commands of docs/ are held to --help.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { archiveName, projectPackage } from '../../../scripts/bundles/targets.js'
import { builtInAdapters } from '../../../src/frontends/index.js'
import { builtBundles, bundleTarget, launcherPrograms, pathWithoutNode, unpackBundle } from '../../support/bundles.js'
import { freePort, run, waitForHealth } from '../../support/cli.js'
import { tempDir } from '../../support/hub.js'
import { markdownFiles, projectRoot as root } from '../../support/markdown.js'
import { pressCtrlC, runAtTerminal, startAtTerminal, terminal, type TerminalProcess } from '../../support/terminal.js'

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

/** What the Batocera service script and our hook scripts run (BusyBox has them all). */
const batoceraServicePrograms = ['cat', 'tr', 'grep', 'mkdir', 'nohup', 'sleep', 'rm']
const hookPrograms = ['date', 'mv']

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

  it('open, in a bundle, with the owner\'s two: unpack and run', () => {
    const bundleReadme = readFileSync(path.join(unpackBundle(bundleTarget('linux-x64')), 'README.md'), 'utf8')
    const [unpack, start, ...more] = blockLines(bundleReadme, 'sh')[0]!
    assert.match(unpack!, /^tar xzf cabinet-hub-\*-linux-x64\.tar\.gz && cd cabinet-hub-\*\/$/)
    assert.equal(start, './cabinet-hub')
    assert.deepEqual(more, [])
    assert.ok(bundleReadme.indexOf('```sh') < bundleReadme.indexOf('\n## '), 'before any section')
  })

  it('run as written from the linux-x64 bundle\'s README, each at a terminal with no Node.js on the PATH: unpack, serve, install the hooks, doctor, the read-only link from the network, start at boot', { skip: terminal.skip }, async (t) => {
    const bundle = unpackBundle(bundleTarget('linux-x64'))
    const bundleReadme = readFileSync(path.join(bundle, 'README.md'), 'utf8')
    const sandbox = tempDir('cabinet-hub-readme-')
    const userdata = path.join(sandbox, 'userdata')
    const home = path.join(sandbox, 'home')
    mkdirSync(home)
    const port = await freePort()
    // The owner's machine: its home, a Batocera's programs and no Node.js nor npm, and nothing else
    // of this one answering (no frontend, no MAME).
    const env = {
      PATH: pathWithoutNode([...launcherPrograms, 'tar', 'gzip', 'curl', ...batoceraServicePrograms, ...hookPrograms]),
      HOME: home,
      CABINET_HUB_PORT: String(port),
      CABINET_HUB_ES_URL: `http://127.0.0.1:${await freePort()}`,
      CABINET_HUB_MAME_EXE: 'none',
      CABINET_HUB_CABEMU_ENABLED: 'false',
      CABINET_HUB_CABEMU2_ENABLED: 'false',
      CABINET_HUB_MULTIEMU_ENABLED: 'false'
    }
    // A Batocera's /userdata, as the bundle's own demo-tree writes it.
    const tree = runAtTerminal(`./cabinet-hub demo-tree --out ${userdata} --profile batocera`, { cwd: bundle, env })
    assert.equal(tree.status, 0, tree.output)
    const esConfigDir = builtInAdapters.find((adapter) => adapter.id === 'batocera')!.layout(userdata).esConfigDir
    // "Any Linux": the frontend's config and roms folders in the owner's home.
    symlinkSync(esConfigDir, path.join(home, '.emulationstation'))
    symlinkSync(path.join(userdata, 'roms'), path.join(home, 'ROMs'))
    const archive = archiveName(projectPackage.version, bundleTarget('linux-x64'))
    for (const folder of [path.join(userdata, 'system'), home]) copyFileSync(path.join(builtBundles(), archive), path.join(folder, archive))

    let cwd = home
    let serving: TerminalProcess | null = null
    const asWritten = (line: string): string => line.replace(/\/userdata/g, userdata).replace(/12345/g, String(port))
    const atTerminal = (line: string) => runAtTerminal(line, { cwd, env })
    /** Stops the service started at the terminal as the README says (Ctrl+C); its log was for a person. */
    const stopServing = async (): Promise<void> => {
      if (serving === null) return
      await pressCtrlC(serving)
      const log = serving.output()
      assert.match(log, new RegExp(`INFO: Server listening at http://[\\d.]+:${port}\\n`), log)
      assert.doesNotMatch(log, /^\{"level"/m, 'pretty lines at a terminal, not JSON')
      assert.doesNotMatch(log, /is not a function/)
      serving = null
    }

    const ran: string[] = []
    try {
      for (const line of blockLines(bundleReadme, 'sh').flat()) {
        const command = asWritten(line)
        if (/^(cd \S+ && )?tar xzf \S+ && cd \S+$/.test(command)) {
          // Unpacked where the owner put the download (their home, unless the line says where).
          const unpacked = runAtTerminal(`${command} && pwd`, { cwd: home, env })
          assert.equal(unpacked.status, 0, `${line}: ${unpacked.output}`)
          cwd = unpacked.output.trim()
          assert.ok(existsSync(path.join(cwd, 'cabinet-hub')), `${line} leaves the owner in the bundle`)
        } else if (/^\.\/cabinet-hub( --|$)/.test(command)) {
          await stopServing()
          serving = startAtTerminal(command, { cwd, env })
          await waitForHealth(port, serving, '/api/v1/startup/ready')
          assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status, 200)
        } else if (command.startsWith('./cabinet-hub install-hooks ')) {
          const installed = atTerminal(command)
          assert.equal(installed.status, 0, `${line}: ${installed.output}`)
          const hooks = readdirSync(path.join(esConfigDir, 'scripts'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('cabinet-hub-hook.sh'))
          assert.ok(hooks.length > 0, 'our hook scripts in the frontend\'s scripts folders')
          assert.match(installed.output, new RegExp(`^wrote ${esConfigDir}/scripts/\\S+/cabinet-hub-hook\\.sh$`, 'm'))
        } else if (command.startsWith('./cabinet-hub doctor ')) {
          const doctor = atTerminal(command)
          // The demo tree holds Tetris(USA).nes, which the frontend cannot hook; the hooks installed
          // with the service's own options spool where it reads.
          assert.equal(doctor.status, 1, doctor.output)
          assert.match(doctor.output, /^cabinet-hub doctor: 1 problem to fix$/m)
          assert.match(doctor.output, /Tetris\(USA\)\.nes/)
        } else if (/^curl -s \S+\/api\/v1\/read-link$/.test(command)) {
          const link = JSON.parse(atTerminal(command).output) as { query: string, lanOrigins: string[] }
          assert.match(link.query, /^token=[\w-]{16,}$/)
          assert.ok(link.lanOrigins.length > 0, 'open to the network with --host 0.0.0.0')
          const overlay = `${link.lanOrigins[0]!}/overlays/score`
          assert.equal((await fetch(`${overlay}?${link.query}`)).status, 200, `${overlay} with the link, from the network`)
          assert.equal((await fetch(overlay)).status, 401, `${overlay} without it`)
        } else if (command.startsWith('./cabinet-hub install-service --for batocera ')) {
          // Under the frontend root given, Batocera's /userdata, which is the test's folder here.
          const installed = atTerminal(command)
          assert.equal(installed.status, 0, `${line}: ${installed.output}`)
          const service = path.join(userdata, 'system', 'services', 'cabinet_hub')
          assert.match(installed.output, new RegExp(`^wrote ${service} `))
          const script = readFileSync(service, 'utf8')
          assert.ok(script.includes(`'--frontend-root' '${userdata}'`), 'the service runs with the options given')
          assert.ok(script.includes(`'--data-dir' '${path.join(home, '.local', 'share', 'cabinet-hub')}'`), 'and the data dir the owner\'s service used')
          await stopServing()
          // Started as Batocera starts it, by its init with no terminal: the script's nohup does not
          // outlast a terminal that closes at once, since Node.js takes SIGHUP back at start.
          const batocera = (action: string) => spawnSync('sh', [service, action], { cwd, env, encoding: 'utf8', timeout: 60_000 })
          assert.equal(batocera('start').status, 0)
          await untilReady(port)
          assert.equal(batocera('stop').status, 0)
        } else {
          assert.fail(`the README command ${line} is not run by this test: teach it the command`)
        }
        ran.push(line)
      }
      await stopServing()
    } finally {
      if (serving !== null) await pressCtrlC(serving)
    }
    t.diagnostic(`ran ${ran.length} README commands`)
    assert.ok(ran.length >= 10, ran.join('\n'))
  })
})
