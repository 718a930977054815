/**
 * One error shape for every REST response: `{ message, code }` with a stable upper-snake code.
 */
import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { Type, type Static, type TObject } from 'typebox'
import { allowedMethods } from './allowed-methods.js'
import { isStorageFullError } from './storage/database.js'

export const ErrorBody = Type.Object({
  message: Type.String({ description: 'What went wrong, for a person.' }),
  code: Type.String({ description: 'Stable upper-snake error code, such as NOT_FOUND.' })
}, { description: 'Error: { message, code }.' })

export type ErrorBodyType = Static<typeof ErrorBody>

export class HubError extends Error {
  /** `details`: further fields of the error body, for a caller that must know what was done before it failed. */
  constructor (readonly statusCode: number, readonly code: string, message: string, readonly details: Readonly<Record<string, unknown>> = {}) {
    super(message)
    this.name = 'HubError'
  }
}

const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_CONTENT_LENGTH'
}

function codeForStatus (status: number): string {
  return (STATUS_CODES[status] ?? 'ERROR').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_|_$/g, '')
}

function errorBody (error: FastifyError | HubError): { status: number, body: ErrorBodyType } {
  if (error instanceof HubError) return { status: error.statusCode, body: { ...error.details, message: error.message, code: error.code } }
  if (isStorageFullError(error)) {
    return { status: 507, body: { message: 'The disk of the data dir is full; nothing was changed. Free some space and try again.', code: 'INSUFFICIENT_STORAGE' } }
  }
  if (error.validation !== undefined) {
    return { status: 400, body: { message: error.message, code: 'VALIDATION_ERROR' } }
  }
  const status = error.statusCode ?? 500
  if (status >= 500) return { status, body: { message: 'Internal error; the service log has the details.', code: 'INTERNAL_ERROR' } }
  return { status, body: { message: error.message, code: fastifyCodes[error.code] ?? codeForStatus(status) } }
}

/**
 * The URL with credential query parameters replaced, for logs: the API key a browser WebSocket
 * sends in the query, and the password (`p`) and token (`t`) of a GET to the achievements host,
 * never reach a log line.
 */
function redactedUrl (url: string): string {
  return url.replace(/([?&](?:apiKey|token|p|t)=)[^&#]*/gi, '$1[redacted]')
}

/**
 * Errors are serialized here, never with the route's response schemas: a schema for a richer
 * error body (or a wildcard like `4xx`) must not turn a plain `{ message, code }` into a 500.
 */
function sendError (reply: FastifyReply, status: number, body: ErrorBodyType): void {
  void reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body)
}

export function handleError (error: FastifyError | HubError, request: FastifyRequest, reply: FastifyReply): void {
  // No route takes this method here: a body check that failed first (QUERY without a Content-Type) changes nothing.
  if (request.is404 && !(error instanceof HubError)) {
    handleNotFound(request, reply)
    return
  }
  const { status, body } = errorBody(error)
  // 501 is an answer the service chose (the frontend cannot do that), not a fault: one line, no stack.
  if (status >= 500 && !(error instanceof HubError && status === 501)) request.log.error({ reqId: request.id, err: error }, 'request failed')
  else request.log.info({ reqId: request.id, code: body.code, url: redactedUrl(request.url) }, body.message)
  sendError(reply, status, body)
}

/** 405 with `Allow` when the path exists for other methods, else 404. */
export function handleNotFound (request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0] ?? request.url
  const allowed = allowedMethods(request.server, path)
  if (allowed.length === 0) {
    sendError(reply, 404, { message: `No route ${request.method} ${path}`, code: 'NOT_FOUND' })
    return
  }
  void reply.header('allow', allowed.join(', '))
  sendError(reply, 405, { message: `${request.method} is not supported on ${path}; it answers ${allowed.join(', ')}`, code: 'METHOD_NOT_ALLOWED' })
}

/** What any route with a JSON body can answer besides its own errors: malformed or too deeply nested JSON (400), too large (413), not JSON (415). */
export const jsonBodyErrors = [400, 413, 415] as const

/**
 * The answers any route can give before its handler runs, each documented with a body the service
 * really sends (test/core/docs.test.ts provokes every one and compares).
 */
const answersOfEveryRoute: Record<number, { description: string, example: ErrorBodyType }> = {
  400: {
    description: 'INVALID_URL: a percent sign in the URL does not start a valid escape; VALIDATION_ERROR: a parameter or body the route refuses (the message names it).',
    example: { message: '/api/v1/media/%zz is not a valid URL: a percent sign must start a valid escape such as %20', code: 'INVALID_URL' }
  },
  401: {
    description: 'API_KEY_REQUIRED: a client on another machine without the API key (X-Api-Key).',
    example: { message: 'Requests from other machines must send the API key in X-Api-Key', code: 'API_KEY_REQUIRED' }
  },
  403: {
    description: 'ORIGIN_NOT_ALLOWED: a web page of an origin --allowed-origins leaves out; CROSS_ORIGIN_FORBIDDEN: a page of another origin tried to change state or read this machine\'s paths.',
    example: { message: 'The web page origin "https://overlay.example" is not in --allowed-origins', code: 'ORIGIN_NOT_ALLOWED' }
  },
  414: {
    description: 'PARAMETER_TOO_LONG: a part of the path is longer than any name this service knows.',
    example: { message: `A part of /api/v1/gamelists/${'x'.repeat(102)}... is longer than any name this service knows (100 characters)`, code: 'PARAMETER_TOO_LONG' }
  },
  421: {
    description: 'MISDIRECTED_HOST: a Host header that is neither loopback, --host nor in --allowed-hosts (DNS rebinding).',
    example: { message: 'Host "rebind.example" is not served here; use 127.0.0.1 or localhost, or add it to allowedHosts', code: 'MISDIRECTED_HOST' }
  }
}

/** The error body documented for one status: with its true example when every route can give it. */
export function errorBodyFor (status: number): TObject<typeof ErrorBody.properties> {
  const answer = answersOfEveryRoute[status]
  if (answer === undefined) return ErrorBody
  return Type.Object(ErrorBody.properties, { description: `Error: { message, code }. ${answer.description}`, examples: [answer.example] })
}

/**
 * Error responses for a route's OpenAPI entry. Some answers can come from any route: 400 (a URL
 * that is not valid percent-encoding), 401 (remote client without the API key), 403 (a web page
 * of an origin --allowed-origins leaves out) and 421 (foreign Host header), so every route lists them.
 */
export function errorResponses (...statuses: number[]): Record<number, TObject<typeof ErrorBody.properties>> {
  return Object.fromEntries([...new Set([...statuses, 400, 401, 403, 421])].sort().map((s) => [s, errorBodyFor(s)]))
}
