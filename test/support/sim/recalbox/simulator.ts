/**
 * The simulated Recalbox EmulationStation: browses the demo tree (the ES simulator's catalog and
 * navigator), and tells each event the way Recalbox does (NotificationManager): an event the same
 * as the one before is dropped; else es_state.inf is written (CRLF), then `Recalbox/EmulationStation/Event`
 * and `.../EventJson` are published on the broker (QoS 0, not retained), then the userscripts run.
 * It launches games it is sent over UDP (`START|<system>|<rom file>`), answers `/api/status` and
 * `/api/versions` like its web server, and ends a game with `endgame` followed by `gamelistbrowsing`.
 */
import { createSocket, type Socket } from 'node:dgram'
import { writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { MqttClient } from 'mqtt'
import pino, { type Logger } from 'pino'
import { Autoplay } from '../../../../src/sim/autoplay.js'
import { esCatalogFiles, readCatalog, type CatalogFiles, type SimGame, type SimSystem } from '../../../../src/sim/catalog.js'
import { frontendLayout, parseRecalboxSystems, readRecalboxConf, recalboxSystemsFiles } from '../../../../src/frontends/index.js'
import { isSimInput, Navigator, type SimInput } from '../../../../src/sim/navigator.js'
import type { SimView } from '../../../../src/sim/simulator.js'
import { eventJson, scriptParameter, stateFileText, type Emulators, type Notification } from './notification.js'
import { runUserscripts } from './userscripts.js'

/** Recalbox: systemlist.xml in share_init (or the share's own copy), each gamelist beside its roms. */
const recalboxCatalogFiles: CatalogFiles = {
  ...esCatalogFiles,
  systemsFiles: (layout) => recalboxSystemsFiles(layout.root),
  formats: { readSystems: parseRecalboxSystems }
}

export interface RecalboxSimulatorOptions {
  /** The tree that stands for `/recalbox/share` (roms/<system>/gamelist.xml, system/recalbox.conf, userscripts/). */
  readonly root: string
  /** The broker EmulationStation publishes on, `mqtt://host:port` (Recalbox: its own Mosquitto on 1883). */
  readonly brokerUrl: string
  /** Where es_state.inf is written. Default `/tmp/es_state.inf`, as on Recalbox. */
  readonly stateFile?: string
  /** Port of the web API on 127.0.0.1 (Recalbox: 81); 0, the default, picks a free one. */
  readonly apiPort?: number
  /** UDP port of the launch listener on 127.0.0.1 (Recalbox: 1337); 0, the default, picks a free one. */
  readonly launchPort?: number
  /** How long a launched game runs before `endgame`. Default 30 s. */
  readonly playSeconds?: number
  /** Idle time before `sleep` (the screensaver); 0, the default, never. */
  readonly sleepSeconds?: number
  readonly autoplay?: boolean
  readonly logger?: Logger
}

const host = '127.0.0.1'

export class RecalboxSimulator {
  readonly #options: RecalboxSimulatorOptions
  readonly #logger: Logger
  readonly #stateFile: string
  readonly #navigator: Navigator
  readonly #autoplay: Autoplay | null
  #systems: readonly SimSystem[] = []
  #emulators: Emulators = () => null
  #client: MqttClient | null = null
  #http: Server | null = null
  #udp: Socket | null = null
  #running: SimGame | null = null
  #playTimer: NodeJS.Timeout | null = null
  #sleepTimer: NodeJS.Timeout | null = null
  #asleep = false
  /** The last event told (its duplicate is dropped), and what `/api/status` answers. */
  #last: Notification | null = null
  #lastKey = ''
  /** The events told so far, in order (the notifier thread's queue). */
  #told: Promise<void> = Promise.resolve()

  constructor (options: RecalboxSimulatorOptions) {
    this.#options = options
    this.#logger = options.logger ?? pino({ level: 'silent' })
    this.#stateFile = options.stateFile ?? '/tmp/es_state.inf'
    this.#navigator = new Navigator([], {
      systemSelected: (system) => { this.#notify('systembrowsing', system, null, system.fullname) },
      gameSelected: (game) => {
        const system = this.#navigator.system
        if (system !== null) this.#notify('gamelistbrowsing', system, game, game.path)
      },
      launch: (game) => this.#startGame(game)
    })
    this.#autoplay = options.autoplay === true ? new Autoplay(this) : null
  }

  get view (): SimView {
    return this.#running === null ? this.#navigator.view : 'playing'
  }

  /** Reads the tree, connects to the broker, listens; then tells `start` and the first system. */
  async start (): Promise<{ apiUrl: string, launchPort: number }> {
    const layout = frontendLayout(this.#options.root, 'recalbox')
    const { systems } = await readCatalog(layout, recalboxCatalogFiles)
    this.#systems = systems.filter((system) => system.games.length > 0)
    const settings = await readRecalboxConf(layout.esConfigDir)
    this.#emulators = (name) => {
      const emulator = settings.values.get(`${name}.emulator`)
      const core = settings.values.get(`${name}.core`)
      return emulator === undefined || core === undefined ? null : { emulator, core }
    }
    this.#navigator.reset(this.#systems)
    // The first connection must succeed (no retries), so a missing broker is said at once; later drops reconnect.
    const { default: mqtt } = await import('mqtt')
    this.#client = await mqtt.connectAsync(this.#options.brokerUrl, { clientId: `recalbox-emulationstation-${process.pid}`, reconnectPeriod: 1000, connectTimeout: 5000 }, false).catch((error: Error) => {
      throw new Error(`no MQTT broker answers at ${this.#options.brokerUrl} (${error.message})`)
    })
    this.#http = createServer((request, response) => { this.#serve(request, response) })
    await new Promise<void>((resolve) => this.#http!.listen(this.#options.apiPort ?? 0, host, resolve))
    this.#udp = createSocket('udp4')
    this.#udp.on('message', (datagram) => { this.#command(datagram.toString('utf8')) })
    await new Promise<void>((resolve) => this.#udp!.bind(this.#options.launchPort ?? 0, host, resolve))
    this.#notify('start', null, null, '1')
    const first = this.#navigator.system
    if (first !== null) this.#notify('systembrowsing', first, null, first.fullname)
    this.#restartSleepCountdown()
    this.#autoplay?.start()
    const apiUrl = `http://${host}:${(this.#http.address() as AddressInfo).port}`
    return { apiUrl, launchPort: this.#udp.address().port }
  }

  async stop (): Promise<void> {
    this.#autoplay?.stop()
    for (const timer of [this.#playTimer, this.#sleepTimer]) if (timer !== null) clearTimeout(timer)
    this.#notify('stop', null, null, '')
    await this.#told
    this.#udp?.close()
    await new Promise<void>((resolve) => this.#http === null ? resolve() : this.#http.close(() => resolve()))
    await this.#client?.endAsync()
  }

  /** A controller input: wakes a sleeping frontend (the input is consumed); ignored while a game runs. */
  press (input: SimInput): void {
    if (this.#asleep) {
      this.#asleep = false
      this.#notify('wakeup', null, null, '')
    } else if (this.#running === null) this.#navigator.press(input)
    this.#restartSleepCountdown()
  }

  #systemOf (game: SimGame): SimSystem | null {
    return this.#systems.find((system) => system.name === game.systemName) ?? null
  }

  #startGame (game: SimGame): void {
    if (this.#running !== null) return
    this.#running = game
    if (this.#sleepTimer !== null) clearTimeout(this.#sleepTimer)
    this.#asleep = false
    this.#notify('rungame', this.#systemOf(game), game, game.path)
    this.#playTimer = setTimeout(() => this.#endGame(), (this.#options.playSeconds ?? 30) * 1000)
  }

  /** `endgame`, then the gamelist comes back: `gamelistbrowsing` of the cursor's game. */
  #endGame (): void {
    const game = this.#running
    if (game === null) return
    this.#running = null
    this.#playTimer = null
    this.#notify('endgame', this.#systemOf(game), game, game.path)
    const cursor = this.#navigator.game
    const system = this.#navigator.system
    if (cursor !== null && system !== null) this.#notify('gamelistbrowsing', system, cursor, cursor.path)
    this.#restartSleepCountdown()
  }

  #restartSleepCountdown (): void {
    if (this.#sleepTimer !== null) clearTimeout(this.#sleepTimer)
    this.#sleepTimer = null
    const seconds = this.#options.sleepSeconds ?? 0
    if (seconds <= 0 || this.#running !== null) return
    this.#sleepTimer = setTimeout(() => {
      this.#asleep = true
      this.#notify('sleep', null, null, '')
    }, seconds * 1000)
  }

  /** CommandThread: `START|<system>|<file name with extension>`; anything else is logged and ignored, as Recalbox does. */
  #command (frame: string): void {
    const [command, systemName = '', gameName = ''] = frame.split('|')
    if (frame.split('|').length < 3) return
    if (command !== 'START') return this.#logger.warn({ frame }, 'wrong network command')
    const system = this.#systems.find((candidate) => candidate.name === systemName)
    if (system === undefined) return this.#logger.warn({ frame }, 'invalid system on network command')
    const game = system.listedGames.find((candidate) => path.basename(candidate.path) === gameName)
    if (game === undefined) return this.#logger.warn({ frame }, 'could not find the game of a network command')
    this.#asleep = false
    this.#startGame(game)
  }

  /** NotificationManager::Notify: queued; its thread tells the events one after the other. */
  #notify (action: string, system: SimSystem | null, game: SimGame | null, parameter: string): void {
    this.#told = this.#told.then(async () => this.#tell({ action, system, game, parameter }))
  }

  /** NotificationManager::Run for one event: dropped when the same as the one before, `(sync)` userscripts waited for. */
  async #tell (notification: Notification): Promise<void> {
    const { action, system, game, parameter } = notification
    const key = [action, system?.name ?? '', game?.path ?? '', parameter].join('\0')
    if (key === this.#lastKey) return
    this.#lastKey = key
    this.#last = notification
    writeFileSync(this.#stateFile, stateFileText(notification, this.#emulators))
    this.#client?.publish('Recalbox/EmulationStation/Event', action, { qos: 0, retain: false })
    this.#client?.publish('Recalbox/EmulationStation/EventJson', JSON.stringify(eventJson(notification, this.#emulators)), { qos: 0, retain: false })
    await runUserscripts(path.join(this.#options.root, 'userscripts'), action, this.#stateFile, scriptParameter(notification), this.#logger)
  }

  #serve (request: IncomingMessage, response: ServerResponse): void {
    const route = `${request.method ?? ''} ${(request.url ?? '').split('?')[0]}`
    const json = (status: number, body: unknown): void => { response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)) }
    if (route === 'GET /api/status') return json(200, this.#last === null ? {} : eventJson(this.#last, this.#emulators))
    if (route === 'GET /api/versions') return json(200, { webapi: '2.0', recalbox: '10.1-simulated\n' })
    if (route !== 'POST /sim/input') return json(404, { error: 'not found' })
    let body = ''
    request.on('data', (chunk: Buffer) => { body += chunk.toString() })
    request.on('end', () => {
      let input: unknown
      try {
        input = (JSON.parse(body) as { input?: unknown }).input
      } catch {
        return json(400, { message: 'the body is not JSON', code: 'BAD_JSON' })
      }
      if (!isSimInput(input)) return json(400, { message: `"${String(input)}" is not an input`, code: 'UNKNOWN_INPUT' })
      this.press(input)
      response.writeHead(204).end()
    })
  }
}
