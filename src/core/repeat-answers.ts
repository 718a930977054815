/**
 * Answers that never change for a given URL and Host (liveness, the stream list) are polled by
 * monitors and read by every client as it connects. Fastify's request path (routing, the hooks
 * of every route, the reply's hooks) costs a third more CPU than answering them outright, so the
 * server answers a repeat of such a request from the bytes Fastify sent for it the first time.
 *
 * Only a plain read from this machine is answered so: a GET with no query, no body and no sign of
 * a browser page of any origin, from a loopback address. For such a request the security rules
 * look at the Host alone, and an answer is remembered per Host only once the full path has
 * answered it 200. Anything else (another machine, a page, a key, an upgrade, HEAD, another
 * spelling of the path) takes the full path as before.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { DoneFuncWithErrOrRes, FastifyReply, FastifyRequest } from 'fastify'
import { isLoopbackAddress } from './security.js'

interface RememberedAnswer {
  readonly headers: Record<string, number | string | string[] | undefined>
  readonly body: string
}

/** What a request must look like to be answered from a remembered answer. */
interface PlainRead {
  readonly method?: string | undefined
  readonly url?: string | undefined
  readonly headers: IncomingHttpHeaders
  readonly socket: { readonly remoteAddress?: string | undefined }
}

/** Headers any of which can change what the full path answers, or whether it answers at all. */
const signsOfMore = ['origin', 'referer', 'sec-fetch-site', 'upgrade', 'x-api-key', 'content-length', 'transfer-encoding', 'cookie'] as const

function isPlainLocalRead (request: PlainRead): boolean {
  return request.method === 'GET' &&
    request.url !== undefined && !request.url.includes('?') &&
    isLoopbackAddress(request.socket.remoteAddress) &&
    signsOfMore.every((header) => request.headers[header] === undefined)
}

export class RepeatAnswers {
  /** Bounds what a client choosing Host names could make it hold. */
  static readonly maxAnswers = 64
  readonly #byRequest = new Map<string, RememberedAnswer>()
  #open = true

  /**
   * A route's `onSend` hook (after the app's own, so the payload is final): remembers a 200 answer
   * to a plain local read. A callback hook, as every hook on a hot path (see securityHook).
   */
  readonly remember = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: DoneFuncWithErrOrRes): void => {
    if (reply.statusCode === 200 && typeof payload === 'string' && isPlainLocalRead(request.raw)) {
      if (this.#byRequest.size >= RepeatAnswers.maxAnswers) this.#byRequest.clear()
      this.#byRequest.set(keyOf(request.raw), { headers: { ...reply.getHeaders(), 'content-length': Buffer.byteLength(payload) }, body: payload })
    }
    done(null, payload)
  }

  /** The server's request handler asks first: true when it answered from a remembered answer. */
  answer (request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.#open || !isPlainLocalRead(request)) return false
    const answer = this.#byRequest.get(keyOf(request))
    if (answer === undefined) return false
    response.writeHead(200, answer.headers).end(answer.body)
    return true
  }

  /** While the service closes, every request takes the full path, which answers 503. */
  close (): void {
    this.#open = false
    this.#byRequest.clear()
  }
}

const keyOf = (request: { url?: string | undefined, headers: IncomingHttpHeaders }): string => `${request.headers.host ?? ''} ${request.url ?? ''}`
