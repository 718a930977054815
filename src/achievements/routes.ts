/**
 * Routes of the achievements host: the platform's own paths RetroArch calls (`/dorequest.php`,
 * `/Badge/...`, `/Images/...`, `/UserPic/...`) and the REST view under `/api/achievements/`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { apiGroups } from '../core/api-groups.js'
import { errorResponses, HubError, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import { mediaFolders, type MediaCategory } from './media.js'
import { MediaParams, PatchData, PlatformAnswer, PlatformImageParams, SessionResponse, SetParams, SetResponse, StatusResponse } from './schemas.js'
import type { AchievementsService } from './service.js'
import { formFields, type HostAnswer } from './wire.js'

const tags = [apiGroups.gameEvents.name]
const png = { description: 'A PNG image.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } }

function send (reply: FastifyReply, answer: HostAnswer): FastifyReply {
  if (answer.location !== undefined) void reply.header('location', answer.location)
  return reply.code(answer.status).type(answer.contentType).send(answer.body)
}

/**
 * What a GET may ask: RetroArch (rcheevos) posts every request, so a GET is a page's `<img src>` or
 * a person at a browser; it may read, never award, submit, log in or start a session.
 */
const readOnlyRequests = new Set(['gameid', 'patch', 'unlocks'])

const rawQuery = (request: FastifyRequest): string => {
  const at = request.url.indexOf('?')
  return at < 0 ? '' : request.url.slice(at + 1)
}

export function achievementsRoutes (app: HubApp, service: AchievementsService, enabled: boolean): void {
  // RetroArch posts its fields as a form; the proxy forwards the bytes exactly as they came.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => { done(null, body) })

  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const body = Buffer.isBuffer(request.body) ? request.body : null
    const query = rawQuery(request)
    const method = request.method === 'POST' ? 'POST' : 'GET'
    const fields = formFields(query, body)
    const kind = fields.get('r') ?? ''
    if (method === 'GET' && !readOnlyRequests.has(kind)) {
      void reply.header('allow', 'POST')
      throw new HubError(405, 'POST_REQUIRED', `r=${kind === '' ? '(none)' : kind} changes state and is taken by POST only; a GET may ask ${[...readOnlyRequests].join(', ')}`)
    }
    const answer = await service.request({
      method,
      query,
      body,
      contentType: request.headers['content-type'] ?? null,
      userAgent: request.headers['user-agent'] ?? null,
      fields
    })
    return send(reply, answer)
  }
  const programsOnly = { programsOnly: true }
  app.post('/dorequest.php', {
    config: programsOnly,
    schema: {
      tags,
      summary: 'The achievements platform\'s request endpoint, for RetroArch (cheevos_custom_host): forwarded to the upstream (proxy) or answered from local sets',
      description: 'Form fields `r` (login, gameid, patch, unlocks, startsession, postactivity, ping, awardachievement, submitlbentry ...), `u`, `p`, `t`, `g`, `m`, `a`, `h` as the platform defines them. A GET with the fields in the query is answered for the reads `gameid`, `patch` and `unlocks` only (405 `POST_REQUIRED` otherwise) and is not followed by the session. Programs only: a request with `Sec-Fetch-Site: cross-site|same-site`, or the Origin or Referer of a page of another site, gets 403 whatever its method. Passwords and tokens are forwarded but never logged, published or stored.',
      response: { 200: PlatformAnswer, ...errorResponses(403, 404, 415, 502) }
    }
  }, forward)
  // The platform reads the fields from the query too; documented once, on the POST RetroArch uses.
  app.get('/dorequest.php', { config: programsOnly, schema: { hide: true } }, forward)

  for (const [category, folder] of Object.entries(mediaFolders) as Array<[MediaCategory, string]>) {
    app.get(`/${folder}/:file`, {
      config: programsOnly,
      schema: { tags, summary: `An achievements image RetroArch asks for (${folder}): cached, else from the upstream (proxy); programs only (403 for a page of another site)`, params: PlatformImageParams, response: { 200: png, ...errorResponses(403, 404, 502) } }
    }, async (request, reply) => {
      const answer = await service.image({ category, file: request.params.file }, request.headers['user-agent'] ?? null)
      if (answer === null) throw new HubError(404, 'MEDIA_NOT_FOUND', `No achievements image ${folder}/${request.params.file}`)
      return send(reply, answer)
    })
  }

  app.get('/api/achievements/status', {
    schema: { tags, summary: 'Achievements host: mode, upstream, link and the last request', response: { 200: StatusResponse, ...errorResponses(404) } }
  }, async (request) => service.status(enabled, `ws://${request.host}/ws/achievements`))

  app.get('/api/achievements/session', {
    schema: { tags, summary: 'The live achievements session (game, catalog, unlocks, hardcore, rich presence); the empty session when none runs', response: { 200: SessionResponse, ...errorResponses(404) } }
  }, async () => service.model.snapshot())

  app.get('/api/achievements/media/:category/:file', {
    schema: { tags, summary: 'A cached achievements image (badges, game icons)', params: MediaParams, response: { 200: png, ...errorResponses(404) } }
  }, async (request, reply) => reply.type('image/png').header('cache-control', 'public, max-age=86400').send(await service.media(request.params)))

  app.put('/api/achievements/sets/:hash', {
    schema: {
      tags,
      summary: 'Install the achievement set a local host serves for a content hash',
      params: SetParams,
      body: PatchData,
      response: { 200: SetResponse, ...errorResponses(...jsonBodyErrors, 404) }
    }
  }, async (request) => {
    const installed = await service.installSet(request.params.hash, request.body)
    return { hash: installed.hash, gameId: installed.set.ID, title: installed.set.Title, achievementCount: installed.set.Achievements.length, leaderboardCount: installed.set.Leaderboards?.length ?? 0, file: installed.file }
  })
}

