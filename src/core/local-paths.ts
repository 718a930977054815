/**
 * Absolute paths of this machine (rom files, media, data dir) are for this machine's programs and
 * pages: a page of another origin gets the same answers and events with each such path cut to
 * its last segment (`/roms/mame/1943.zip` -> `1943.zip`), so a string stays a string and
 * nothing of the machine's layout leaves it. The service's own URLs (`/api/...`) are kept.
 */

import type { DoneFuncWithErrOrRes, FastifyReply, FastifyRequest } from 'fastify'
import { isForeignPage } from './security.js'

/** `C:\RetroBat\roms`, `\\nas\share\roms`, `/userdata/roms/x.zip`, `file:///...`: never `/api/v1/media/...` or `/ws/...`. */
const localPath = /^(?:[A-Za-z]:[\\/]|\\\\|file:\/\/|\/(?!api\/|ws(?:\/|$)|overlays(?:\/|$)|swagger(?:\/|$))[^/\s]+\/)/

const lastSegment = (text: string): string => text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\')) + 1)

export function isLocalPath (text: string): boolean {
  return localPath.test(text)
}

/** A copy of a JSON value with every local path cut to its last segment; the value itself when it holds none. */
export function withoutLocalPaths (value: unknown): unknown {
  if (typeof value === 'string') return isLocalPath(value) ? lastSegment(value) : value
  if (Array.isArray(value)) return value.map(withoutLocalPaths)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutLocalPaths(item)]))
  }
  return value
}

/** The same for serialized JSON (a frame, a response body). */
export function jsonWithoutLocalPaths (json: string): string {
  return JSON.stringify(withoutLocalPaths(JSON.parse(json)))
}

/** onSend, as a callback hook (see securityHook): JSON answers to a page of another origin lose their local paths. */
export function localPathsForLocalPages (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: DoneFuncWithErrOrRes): void {
  if (typeof payload !== 'string' || !isForeignPage(request)) done(null, payload)
  else done(null, String(reply.getHeader('content-type') ?? '').startsWith('application/json') ? jsonWithoutLocalPaths(payload) : payload)
}
