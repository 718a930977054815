/**
 * JSON request bodies: Fastify's own parser (same errors, same prototype-poisoning checks),
 * behind a nesting limit. A body nested 100,000 deep parses, then overflows the stack of whatever
 * walks it next (serializing an event does), which would answer 500 to a caller's mistake.
 */
import type { FastifyBodyParser } from 'fastify'
import { HubError } from './errors.js'
import type { HubApp } from './module.js'

/** Deepest nesting of arrays and objects a JSON body may have; real bodies stay under 10 levels. */
export const maxJsonDepth = 64

const quote = 0x22
const backslash = 0x5c
const openers = new Set([0x7b, 0x5b]) // { [
const closers = new Set([0x7d, 0x5d]) // } ]

/**
 * true when `text` nests arrays and objects deeper than `limit`. Brackets inside strings do not
 * count. A scan of the text, so a deep body is refused before anything recurses into it.
 */
export function nestedDeeperThan (text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === backslash) i++
      else if (c === quote) inString = false
    } else if (c === quote) {
      inString = true
    } else if (openers.has(c)) {
      if (++depth > limit) return true
    } else if (closers.has(c)) {
      depth--
    }
  }
  return false
}

function tooDeepError (): HubError {
  return new HubError(400, 'JSON_TOO_DEEP', `JSON bodies may nest arrays and objects at most ${maxJsonDepth} levels deep`)
}

/** Replaces the application/json parser of `app` (and every scope under it) with the depth-limited one. */
export function useDepthLimitedJson (app: HubApp): void {
  // Fastify's defaults: a body with __proto__ or constructor.prototype is refused.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  const parseLimited: FastifyBodyParser<string> = (request, body, done) => {
    if (nestedDeeperThan(body, maxJsonDepth)) {
      done(tooDeepError(), undefined)
      return
    }
    parseJson(request, body, done)
  }
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseLimited)
}
