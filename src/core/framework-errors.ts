/**
 * Answers Fastify gives before a route is matched (a URL it cannot decode, a parameter longer than
 * the router takes) or before a request exists at all (bytes the HTTP parser refused). They keep
 * the contract of every other answer, `{ message, code }` with CORS, and the client rules come
 * first, so a remote client without the key learns nothing but 401.
 */
import type { Socket } from 'node:net'
import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { handleError, HubError, type ErrorBodyType } from './errors.js'
import { isLoopbackAddress } from './security.js'

/** Fastify's default; the longest part of a path a route parameter takes. */
export const maxParamLength = 100

type ClientCheck = (request: FastifyRequest, localPagesOnly?: boolean) => void

export function frameworkErrorHandler (checkClient: ClientCheck) {
  return function answerFrameworkError (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    // No onRequest hook runs for these, the CORS plugin's included.
    void reply.header('access-control-allow-origin', '*')
    try {
      checkClient(request, false)
    } catch (refusal) {
      handleError(refusal as HubError, request, reply)
      return
    }
    handleError(ownError(error, request.url), request, reply)
  }
}

/** Fastify's messages quote the whole URL, query included: ours name the path only. */
function ownError (error: FastifyError, url: string): FastifyError | HubError {
  const path = url.split('?')[0] ?? url
  if (error.code === 'FST_ERR_BAD_URL') return new HubError(400, 'INVALID_URL', `${path} is not a valid URL: a percent sign must start a valid escape such as %20`)
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new HubError(414, 'PARAMETER_TOO_LONG', `A part of ${path.slice(0, 120)}... is longer than any name this service knows (${maxParamLength} characters)`)
  return error
}

function parserRefusal (error: NodeJS.ErrnoException, socket: Socket): { status: number, body: ErrorBodyType } {
  if (!isLoopbackAddress(socket.remoteAddress)) return { status: 401, body: { message: 'Requests from other machines must send the API key in X-Api-Key', code: 'API_KEY_REQUIRED' } }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, body: { message: 'The request did not arrive in time', code: 'REQUEST_TIMEOUT' } }
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, body: { message: 'The request headers are too large', code: 'HEADERS_TOO_LARGE' } }
  return { status: 400, body: { message: `The request is not valid HTTP (${error.code ?? 'parse error'})`, code: 'MALFORMED_REQUEST' } }
}

/** Node's `clientError`: the parser refused the bytes, so there is no request to reply to, only the socket. */
export function clientErrorHandler (error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const { status, body } = parserRefusal(error, socket)
  const json = JSON.stringify(body)
  socket.end([
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Access-Control-Allow-Origin: *',
    'Connection: close',
    '',
    json
  ].join('\r\n'))
}
