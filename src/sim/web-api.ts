/**
 * The ES web API ("PublicWebAccess" server, Batocera's HttpServerThread.cpp) over a
 * FrontendSimulator: ES's status codes, its `text/html` error texts, empty 200s without a
 * Content-Type, its pretty-printed JSON; plus the simulator's own `/sim/*` routes.
 */
import { readFile } from 'node:fs/promises'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import type { Logger } from 'pino'
import { capsEntries, esArray, esObject, gameEntries, mediaFile, mimeType, systemEntries } from './es-json.js'
import { isSimInput, simInputs, type SimInput } from './navigator.js'
import type { FrontendSimulator } from './simulator.js'

export interface WebApiOptions {
  readonly simulator: FrontendSimulator
  /** `GET /quit` was answered: the frontend should quit. */
  readonly onQuit: () => void
  /** What `/caps` says as `Version` (Batocera answers its version, e.g. "42"). */
  readonly version: string
  readonly logger: Logger
}

/** ES's error answers: a short text sent as text/html. */
function sendError (reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type('text/html').send(text)
}

/** JSON text as ES sends it: `application/json` without a charset (sent as bytes so Fastify adds none). */
function sendJson (reply: FastifyReply, json: string, status = 200): FastifyReply {
  return reply.code(status).type('application/json').send(Buffer.from(json))
}

/** A handler that sets no content: 200, empty body, no Content-Type (as cpp-httplib sends it). */
function sendEmpty (reply: FastifyReply): FastifyReply {
  return reply.code(200).send()
}

async function sendFile (reply: FastifyReply, file: string | null, notFound: string): Promise<FastifyReply> {
  const bytes = file === null ? null : await readFile(file).catch(() => null)
  if (file === null || bytes === null) return sendError(reply, 404, notFound)
  return reply.type(mimeType(file)).send(bytes)
}

function bodyText (body: unknown): string {
  if (typeof body === 'string') return body
  if (Buffer.isBuffer(body)) return body.toString('utf8')
  return ''
}

const indexHtml = '<html><head><title>EmulationStation</title></head><body><h1>EmulationStation (simulated)</h1></body></html>'

function esRoutes (app: FastifyInstance, { simulator, onQuit, version, logger }: WebApiOptions): void {
  app.get('/', async (_request, reply) => reply.redirect('/index.html', 302))
  app.get('/index.html', async (_request, reply) => reply.type('text/html').send(indexHtml))
  app.get('/caps', async (_request, reply) => sendJson(reply, esObject(capsEntries(version))))
  app.get('/systems', async (_request, reply) => sendJson(reply, esArray(simulator.systems.map(systemEntries))))
  app.get<{ Params: { system: string } }>('/systems/:system', async (request, reply) => {
    const system = simulator.findSystem(request.params.system)
    return system === undefined ? sendError(reply, 404, '404 not found') : sendJson(reply, esObject(systemEntries(system)))
  })
  app.get<{ Params: { system: string } }>('/systems/:system/logo', async (request, reply) => {
    return sendFile(reply, simulator.findSystem(request.params.system)?.logoFile ?? null, '404 not found')
  })
  app.get<{ Params: { system: string } }>('/systems/:system/games', async (request, reply) => {
    const system = simulator.findSystem(request.params.system)
    return system === undefined ? sendError(reply, 404, '404 system not found') : sendJson(reply, esArray(system.listedGames.map(gameEntries)))
  })
  app.get<{ Params: { system: string, id: string } }>('/systems/:system/games/:id', async (request, reply) => {
    const game = simulator.findSystem(request.params.system)?.listedGames.find((candidate) => candidate.id === request.params.id)
    return game === undefined ? sendError(reply, 404, '404 game not found') : sendJson(reply, esObject(gameEntries(game)))
  })
  app.get<{ Params: { system: string, id: string, media: string } }>('/systems/:system/games/:id/media/:media', async (request, reply) => {
    const game = simulator.findSystem(request.params.system)?.listedGames.find((candidate) => candidate.id === request.params.id)
    return sendFile(reply, game === undefined ? null : mediaFile(game, request.params.media), '404 media not found')
  })

  app.get('/runningGame', async (_request, reply) => {
    const running = simulator.running
    return running === null ? sendJson(reply, '{"msg":"NO GAME RUNNING"}', 201) : sendJson(reply, esObject(gameEntries(running)))
  })
  app.get('/isIdle', async (_request, reply) => simulator.running === null ? sendJson(reply, '[ true ]') : sendJson(reply, '[ false ]', 201))

  app.post('/launch', async (request, reply) => {
    const body = bodyText(request.body)
    if (body === '') return sendError(reply, 400, '400 bad request - body is missing')
    simulator.launch(body)
    return sendEmpty(reply)
  })
  for (const kind of ['notify', 'messagebox'] as const) {
    app.post(`/${kind}`, async (request, reply) => {
      const message = bodyText(request.body)
      if (message === '') return sendError(reply, 400, '400 bad request - body is missing')
      simulator.receiveMessage(kind, message)
      return sendEmpty(reply)
    })
  }
  app.get('/reloadgames', async (_request, reply) => {
    // ES answers at once and reloads on its UI thread afterwards.
    setImmediate(() => {
      simulator.reloadGames().catch((error: Error) => logger.error({ err: error }, 'simulated reload failed'))
    })
    return sendEmpty(reply)
  })
  app.get('/emukill', async (_request, reply) => {
    await simulator.emuKill()
    return sendEmpty(reply)
  })
  app.get('/quit', async (_request, reply) => {
    reply.raw.once('finish', onQuit)
    return sendEmpty(reply)
  })
}

/** What the simulator's own routes drive: the ES simulator, or another family's. */
export interface SimRoutesTarget {
  press (input: SimInput): void
  startScreensaver (): void
  state (): unknown
}

/** The simulator's own `/sim/*` routes (inputs, screensaver, state), which no real frontend has. */
export function simulatorRoutes (app: FastifyInstance, { simulator }: { readonly simulator: SimRoutesTarget }): void {
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
  app.post('/sim/screensaver', async (_request, reply) => {
    simulator.startScreensaver()
    return reply.code(204).send()
  })
  app.get('/sim/state', async () => simulator.state())
}

export function buildWebApi (options: WebApiOptions): FastifyInstance {
  // A stopping frontend drops its connections at once, as a quitting ES does.
  const app = Fastify({ logger: false, forceCloseConnections: true })
  // ES reads every POST body as text whatever its Content-Type (clients send text/plain, but not all).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  // cpp-httplib answers a route nobody handles with a bare 404: no body, no Content-Type.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send())
  app.setErrorHandler((error: { statusCode?: number, message: string }, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) options.logger.error({ err: error }, 'simulated frontend request failed')
    return sendError(reply, status, `${status} ${status === 500 ? 'internal error' : error.message}`)
  })
  esRoutes(app, options)
  simulatorRoutes(app, options)
  return app
}
