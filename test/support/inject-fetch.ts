/**
 * `fetch` over the app's `inject`: the same routes and hooks, no port. Tests keep reading a standard
 * Response (status, headers, json(), text(), arrayBuffer()) whether the hub listens or not.
 */
import type { InjectOptions } from 'fastify'

interface InjectableApp {
  inject (options: InjectOptions): Promise<{ statusCode: number, headers: Record<string, unknown>, rawPayload: Buffer }>
}

/** Statuses a Response may not have a body for. */
const bodiless = new Set([101, 103, 204, 205, 304])

function headerRecord (init: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries(new Headers(init).entries())
}

function payloadOf (body: RequestInit['body'], headers: Record<string, string>): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body
  if (body instanceof URLSearchParams) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8'
    return body.toString()
  }
  if (body instanceof Uint8Array) return Buffer.from(body)
  throw new Error('injectFetch takes a string, bytes or URLSearchParams as body')
}

/** A request to `path` (with its query) as `fetch(baseUrl + path, init)` would make it; redirects are not followed. */
export async function injectFetch (app: InjectableApp, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = headerRecord(init.headers)
  const payload = payloadOf(init.body, headers)
  const response = await app.inject({ method: (init.method ?? 'GET') as InjectOptions['method'], url: path, headers, ...(payload === undefined ? {} : { payload }) })
  const responseHeaders = new Headers()
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one))
  }
  const body = bodiless.has(response.statusCode) || init.method === 'HEAD' ? null : new Uint8Array(response.rawPayload)
  return new Response(body, { status: response.statusCode, headers: responseHeaders })
}
