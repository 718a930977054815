/**
 * The ES web API ("PublicWebAccess" server) over a FrontendSimulator, with ES's status codes and
 * text bodies, plus the simulator's own `/sim/input` and `/sim/state`.
 */
import { readFile } from 'node:fs/promises'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import type { Logger } from 'pino'
import { gameJson, mediaFile, mimeType, systemJson } from './es-json.js'
import { isSimInput, simInputs } from './navigator.js'
import type { FrontendSimulator } from './simulator.js'

export interface WebApiOptions {
  readonly simulator: FrontendSimulator
  /** `GET /quit` was called: the quit hook is queued, the frontend should stop serving. */
  readonly onQuit: () => void
  readonly version: string
  readonly logger: Logger
}

function sendText (reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(text)
}

async function sendFile (reply: FastifyReply, file: string | null, notFound: string): Promise<FastifyReply> {
  const bytes = file === null ? null : await readFile(file).catch(() => null)
  if (file === null || bytes === null) return sendText(reply, 404, notFound)
  return reply.type(mimeType(file)).send(bytes)
}

function bodyText (body: unknown): string {
  if (typeof body === 'string') return body
  if (Buffer.isBuffer(body)) return body.toString('utf8')
  return ''
}

export function buildWebApi ({ simulator, onQuit, version, logger }: WebApiOptions): FastifyInstance {
  // A stopping frontend drops its connections at once, as a quitting ES does.
  const app = Fastify({ logger: false, forceCloseConnections: true })
  // ES reads every POST body as text whatever its Content-Type (clients send text/plain, but not all).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  app.setNotFoundHandler((_request, reply) => sendText(reply, 404, '404 not found'))
  app.setErrorHandler((error: { statusCode?: number, message: string }, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) logger.error({ err: error }, 'simulated frontend request failed')
    return sendText(reply, status, status === 500 ? '500 internal error' : `${status} ${error.message}`)
  })

  app.get('/caps', async () => ({ Version: version, Frontend: 'cabinet-hub simulated EmulationStation', Simulator: true }))
  app.get('/systems', async () => simulator.systems.map(systemJson))
  app.get<{ Params: { system: string } }>('/systems/:system', async (request, reply) => {
    const system = simulator.findSystem(request.params.system)
    return system === undefined ? sendText(reply, 404, '404 not found') : systemJson(system)
  })
  app.get<{ Params: { system: string } }>('/systems/:system/logo', async (request, reply) => {
    const file = simulator.findSystem(request.params.system)?.logoFile ?? null
    return sendFile(reply, file, '404 not found')
  })
  app.get<{ Params: { system: string } }>('/systems/:system/games', async (request, reply) => {
    const system = simulator.findSystem(request.params.system)
    return system === undefined ? sendText(reply, 404, '404 system not found') : system.games.map(gameJson)
  })
  app.get<{ Params: { system: string, id: string } }>('/systems/:system/games/:id', async (request, reply) => {
    const game = simulator.findSystem(request.params.system)?.games.find((candidate) => candidate.id === request.params.id)
    return game === undefined ? sendText(reply, 404, '404 game not found') : gameJson(game)
  })
  app.get<{ Params: { system: string, id: string, media: string } }>('/systems/:system/games/:id/media/:media', async (request, reply) => {
    const game = simulator.findSystem(request.params.system)?.games.find((candidate) => candidate.id === request.params.id)
    return sendFile(reply, game === undefined ? null : mediaFile(game, request.params.media), '404 media not found')
  })

  app.get('/runningGame', async (_request, reply) => {
    const running = simulator.running
    return running === null ? reply.code(201).send({ msg: 'NO GAME RUNNING' }) : gameJson(running)
  })
  app.get('/isIdle', async (_request, reply) => simulator.running === null ? reply.code(200).send([true]) : reply.code(201).send([false]))

  app.post('/launch', async (request, reply) => {
    const romPath = bodyText(request.body)
    if (romPath.trim() === '') return sendText(reply, 400, '400 bad request - body is missing')
    switch (simulator.launch(romPath)) {
      case 'started': return sendText(reply, 200, '')
      case 'busy': return sendText(reply, 409, '409 a game is already running')
      case 'not-found': return sendText(reply, 404, '404 game not found')
    }
  })
  for (const kind of ['notify', 'messagebox'] as const) {
    app.post(`/${kind}`, async (request, reply) => {
      const message = bodyText(request.body)
      if (message.trim() === '') return sendText(reply, 400, '400 bad request - body is missing')
      simulator.receiveMessage(kind, message)
      return sendText(reply, 200, '')
    })
  }
  app.get('/reloadgames', async (_request, reply) => {
    await simulator.loadGames()
    return sendText(reply, 200, '')
  })
  app.get('/emukill', async (_request, reply) => {
    simulator.endGame()
    return sendText(reply, 200, '')
  })
  app.get('/quit', async (_request, reply) => {
    simulator.fire('quit')
    reply.raw.once('finish', onQuit)
    return sendText(reply, 200, '')
  })

  app.post('/sim/input', async (request, reply) => {
    let input: unknown
    try {
      input = (JSON.parse(bodyText(request.body)) as { input?: unknown } | null)?.input
    } catch {
      return reply.code(400).send({ message: 'body must be JSON like {"input":"down"}', code: 'BAD_JSON' })
    }
    if (!isSimInput(input)) return reply.code(400).send({ message: `input must be one of ${simInputs.join(', ')}`, code: 'UNKNOWN_INPUT' })
    simulator.press(input)
    return reply.code(204).send()
  })
  app.get('/sim/state', async () => simulator.state())
  return app
}
