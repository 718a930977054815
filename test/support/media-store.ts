/** Writes media files for tests and fetches raw paths (no client-side `..` normalization). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'

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

/** A GET with the path sent exactly as given. */
export function rawGet (baseUrl: string, rawPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(baseUrl, 'GET', rawPath, headers)
}
