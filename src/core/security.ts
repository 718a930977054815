/**
 * Safe defaults for a service on a cabinet: loopback clients are trusted; anything else needs the
 * API key; browsers on other sites cannot change state; a foreign Host header (DNS rebinding) is
 * refused.
 */
import { timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { HubError } from './errors.js'

export function isLoopbackAddress (address: string | undefined): boolean {
  if (address === undefined) return false
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'))
}

/** localhost (and *.localhost), 127.0.0.0/8 or ::1. */
export function isLoopbackHostname (hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name)
}

/** `example.org:8080` -> `example.org`, `[::1]:12345` -> `::1`. */
function hostnameOf (hostHeader: string): string {
  const trimmed = hostHeader.trim().toLowerCase()
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'))
  const colon = trimmed.indexOf(':')
  return colon >= 0 && trimmed.indexOf(':', colon + 1) < 0 ? trimmed.slice(0, colon) : trimmed
}

function isLoopbackOrigin (origin: string): boolean {
  try {
    return isLoopbackHostname(new URL(origin).hostname.replace(/^\[|\]$/g, ''))
  } catch {
    return false
  }
}

export interface SecurityOptions {
  readonly apiKey: string | null
  /** The address the service listens on; accepted as a Host name unless it is a wildcard. */
  readonly boundHost: string
  readonly allowedHosts: readonly string[]
  /** Web origins whose pages may read (and open WebSockets); `*` is any. Local pages always may. */
  readonly allowedOrigins: readonly string[]
  /** Whether a request from another machine may read with the read-only link (see read-link.ts). */
  readonly readLinkGrants: (request: FastifyRequest) => boolean
  /** The configured port, for the command that fetches the read link, when the socket does not say which it reached. */
  readonly port: number
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers only local pages and clients without an Origin: the route reveals paths of this machine. */
    readonly localPagesOnly?: boolean
    /** Published for anyone to read (the signed records index): any client, any page, no key, for GET only. */
    readonly publicRead?: boolean
    /**
     * Called by programs (RetroArch), never by a web page: a request showing any sign of a page of
     * another site is refused whatever its method, since `<img src>` forges a GET with no Origin.
     */
    readonly programsOnly?: boolean
  }
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const wildcardHosts = new Set(['0.0.0.0', '::', '[::]'])
const anyOrigin = '*'

/** Fetch metadata a browser adds: `cross-site` and `same-site` are pages this service did not serve. */
const foreignFetchSites = new Set(['cross-site', 'same-site'])

/** Why the request looks like it came from a page of another site, or null: programs send none of these headers. */
function foreignPageSign (request: FastifyRequest): string | null {
  const host = request.headers.host
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string' && foreignFetchSites.has(site.toLowerCase())) return `Sec-Fetch-Site: ${site}`
  if (isForeignPage(request)) return `the page origin "${request.headers.origin}"`
  const referer = request.headers.referer
  if (referer !== undefined && !isLocalPage(referer, host)) return `the referring page "${referer}"`
  return null
}

function isWebSocketUpgrade (request: FastifyRequest): boolean {
  return request.headers.upgrade?.toLowerCase() === 'websocket'
}

/**
 * The header, always; `?apiKey=` only on a WebSocket upgrade, which a browser cannot give headers.
 * The query form is redacted wherever a URL is logged (`redactedUrl`).
 */
function presentedKey (request: FastifyRequest): string | null {
  const header = request.headers['x-api-key']
  if (typeof header === 'string') return header
  if (!isWebSocketUpgrade(request)) return null
  return new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)).get('apiKey')
}

