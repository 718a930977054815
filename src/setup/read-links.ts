/** The read-only links of the setup page: the live page and each overlay on the first LAN address, each with its QR code. */
import { overlayPages } from '../overlays/index.js'
import { qrSvg } from './qr.js'

export interface ReadLinkPage {
  readonly title: string
  readonly url: string
  readonly qrSvg: string
}

export function readLinkPages (lanOrigins: readonly string[], token: string): ReadLinkPage[] {
  const origin = lanOrigins[0]
  if (origin === undefined) return []
  return [{ path: '/', title: 'Live page' }, ...overlayPages].map(({ path, title }) => {
    const url = `${origin}${path}?token=${token}`
    return { title, url, qrSvg: qrSvg(url, `QR code of the read-only link to ${title}`) }
  })
}
