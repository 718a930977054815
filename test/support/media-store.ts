/** Writes media files for tests and fetches them as a browser's cache would, or with raw paths (no client-side `..` normalization). */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { tempDir, type TestHub } from './hub.js'

/** Distinct bytes per file so a test can tell which file was served. */
export function mediaBytes (label: string, size = 256): Buffer {
  const bytes = Buffer.alloc(size)
  for (let i = 0; i < size; i++) bytes[i] = (i + label.length * 31 + label.charCodeAt(i % label.length)) & 0xff
  return bytes
}

export function writeMedia (root: string, relative: string, bytes: Buffer): string {
  const file = path.join(root, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, bytes)
  return file
}

/**
 * A media store with a game's marquee, store and user fanart, a system background, an SVG with a
 * script, and a flyer linked to a secret file outside the store.
 */
export function writeServedStore (): { mediaDir: string, secret: Buffer, secretFile: string } {
  const mediaDir = tempDir('cabinet-hub-media-')
  const outside = tempDir('cabinet-hub-outside-')
  const secret = mediaBytes('secret')
  const secretFile = writeMedia(outside, 'secret.png', secret)
  writeMedia(mediaDir, 'systems/arcade/games/1943/artwork/marquee/marquee.png', mediaBytes('marquee', 4096))
  writeMedia(mediaDir, 'systems/arcade/games/1943/artwork/fanart.png', mediaBytes('store fanart'))
  writeMedia(mediaDir, 'user/systems/arcade/games/1943/artwork/fanart.jpg', mediaBytes('user fanart'))
  writeMedia(mediaDir, 'systems/arcade/artwork/background.png', mediaBytes('system fanart'))
  writeMedia(mediaDir, 'systems/arcade/games/1943/ui/wheels/wheel.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/v1/status")</script></svg>'))
  symlinkSync(secretFile, path.join(mediaDir, 'systems/arcade/games/1943/artwork/flyer.png'))
  return { mediaDir, secret, secretFile }
}

export interface RawResponse {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Buffer
}

/** A request with the path sent exactly as given (no client-side normalization of `.`, `..` or `//`). */
export function rawRequest (baseUrl: string, method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  const url = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    // Node frames a body by chunking only for some methods; a DELETE's body needs its length.
    const framed = body === undefined || Object.keys(headers).some((h) => h.toLowerCase() === 'content-length') ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }
    const req = request({ host: url.hostname, port: url.port, method, path: rawPath, headers: framed }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A GET through inject with only the given headers (fetch adds Cache-Control: no-cache to a request with validators). */
export async function injectGet (hub: Pick<TestHub, 'app'>, route: string, requestHeaders: Record<string, string> = {}): Promise<RawResponse> {
  const response = await hub.app.inject({ method: 'GET', url: route, headers: requestHeaders })
  // Header values as they arrive on the wire: text.
  const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, typeof value === 'number' ? String(value) : value]))
  return { status: response.statusCode, headers, body: response.rawPayload }
}

/** A GET with the path sent exactly as given. */
export function rawGet (baseUrl: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(baseUrl, 'GET', rawPath, headers)
}
