/**
 * One request to a frontend's web API. node:http rather than fetch: the service asks the frontend
 * whether it runs while it starts, and fetch's first use loads undici, a thirtieth of a second of
 * every start. An `https:` address (a proxy in front of the frontend) goes through node:https.
 */
import * as http from 'node:http'
import type { FrontendResponse } from './adapter.js'
import { FrontendUnreachableError } from './unreachable.js'

export interface WebRequest {
  readonly method: string
  readonly timeoutMs: number
  readonly body?: string
  readonly contentType?: string
}

/** The answer's status and text; a frontend that does not answer in time, or at all, is FrontendUnreachableError. */
export async function webRequest (url: string, { method, timeoutMs, body, contentType }: WebRequest): Promise<FrontendResponse> {
  try {
    const { request } = url.startsWith('https:') ? await import('node:https') : http
    return await new Promise<FrontendResponse>((resolve, reject) => {
      const headers = body === undefined ? {} : { 'content-type': contentType ?? 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) }
      const outgoing = request(url, { method, headers, signal: AbortSignal.timeout(timeoutMs) }, (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => { chunks.push(chunk) })
        answer.on('end', () => { resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }) })
        answer.on('error', reject)
      })
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  } catch (error) {
    throw new FrontendUnreachableError(url, error)
  }
}
