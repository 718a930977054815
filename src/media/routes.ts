import type { Stats } from 'node:fs'
import path from 'node:path'
import send from '@fastify/send'
import type { FastifyRequest } from 'fastify'
import { apiGroups } from '../core/api-groups.js'
import { errorResponses, HubError } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import type { Gamelists } from './gamelists.js'
import { GameCardResponse, GameQuery, GamelistsResponse, GamesQuery, GamesResponse, MediaFileResponse, MediaPathParams, ReindexResponse, SystemParams } from './schemas.js'
import type { LocalMedia } from './service.js'

const tags = [apiGroups.localMedia.name]

/** Media may change in place (a rescrape): clients revalidate after a minute, cheaply thanks to the ETag. */
const maxAgeMs = 60_000

/** An SVG opened by itself is a document of our origin: a theme's file must not run script or load anything there. */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/** Headers that make a request conditional or partial: such requests go to the file sender. */
const validatorHeaders = ['range', 'if-range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since']

const asksForWholeFile = (request: FastifyRequest): boolean => request.method === 'GET' && validatorHeaders.every((name) => request.headers[name] === undefined)

/** Exactly the headers the file sender gives a whole file with the options below, so both ways answer alike. */
function wholeFileHeaders (file: string, stats: Stats): Record<string, string | number> {
  const headers: Record<string, string | number> = {
    'Accept-Ranges': 'bytes',
    'Cache-Control': `public, max-age=${Math.floor(maxAgeMs / 1000)}`,
    'Last-Modified': stats.mtime.toUTCString(),
    ETag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`
  }
  // The sender falls back to mime 1's default_type, which mime 3 no longer has: no type then.
  const type = send.mime.getType(file)
  if (type !== null) headers['Content-Type'] = send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type
  headers['Content-Length'] = stats.size
  return headers
}

export function mediaRoutes (app: HubApp, media: LocalMedia): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/v1/media/*',
    schema: {
      tags,
      summary: 'A media file by its canonical path (ETag/Last-Modified, Range, CORS); 404 for anything not in the index',
      params: MediaPathParams,
      response: { '2xx': MediaFileResponse, ...errorResponses(404, 416) }
    },
    handler: async (request, reply) => {
      const notFound = (): HubError => new HubError(404, 'MEDIA_NOT_FOUND', `No media at ${request.url.split('?')[0]}`)
      const asset = media.servable(request.params['*'])
      if (asset === null) throw notFound()
      if (asset.extension === 'svg') void reply.header('content-security-policy', svgPolicy)
      if (asksForWholeFile(request)) {
        const kept = await media.keptCopy(asset)
        if (kept === 'outside') throw notFound()
        if (kept !== null) return reply.code(200).headers(wholeFileHeaders(asset.file, kept.stats)).send(kept.bytes)
      }
      const result = await send(request.raw, '/' + encodeURIComponent(path.basename(asset.file)), {
        root: path.dirname(asset.file),
        dotfiles: 'allow',
        maxAge: maxAgeMs,
        // On the stat the sender makes anyway, before it opens anything: a file outside the roots is never opened.
        onFile: async (_file, stat) => { if (!await media.stillInside(asset, stat)) throw notFound() }
      })
      if (result.type === 'error') {
        const range = result.headers['Content-Range']
        if (range !== undefined) void reply.header('Content-Range', range)
        if (result.statusCode === 416) throw new HubError(416, 'RANGE_NOT_SATISFIABLE', `The range is outside the ${asset.size} bytes of the file`)
        throw new HubError(404, 'MEDIA_NOT_FOUND', `The file behind ${asset.url} is gone`)
      }
      return reply.code(result.statusCode).headers(result.headers).send(result.stream)
    }
  })

  app.post('/api/v1/media/reindex', {
    schema: { tags, summary: 'Rescan every media source now; the result arrives as media.index.updated', response: { 202: ReindexResponse, ...errorResponses() } }
  }, async (_request, reply) => {
    const files = media.index.counts().files
    void media.rescan('request')
    return reply.code(202).send({ status: 'reindexing' as const, files })
  })
}

export function gamelistRoutes (app: HubApp, gamelists: Gamelists): void {
  app.get('/api/v1/gamelists', {
    schema: { tags, summary: 'Systems with playable games (rom present) and their game counts', response: { 200: GamelistsResponse, ...errorResponses() } }
  }, async () => gamelists.systems())

  app.get('/api/v1/gamelists/:system/games', {
    schema: { tags, summary: 'A page of a system\'s playable games, optionally searched by name or rom', params: SystemParams, querystring: GamesQuery, response: { 200: GamesResponse, ...errorResponses(400, 404) } }
  }, async (request) => {
    const page = await gamelists.games(request.params.system, request.query)
    if (page === null) throw new HubError(404, 'UNKNOWN_SYSTEM', `No gamelist for system ${request.params.system}`)
    return page
  })

  app.get('/api/v1/gamelists/:system/game', {
    schema: { tags, summary: 'One game\'s card with gamelist text and canonical media URLs', params: SystemParams, querystring: GameQuery, response: { 200: GameCardResponse, ...errorResponses(400, 404) } }
  }, async (request) => {
    const card = await gamelists.game(request.params.system, request.query.rom)
    if (card === null) throw new HubError(404, 'UNKNOWN_GAME', `No playable game ${request.query.rom} in system ${request.params.system}`)
    return card
  })
}
