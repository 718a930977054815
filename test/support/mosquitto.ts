/**
 * A real Mosquitto for the tests: started on a free loopback port with a generated config
 * (anonymous, no persistence), stopped and restarted on the same port; and `mosquitto_sub` as the
 * independent reader of what reaches the broker.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import path from 'node:path'
import { freePort } from '../../bench/lib.js'
import { tempDir } from './hub.js'
import { findPeer } from './peers.js'

export const mosquittoPeer = findPeer('Mosquitto', 'mosquitto', ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'])
export const mosquittoSubPeer = findPeer('mosquitto_sub', 'mosquitto-clients', ['/usr/bin/mosquitto_sub'])
export const mosquittoSkip = mosquittoPeer.skip || mosquittoSubPeer.skip
/** mosquitto_pub comes with mosquitto_sub (mosquitto-clients). */
const mosquittoPubPath = path.join(path.dirname(mosquittoSubPeer.path ?? '/usr/bin/mosquitto_sub'), 'mosquitto_pub')

async function accepts (port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => { socket.destroy(); resolve(true) })
    socket.on('error', () => resolve(false))
  })
}

export class Broker {
  #child: ChildProcess | null = null
  #log = ''

  private constructor (readonly port: number, readonly config: string) {}

  get url (): string {
    return `mqtt://127.0.0.1:${this.port}`
  }

  static async start (): Promise<Broker> {
    const port = await freePort()
    const config = path.join(tempDir('cabinet-hub-mosquitto-'), 'mosquitto.conf')
    writeFileSync(config, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 100000\n`)
    const broker = new Broker(port, config)
    await broker.resume()
    return broker
  }

  /** Starts the broker (again) on its port; a restarted broker remembers nothing. */
  async resume (): Promise<void> {
    const child = spawn(mosquittoPeer.path!, ['-c', this.config], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.on('data', (chunk: Buffer) => { this.#log += chunk.toString() })
    child.stderr?.on('data', (chunk: Buffer) => { this.#log += chunk.toString() })
    this.#child = child
    for (let i = 0; i < 400; i++) {
      if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}: ${this.#log}`)
      if (await accepts(this.port)) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`mosquitto did not listen on ${this.port}: ${this.#log}`)
  }

  async stop (): Promise<void> {
    const child = this.#child
    this.#child = null
    if (child === null || child.exitCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await exited
  }
}

export interface ReceivedMessage {
  readonly topic: string
  readonly retained: boolean
  readonly payload: string
}

/** `mosquitto_sub -v` on some topics: every message, with its retain flag, as the broker sends it. */
export class SubReader {
  readonly messages: ReceivedMessage[] = []
  readonly #child: ChildProcess
  #partial = ''
  #stderr = ''

  private constructor (broker: Broker, topics: readonly string[]) {
    // %r: 1 when the broker delivered the message as retained; %t topic; %p payload (JSON lines here).
    this.#child = spawn(mosquittoSubPeer.path!, ['-h', '127.0.0.1', '-p', String(broker.port), '-q', '1', '-F', '%r %t %p', ...topics.flatMap((t) => ['-t', t])], { stdio: ['ignore', 'pipe', 'pipe'] })
    this.#child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (this.#partial + chunk.toString()).split('\n')
      this.#partial = lines.pop() ?? ''
      for (const line of lines) {
        const [flag, topic, ...rest] = line.split(' ')
        this.messages.push({ retained: flag === '1', topic: topic ?? '', payload: rest.join(' ') })
      }
    })
    this.#child.stderr!.on('data', (chunk: Buffer) => { this.#stderr += chunk.toString() })
  }

  static start (broker: Broker, topics: readonly string[]): SubReader {
    return new SubReader(broker, topics)
  }

  on (topic: string): ReceivedMessage[] {
    return this.messages.filter((m) => m.topic === topic)
  }

  async until (predicate: (reader: SubReader) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!predicate(this)) {
      if (Date.now() > deadline) throw new Error(`mosquitto_sub: timed out with ${this.messages.length} messages (${this.messages.slice(-8).map((m) => m.topic).join(', ')}) ${this.#stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  async stop (): Promise<void> {
    if (this.#child.exitCode !== null) return
    const exited = once(this.#child, 'exit')
    this.#child.kill('SIGTERM')
    await exited
  }
}

/**
 * A TCP door between a client and the broker: shut, the client's connection drops and new ones
 * are refused, so a test decides when a client gets back to a restarted broker.
 */
export class BrokerDoor {
  readonly #server: Server
  readonly #sockets = new Set<Socket>()
  #open = true

  private constructor (server: Server, readonly port: number) {
    this.#server = server
  }

  get url (): string {
    return `mqtt://127.0.0.1:${this.port}`
  }

  static async start (broker: Broker): Promise<BrokerDoor> {
    let door: BrokerDoor | null = null
    const server = createServer((client) => {
      if (door === null || !door.#open) return client.destroy()
      const sockets = door.#sockets
      const upstream = connect({ host: '127.0.0.1', port: broker.port })
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => { client.destroy(); upstream.destroy() })
      }
      client.pipe(upstream).pipe(client)
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    door = new BrokerDoor(server, (server.address() as AddressInfo).port)
    return door
  }

  shut (): void {
    this.#open = false
    for (const socket of this.#sockets) socket.destroy()
  }

  reopen (): void {
    this.#open = true
  }

  async close (): Promise<void> {
    this.shut()
    await new Promise((resolve) => this.#server.close(resolve))
  }
}

/** `mosquitto_pub` one QoS 1 message; rejects when it fails. */
export async function publishWithMosquittoPub (broker: Broker, topic: string, payload: string): Promise<void> {
  const child = spawn(mosquittoPubPath, ['-h', '127.0.0.1', '-p', String(broker.port), '-q', '1', '-t', topic, '-m', payload], { stdio: 'ignore' })
  const [code] = await once(child, 'exit') as [number]
  if (code !== 0) throw new Error(`mosquitto_pub exited with ${code}`)
}

/** A reader that is surely subscribed, retained messages delivered: it has received a probe published after it started. */
export async function subscribedReader (broker: Broker, topic: string, probeTopic: string): Promise<SubReader> {
  const reader = SubReader.start(broker, [topic])
  for (let attempt = 0; !reader.messages.some((m) => m.topic === probeTopic); attempt++) {
    await publishWithMosquittoPub(broker, probeTopic, String(attempt))
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return reader
}

/** The JSON payload of a message. */
export const payloadOf = (message: ReceivedMessage): Record<string, any> => JSON.parse(message.payload) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
