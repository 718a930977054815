/**
 * The public records API (spec §4.4: read-only, no auth, CORS * on every answer like every
 * route of the service), the loopback-only intake of records, and the partner leaderboard.
 */
import { Type, type Static } from 'typebox'
import { apiGroups } from '../core/api-groups.js'
import { errorResponses, HubError, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import { loopbackOnly } from '../core/security.js'
import type { LeaderboardService } from './leaderboard/service.js'
import type { RecordsHome } from './records-home.js'
import { AnchorsResponse, IndexResponse, LeaderboardQuery, LeaderboardResponse, ProofResponse, RecordBody, RecordCreated } from './schemas.js'

const tags = [apiGroups.gameEvents.name]
const noStore = 'no-store'

export interface RecordsRoutesDeps {
  readonly home: RecordsHome
  readonly leaderboard: LeaderboardService
  /** Called after a record was admitted. */
  readonly admitted: () => void
}

/** The published documents take no query: an unknown parameter is a caller's mistake (400), as on every other route. */
const NoQuery = Type.Object({}, { additionalProperties: false })

export function recordsRoutes (app: HubApp, { home, leaderboard, admitted }: RecordsRoutesDeps): void {
  app.get('/api/v1/scores/index', {
    config: { publicRead: true },
    schema: { tags, summary: 'The signed index of this cabinet\'s records (public, read-only)', querystring: NoQuery, response: { 200: IndexResponse, ...errorResponses(400, 404) } }
  }, async (_request, reply) => {
    // Sent exactly as the file holds it (even a record changed behind our back): a response
    // serializer would drop or coerce what the schema does not expect, and verifiers must see it.
    const body = await home.index() as unknown as Static<typeof IndexResponse>
    return reply.header('cache-control', noStore).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body)
  })

  app.get('/api/v1/scores/anchors', {
    config: { publicRead: true },
    schema: { tags, summary: 'Anchored roots by generation (public, read-only)', querystring: NoQuery, response: { 200: AnchorsResponse, ...errorResponses(400, 404) } }
  }, async (_request, reply) => reply.header('cache-control', noStore).send({ anchors: await home.anchors.list() }))

  app.get('/api/v1/scores/anchor-proof', {
    config: { publicRead: true },
    schema: {
      tags,
      summary: 'The OpenTimestamps proof of one generation, base64 (public, read-only)',
      querystring: Type.Object({ generation: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Generation number.' }) }, { additionalProperties: false }),
      response: { 200: ProofResponse, ...errorResponses(400, 404) }
    }
  }, async (request) => {
    const proof = await home.proof(request.query.generation)
    if (proof === null) throw new HubError(404, 'UNKNOWN_GENERATION', `No anchored generation ${request.query.generation}; GET /api/v1/scores/anchors lists them`)
    return proof
  })

  app.post('/api/v1/records', {
    preHandler: loopbackOnly,
    schema: {
      tags,
      summary: 'Admit one flat record into the signed index (loopback only; append-only: a withdrawal is a new record)',
      body: RecordBody,
      response: { 201: RecordCreated, ...errorResponses(...jsonBodyErrors, 403, 404, 409, 503) }
    }
  }, async (request, reply) => {
    const head = await home.store.append(request.body)
    admitted()
    return reply.code(201).send({ record: request.body, count: head.count, root: head.root })
  })

  app.get('/api/v1/partner/records/leaderboard', {
    schema: {
      tags,
      summary: 'Top 100 of the game on screen (or ?system=&rom=) from this cabinet and every linked record service whose index verifies',
      querystring: LeaderboardQuery,
      response: { 200: LeaderboardResponse, ...errorResponses(400, 404, 409) }
    }
  }, async (request) => {
    const { system, rom } = request.query
    if ((system === undefined) !== (rom === undefined)) throw new HubError(400, 'VALIDATION_ERROR', `querystring/${system === undefined ? 'system' : 'rom'} is required with querystring/${system === undefined ? 'rom' : 'system'}`)
    const screen = leaderboard.screen
    if (system !== undefined && rom !== undefined) return leaderboard.build({ system, rom }, screen?.system === system && screen.rom === rom ? screen.name : null)
    if (screen === null) throw new HubError(400, 'NO_GAME', 'No game is on screen; name one with ?system=&rom=')
    return leaderboard.build(screen, screen.name)
  })
}
