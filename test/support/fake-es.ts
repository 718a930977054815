/**
 * A small stand-in for the ES web API that answers as the simulated frontend (and so Batocera's
 * ES) does where they overlap: records launches, notifications, reloads and simulator inputs,
 * lists systems and games, answers /caps, /isIdle and an idle /runningGame. Like ES: errors are
 * text/html, a handled request with nothing to say is an empty 200 without a Content-Type, a route
 * nobody handles is a bare 404. It answers in process (test/support/in-process-http.ts) unless it
 * is asked to listen, for a client other than the service's node:http (fetch, a program).
 */
import { once } from 'node:events'
import { createServer, type ServerResponse, type Server } from 'node:http'
import { serveInProcess } from './in-process-http.js'

export interface FakeEs {
  readonly url: string
  /** Bodies of every POST /launch, in order. */
  readonly launches: string[]
  /** Status and body the next launches answer with (ES: an empty 200, whatever the path). */
  launchAnswer: { status: number, body: string }
  systems: Array<Record<string, string>>
  /** Visible games by system, as `GET /systems/{s}/games` lists them. */
  games: Record<string, Array<{ path: string, name: string }>>
  /** Every `POST /sim/input` input, `POST /notify` and `POST /messagebox` body and `GET /reloadgames`, in order. */
  readonly calls: string[]
  /** Called for each simulator input after it is recorded (tests fire the hooks a frontend would). */
  onInput: (input: string) => void
  /** The game `GET /runningGame` reports (200 and the game), or null (201 NO GAME RUNNING). */
  running: { path: string, name: string } | null
  close (): Promise<void>
}

function send (response: ServerResponse, status: number, body = '', type?: string): void {
  response.writeHead(status, type === undefined ? {} : { 'content-type': type })
  response.end(body)
}

function sendJson (response: ServerResponse, json: unknown, status = 200): void {
  send(response, status, JSON.stringify(json), 'application/json')
}

async function listenOnLoopback (server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

export async function startFakeEs ({ listen = false } = {}): Promise<FakeEs> {
  const state = {
    launches: [] as string[],
    launchAnswer: { status: 200, body: '' },
    games: {} as Record<string, Array<{ path: string, name: string }>>,
    calls: [] as string[],
    onInput: (_input: string) => {},
    running: null as { path: string, name: string } | null,
    systems: [{ name: 'mame', fullname: 'Arcade (from ES)' }, { name: 'n64', fullname: 'Nintendo 64', manufacturer: 'Nintendo' }] as Array<Record<string, string>>
  }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      const route = `${request.method ?? ''} ${request.url ?? ''}`
      const body = Buffer.concat(chunks).toString('utf8')
      if (route === 'POST /launch') {
        if (body === '') return send(response, 400, '400 bad request - body is missing', 'text/html')
        state.launches.push(body)
        const { status, body: answer } = state.launchAnswer
        return send(response, status, answer, answer === '' ? undefined : 'text/html')
      }
      if (route === 'GET /systems') return sendJson(response, state.systems)
      if (route === 'GET /caps') return sendJson(response, { Version: '42', SortName: false })
      if (route === 'POST /sim/input') {
        const { input } = JSON.parse(body) as { input: string }
        state.calls.push(`input ${input}`)
        state.onInput(input)
        return send(response, 204)
      }
      if (route === 'POST /notify' || route === 'POST /messagebox') {
        if (body === '') return send(response, 400, '400 bad request - body is missing', 'text/html')
        state.calls.push(`${route.slice('POST /'.length)} ${body}`)
        return send(response, 200)
      }
      if (route === 'GET /reloadgames') {
        state.calls.push('reloadgames')
        return send(response, 200)
      }
      if (request.method === 'GET' && /^\/systems\/[^/]+\/games$/.test(request.url ?? '')) {
        const system = decodeURIComponent((request.url ?? '').split('/')[2]!)
        const known = system in state.games || state.systems.some((listed) => listed.name === system)
        return known ? sendJson(response, state.games[system] ?? []) : send(response, 404, '404 system not found', 'text/html')
      }
      if (route === 'GET /runningGame') return state.running === null ? sendJson(response, { msg: 'NO GAME RUNNING' }, 201) : sendJson(response, { id: 'x', ...state.running })
      if (route === 'GET /isIdle') return state.running === null ? sendJson(response, [true]) : sendJson(response, [false], 201)
      send(response, 404)
    })
  })
  return Object.assign(state, {
    url: listen ? await listenOnLoopback(server) : serveInProcess(server, 'fake-es'),
    close: async () => {
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    }
  })
}
