/**
 * The read-only link: an overlay in OBS on the streaming PC, a marquee screen, a phone on the LAN
 * cannot send the API key header, so the service hands its owner a link with a token that grants
 * reads (pages, media, REST GETs, WebSocket streams) and nothing else. A page opened with
 * `?token=` gets it back as a cookie (HttpOnly, SameSite=Strict), so its own requests and sockets
 * carry it without the page knowing. The token lives in the data dir; deleting it, or `rotate`,
 * revokes every link.
 */
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { networkInterfaces } from 'node:os'
import path from 'node:path'
import type { DoneFuncWithErrOrRes, FastifyReply, FastifyRequest } from 'fastify'
import { isLoopbackHostname, keyMatches } from './security.js'

const readTokenCookie = 'cabinet_hub_read'
const tokenFileName = 'read-link-token'
const readMethods = new Set(['GET', 'HEAD'])

export class ReadLink {
  readonly #file: string
  #token = ''
  /** The token was made here and is not in the data dir yet. */
  #unsaved = false

  constructor (dataDir: string) {
    this.#file = path.join(dataDir, tokenFileName)
  }

  /**
   * Reads the token before the service listens, so that no request waits on the disk for it; one
   * made here is saved only once the service starts: `openapi` builds the app too and never writes it.
   */
  async load (): Promise<void> {
    this.#token = await readFile(this.#file, 'utf8').then((text) => text.trim(), () => '')
    if (this.#token.length < 16) {
      this.#token = newToken()
      this.#unsaved = true
    }
  }

  /** At start: saves a token made by `load`. */
  async keep (): Promise<void> {
    if (!this.#unsaved) return
    await this.#save()
  }

  get token (): string {
    return this.#token
  }

  /** A new token: every link handed out so far (and every page holding its cookie) is refused from now on. */
  async rotate (): Promise<string> {
    this.#token = newToken()
    await this.#save()
    return this.#token
  }

  async #save (): Promise<void> {
    await writeFile(this.#file, `${this.#token}\n`, { mode: 0o600 })
    this.#unsaved = false
  }

  /** The token a request shows, in the query (`?token=`) or the cookie a linked page was given. */
  presented (request: FastifyRequest): { token: string, fromQuery: boolean } | null {
    const query = request.url.indexOf('?')
    const inQuery = query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get('token')
    if (inQuery !== null) return { token: inQuery, fromQuery: true }
    const cookie = request.headers.cookie?.split(';').map((part) => part.trim().split('=')).find(([name]) => name === readTokenCookie)
    return cookie?.[1] === undefined ? null : { token: cookie[1], fromQuery: false }
  }

  /** The request may read with the link: a GET or HEAD (a WebSocket upgrade is a GET) showing the token. */
  grants (request: FastifyRequest): boolean {
    if (!readMethods.has(request.method) || this.#token === '') return false
    return keyMatches(this.#token, this.presented(request)?.token ?? null)
  }

  /** onSend (a callback hook, see securityHook): a page opened from the link keeps the token as its cookie for what it loads next. */
  remember = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: DoneFuncWithErrOrRes): void => {
    if (this.presented(request)?.fromQuery === true && this.grants(request)) {
      void reply.header('set-cookie', `${readTokenCookie}=${this.token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000`)
    }
    done(null, payload)
  }
}

const newToken = (): string => randomBytes(18).toString('base64url')

/** Where other machines reach this service: each LAN address when it listens on all of them, else the one it listens on. */
export function lanOrigins (host: string, port: number): string[] {
  const addresses = ['0.0.0.0', '::'].includes(host)
    ? Object.values(networkInterfaces()).flat().filter((a) => a !== undefined && !a.internal && a.family === 'IPv4').map((a) => a!.address)
    : isLoopbackHostname(host) ? [] : [host]
  return addresses.map((address) => `http://${address}:${port}`)
}
