/**
 * A small stand-in for the ES web API (design.md §5 contract, as the simulated frontend serves
 * it): records launches, notifications, reloads and simulator inputs, lists systems and games,
 * answers /caps and an idle /runningGame with 201.
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'

export interface FakeEs {
  readonly url: string
  /** Bodies of every POST /launch, in order. */
  readonly launches: string[]
  /** Status and body the next launches answer with. */
  launchAnswer: { status: number, body: string }
  systems: Array<Record<string, string>>
  /** Visible games by system, as `GET /systems/{s}/games` lists them. */
  games: Record<string, Array<{ path: string, name: string }>>
  /** Every `POST /sim/input` input, `POST /notify` body and `GET /reloadgames`, in order. */
  readonly calls: string[]
  /** Called for each simulator input after it is recorded (tests fire the hooks a frontend would). */
  onInput: (input: string) => void
  /** The game `GET /runningGame` reports (200 and the game), or null (201 NO GAME RUNNING). */
  running: { path: string, name: string } | null
  close (): Promise<void>
}

export async function startFakeEs (): Promise<FakeEs> {
  const state = {
    launches: [] as string[],
    launchAnswer: { status: 200, body: 'OK' },
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
      const send = (status: number, body: string, type = 'text/plain'): void => {
        response.writeHead(status, { 'content-type': type })
        response.end(body)
      }
      if (route === 'POST /launch') {
        state.launches.push(Buffer.concat(chunks).toString('utf8'))
        send(state.launchAnswer.status, state.launchAnswer.body)
      } else if (route === 'GET /systems') send(200, JSON.stringify(state.systems), 'application/json')
      else if (route === 'GET /caps') send(200, '{}', 'application/json')
      else if (route === 'POST /sim/input') {
        const { input } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string }
        state.calls.push(`input ${input}`)
        state.onInput(input)
        send(204, '')
      } else if (route === 'POST /notify') {
        state.calls.push(`notify ${Buffer.concat(chunks).toString('utf8')}`)
        send(200, 'OK')
      } else if (route === 'GET /reloadgames') {
        state.calls.push('reloadgames')
        send(200, 'OK')
      } else if (request.method === 'GET' && /^\/systems\/[^/]+\/games$/.test(request.url ?? '')) {
        const system = decodeURIComponent((request.url ?? '').split('/')[2]!)
        send(200, JSON.stringify(state.games[system] ?? []), 'application/json')
      }
      else if (route === 'GET /runningGame') {
        if (state.running === null) send(201, '{"msg":"NO GAME RUNNING"}', 'application/json')
        else send(200, JSON.stringify({ id: 'x', ...state.running }), 'application/json')
      }
      else send(404, 'not found')
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const port = (server.address() as { port: number }).port
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    }
  })
}
