import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { parseArgs } from 'node:util'
import { optionEntriesOf } from '../../src/core/hub.js'
import { cliFlags, cliValuesByKey, ConfigError, envName, loadConfig as loadConfigOf, optionsHelp as optionsHelpOf, redactedConfig as redactedConfigOf, type ConfigInputs, type LoadedConfig } from '../../src/core/options.js'
import { domainModules } from '../../src/modules.js'
import { tempDir } from '../support/hub.js'

/** The option table of this build, assembled from the core and every module. */
const allOptions = optionEntriesOf(domainModules)
const loadConfig = (inputs: ConfigInputs): LoadedConfig<Record<string, unknown>> => loadConfigOf(allOptions, inputs)
const optionsHelp = (): string => optionsHelpOf(allOptions)
const redactedConfig = (loaded: LoadedConfig): Record<string, unknown> => redactedConfigOf(allOptions, loaded)

const cli = (entries: Record<string, string | boolean> = {}): Map<string, string | boolean> => new Map(Object.entries(entries))

describe('option table', () => {
  it('is assembled from the declarations of the core and the modules, each option once', () => {
    const keys = allOptions.map((o) => o.key)
    assert.equal(new Set(keys).size, keys.length)
    for (const key of ['port', 'frontendRoot', 'mediaDir', 'panelPlayerCount', 'cabemuPort', 'language', 'eventsIni', 'managers.localMedia', 'managers.roms']) assert.ok(keys.includes(key), key)
  })

  it('derives one environment variable per option', () => {
    assert.equal(envName('port'), 'CABINET_HUB_PORT')
    assert.equal(envName('dataDir'), 'CABINET_HUB_DATA_DIR')
    assert.equal(envName('devEventsIngest'), 'CABINET_HUB_DEV_EVENTS_INGEST')
    assert.equal(envName('managers.localMedia'), 'CABINET_HUB_MANAGERS_LOCAL_MEDIA')
  })

  it('has the documented defaults', () => {
    const { config } = loadConfig({ cli: cli(), env: {} })
    assert.equal(config.host, '127.0.0.1')
    assert.equal(config.port, 12345)
    assert.equal(config.nodeId, 'cab-01')
    assert.equal(config.devEventsIngest, false)
    assert.equal(config['managers.controlPanel'], true)
  })

  it('lists every option, its variable and its default in --help', () => {
    const help = optionsHelp()
    for (const flag of ['--host', '--port', '--data-dir', '--config', '--node-id', '--log-level', '--dev-events-ingest']) assert.match(help, new RegExp(flag))
    for (const { key } of allOptions) assert.ok(help.includes(envName(key)), key)
    assert.match(help, /default "127\.0\.0\.1"/)
    assert.match(help, /default 12345/)
  })
})

