/**
 * A stand-in for the achievements platform on loopback, answering as the platform does (the
 * fields rcheevos reads), and recording every request exactly as it arrived.
 */
import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

export interface StandInGame {
  readonly hash: string
  readonly token: string
  /** The `PatchData` the stand-in serves for the hash's game. */
  readonly patchData: { readonly ID: number } & Record<string, unknown>
  /** Served for every `/Badge/...` and `/Images/...` path. */
  readonly png: Buffer
}

function answer (fields: URLSearchParams, game: StandInGame): unknown {
  switch (fields.get('r')) {
    case 'login': return { Success: true, User: fields.get('u'), Token: game.token, Score: 120, Messages: 0 }
    case 'gameid': return { Success: true, GameID: fields.get('m') === game.hash ? game.patchData.ID : 0 }
    case 'patch': return { Success: true, PatchData: game.patchData }
    case 'unlocks': return { Success: true, UserUnlocks: [], GameID: game.patchData.ID, HardcoreMode: fields.get('h') === '1' }
    case 'awardachievement': return { Success: true, Score: 125, AchievementID: Number(fields.get('a')), AchievementsRemaining: 0 }
    default: return { Success: true }
  }
}

export class UpstreamStandIn {
  readonly requests: SeenRequest[] = []
  #server: Server | null = null

  constructor (private readonly game: StandInGame) {}

  async start (): Promise<string> {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks)
        this.requests.push({ method: request.method!, url: request.url!, headers: request.headers, body })
        if (/^\/(Badge|Images)\//.test(request.url!)) {
          response.writeHead(200, { 'content-type': 'image/png' }).end(this.game.png)
          return
        }
        const fields = new URLSearchParams(body.toString())
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(fields, this.game)))
      })
    })
    this.#server.listen(0, '127.0.0.1')
    await once(this.#server, 'listening')
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`
  }

  dorequests (): string[] {
    return this.requests.filter((r) => r.url === '/dorequest.php').map((r) => r.body.toString())
  }

  async stop (): Promise<void> {
    this.#server?.closeAllConnections()
    await new Promise((resolve) => this.#server?.close(resolve))
  }
}
