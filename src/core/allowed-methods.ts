/**
 * Which methods a path answers, for 405 Method Not Allowed and its `Allow` header. The router is
 * asked directly, so the answer follows its rules (case-insensitive paths, trailing slash,
 * parameters and wildcards) and every route a module adds.
 */
import { METHODS } from 'node:http'
import type { FastifyInstance, HTTPMethods } from 'fastify'

/**
 * The methods with a route for `path` (no query string), in alphabetical order; empty when the
 * path has none. CORS answers OPTIONS on every path (preflights), so OPTIONS alone does not make
 * a path known, but it is listed beside the others: it really answers there.
 */
export function allowedMethods (server: FastifyInstance, path: string): string[] {
  const routed = METHODS.filter((method) => server.findRoute({ method: method as HTTPMethods, url: path }) !== null)
  return routed.some((method) => method !== 'OPTIONS') ? routed : []
}