describe('loadConfig', () => {
  it('applies CLI over env over file over default', () => {
    const dir = tempDir()
    const file = path.join(dir, 'hub.yaml')
    writeFileSync(file, 'port: 2000\nnodeId: from-file\nlogLevel: warn\nmanagers:\n  roms: false\n')
    const { config, sources } = loadConfig({
      cli: cli({ config: file, port: '4000' }),
      env: { CABINET_HUB_PORT: '3000', CABINET_HUB_NODE_ID: 'from-env' }
    })
    assert.equal(config.port, 4000)
    assert.equal(sources.port, 'cli')
    assert.equal(config.nodeId, 'from-env')
    assert.equal(sources.nodeId, 'env')
    assert.equal(config.logLevel, 'warn')
    assert.equal(sources.logLevel, 'file')
    assert.equal(config['managers.roms'], false)
    assert.equal(sources['managers.roms'], 'file')
    assert.equal(sources.host, 'default')
  })

  it('takes a list flag repeated on the command line as all its values', () => {
    const args = ['--partner-url', 'http://cab-02:12345', '--partner-url', 'http://venue:12345#' + 'a'.repeat(64), '--allowed-hosts', 'cab.local']
    const { values } = parseArgs({ args, options: cliFlags(allOptions), strict: true })
    const loaded = loadConfig({ cli: cliValuesByKey(allOptions, values as Record<string, string | boolean | string[] | undefined>), env: {} })
    assert.deepEqual(loaded.config.partnerUrls, ['http://cab-02:12345', `http://venue:12345#${'a'.repeat(64)}`])
    assert.deepEqual(loaded.config.allowedHosts, ['cab.local'])
  })

  it('reads a JSON config file and manager switches from env', () => {
    const dir = tempDir()
    const file = path.join(dir, 'hub.json')
    writeFileSync(file, JSON.stringify({ devEventsIngest: true, allowedHosts: ['cab.local'] }))
    const { config } = loadConfig({ cli: cli(), env: { CABINET_HUB_CONFIG: file, CABINET_HUB_MANAGERS_GAME_EVENTS: 'off' } })
    assert.equal(config.devEventsIngest, true)
    assert.deepEqual(config.allowedHosts, ['cab.local'])
    assert.equal(config['managers.gameEvents'], false)
  })

  it('lists every bad value in one error, naming where it came from', () => {
    const dir = tempDir()
    const file = path.join(dir, 'hub.yaml')
    writeFileSync(file, 'prot: 1\nlogLevel: loud\n')
    assert.throws(() => loadConfig({ cli: cli({ config: file, port: '99999' }), env: { CABINET_HUB_DEV_EVENTS_INGEST: 'perhaps' } }), (error: unknown) => {
      assert.ok(error instanceof ConfigError)
      const text = error.problems.join('\n')
      assert.match(text, /prot: unknown option/)
      assert.match(text, /--port: .*65535/)
      assert.match(text, /CABINET_HUB_DEV_EVENTS_INGEST/)
      assert.match(text, /logLevel in .*hub\.yaml/)
      return true
    })
  })

  it('says clearly when the config file is missing or garbage', () => {
    assert.throws(() => loadConfig({ cli: cli({ config: '/nonexistent/hub.yaml' }), env: {} }), /cannot be read \(ENOENT\)/)
    const dir = tempDir()
    const file = path.join(dir, 'bad.json')
    writeFileSync(file, '[1, 2]')
    assert.throws(() => loadConfig({ cli: cli({ config: file }), env: {} }), /must hold an object/)
  })

  it('reads a .json file as strict JSON and a .yaml or .yml file as YAML, naming line and column of a mistake', () => {
    const dir = tempDir()
    const problem = (name: string, text: string): string => {
      const file = path.join(dir, name)
      writeFileSync(file, text)
      try {
        loadConfig({ cli: cli({ config: file }), env: {} })
      } catch (error) {
        assert.ok(error instanceof ConfigError)
        return error.message
      }
      assert.fail(`${name} was accepted`)
    }
    const trailingComma = problem('trailing.json', '{\n  "port": 22345,\n}\n')
    assert.ok(trailingComma.startsWith(`invalid configuration: config file ${path.join(dir, 'trailing.json')} is not valid JSON: `), trailingComma)
    assert.match(trailingComma, /: [^:]+ at line 3, column 1$/)
    assert.match(problem('cut.json', '{ "port": '), /is not valid JSON: .* at line 1, column 11$/)
    // YAML would read this as a string; as JSON it is a mistake.
    assert.match(problem('yamlish.json', 'port: 22345\n'), /is not valid JSON: .* at line 1, column 1$/)
    assert.match(problem('bad.yaml', 'port: [1,\n  - 2\n'), /is not valid YAML: .* at line \d+, column \d+$/)
    assert.match(problem('bad.yml', 'port: {a\n'), /is not valid YAML: .* at line \d+, column \d+$/)
    const yml = path.join(dir, 'good.yml')
    writeFileSync(yml, 'port: 22345\n')
    assert.equal(loadConfig({ cli: cli({ config: yml }), env: {} }).config.port, 22345)
  })

  it('lists the values of a choice option, and suggests the option a config key was meant to be', () => {
    assert.throws(() => loadConfig({ cli: cli({ profile: 'retrobatt', logLevel: 'loud' }), env: {} }), (error: unknown) => {
      assert.ok(error instanceof ConfigError)
      assert.ok(error.problems.includes('--profile: must be one of retrobat, batocera, es-de, recalbox (got "retrobatt")'), error.message)
      assert.ok(error.problems.includes('--log-level: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'), error.message)
      return true
    })
    const file = path.join(tempDir(), 'hub.yaml')
    writeFileSync(file, 'prot: 1\n')
    assert.throws(() => loadConfig({ cli: cli({ config: file }), env: {} }), /prot: unknown option in the config file \(did you mean port\?\)/)
  })

  it('redacts secrets in reports', () => {
    const loaded = loadConfig({ cli: cli({ apiKey: 'super-secret-key' }), env: {} })
    assert.equal(redactedConfig(loaded).apiKey, '***')
    assert.equal(redactedConfig(loadConfig({ cli: cli(), env: {} })).apiKey, null)
  })
})