/** Compares a secret in constant time (the API key, the read link's token). */
export function keyMatches (expected: string | null, presented: string | null): boolean {
  if (expected === null || presented === null) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(presented)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The request comes from a page of another origin (a browser says so in Origin): it may read, but no paths of this machine. */
export function isForeignPage (request: FastifyRequest): boolean {
  const origin = request.headers.origin
  return origin !== undefined && !isLocalPage(origin, request.headers.host)
}

/** A page on this machine, or the page this service itself serves (its origin is the Host asked for). */
function isLocalPage (origin: string, hostHeader: string | undefined): boolean {
  if (isLoopbackOrigin(origin)) return true
  try {
    return hostHeader !== undefined && new URL(origin).host === hostHeader.trim().toLowerCase()
  } catch {
    return false
  }
}

/** A browser opening a page (an overlay in an OBS browser source, the live page on a phone), which cannot send a header. */
function opensPage (request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.headers.accept?.includes('text/html') === true
}

/** What another machine without the key is told; a browser opening a page needs the read link instead, since it cannot send the header. */
function keyRequired (request: FastifyRequest, options: SecurityOptions): string {
  if (opensPage(request)) {
    const port = request.socket.localPort ?? options.port
    return `From another machine this page needs the read-only link: open it from the link the cabinet's live page or /overlays/ shows there, or ask the cabinet (curl -s http://127.0.0.1:${port}/api/v1/read-link) and add its ?token=... to this page's URL`
  }
  return options.apiKey === null
    ? 'Requests from other machines need an API key, and none is configured (set --api-key)'
    : 'Requests from other machines must send the API key in X-Api-Key'
}

/**
 * Every rule is decided on the client, the method, the headers and the route the router matched,
 * never on the raw URL text: `/%61pi/...`, `//api/...` and `/API/...` reach the same handler.
 */
export function securityCheck (options: SecurityOptions) {
  const acceptedHosts = new Set(options.allowedHosts.map((h) => h.toLowerCase()))
  if (!wildcardHosts.has(options.boundHost)) acceptedHosts.add(hostnameOf(options.boundHost))
  const allowedOrigins = new Set(options.allowedOrigins.map((o) => o.toLowerCase().replace(/\/$/, '')))

  /** `localPagesOnly`: the route's own setting unless given. */
  return function checkClient (request: FastifyRequest, localPagesOnly?: boolean): void {
    // Fastify builds `routeOptions` afresh on every read: read it once, on the path every request takes.
    const route = request.routeOptions
    if (route.config?.programsOnly === true) {
      const sign = foreignPageSign(request)
      if (sign !== null) throw new HubError(403, 'CROSS_ORIGIN_FORBIDDEN', `${route.url ?? 'This route'} answers programs only; a request from ${sign} is refused`)
    }
    if (keyMatches(options.apiKey, presentedKey(request))) return
    if (route.config?.publicRead === true && (request.method === 'GET' || request.method === 'HEAD')) return

    // Another machine without the key learns that it needs one, whatever Host it asked for; with
    // the read-only link it may read (its Host is the cabinet's LAN name, which no rebinding page has a link for).
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      if (options.readLinkGrants(request)) return
      throw new HubError(401, 'API_KEY_REQUIRED', keyRequired(request, options))
    }
    const host = request.headers.host
    if (host !== undefined && !isLoopbackHostname(hostnameOf(host)) && !acceptedHosts.has(hostnameOf(host))) {
      throw new HubError(421, 'MISDIRECTED_HOST', `Host "${host}" is not served here; use 127.0.0.1 or localhost, or add it to allowedHosts`)
    }
    if (!isForeignPage(request)) return
    const origin = request.headers.origin!
    if (stateChanging.has(request.method)) {
      throw new HubError(403, 'CROSS_ORIGIN_FORBIDDEN', `Commands from the web page origin "${origin}" are refused; only local pages may change state`)
    }
    if (localPagesOnly ?? (route.config?.localPagesOnly === true)) {
      throw new HubError(403, 'CROSS_ORIGIN_FORBIDDEN', `Pages of other origins ("${origin}") may not read this machine's paths and settings`)
    }
    if (!allowedOrigins.has(anyOrigin) && !allowedOrigins.has(origin.toLowerCase())) {
      throw new HubError(403, 'ORIGIN_NOT_ALLOWED', `The web page origin "${origin}" is not in --allowed-origins`)
    }
  }
}

/** A callback hook, not an async one: every request passes here, and a promise per request costs. Fastify catches what it throws. */
export function securityHook (options: SecurityOptions) {
  const checkClient = securityCheck(options)
  return function checkRequest (request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
    checkClient(request)
    done()
  }
}

/**
 * For the setup page's buttons, which write files of this machine (hook scripts, a service that
 * starts at boot, the config file): only a page this service served, open on the cabinet itself,
 * may press them. A loopback client whose Origin is the service's own origin (the Host it asked
 * for, which the security hook already checked); neither the API key nor the read link opens them,
 * and a program without an Origin (curl) has the commands instead.
 */
export async function ownPageOnly (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const origin = request.headers.origin?.toLowerCase()
  const own = request.headers.host === undefined ? null : `http://${request.headers.host.trim().toLowerCase()}`
  if (!isLoopbackAddress(request.socket.remoteAddress) || origin === undefined || origin !== own) {
    throw new HubError(403, 'OWN_PAGE_ONLY', `${request.routeOptions.url ?? 'This route'} answers only the setup page this service serves, opened on this machine; from a terminal, run the cabinet-hub command it stands for`)
  }
}

/** For tool endpoints (event and hook ingestion): only this machine may call them, API key or not. */
export async function loopbackOnly (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!isLoopbackAddress(request.socket.remoteAddress)) {
    throw new HubError(403, 'LOOPBACK_ONLY', `${request.routeOptions.url ?? 'This route'} accepts requests from this machine only`)
  }
}
