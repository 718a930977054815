/**
 * The read-only link block of a page (src/core/read-link-html.ts): this page's URL on each LAN
 * address of the machine with the token, and a Copy button. Only this machine is given the link
 * (`/api/v1/read-link` is loopback only), so the block stays hidden elsewhere.
 */
import type { Static } from 'typebox'
import type { ReadLinkResponse } from '../../system/schemas.js'
import { byId, element } from './elements.js'
import { getJson } from './fetch-json.js'

export async function showReadLinks (): Promise<void> {
  const link = await getJson<Static<typeof ReadLinkResponse>>('/api/v1/read-link').catch(() => null)
  if (link === null) return
  const list = byId('read-link-urls')
  for (const origin of link.lanOrigins) {
    const url = `${origin}${location.pathname}?${link.query}`
    const copy = element('button', 'Copy')
    copy.addEventListener('click', () => { void navigator.clipboard?.writeText(url).then(() => { copy.textContent = 'Copied' }, () => { copy.textContent = 'Select and copy' }) })
    const item = element('li')
    item.append(element('code', url), ' ', copy)
    list.append(item)
  }
  byId('read-link').hidden = link.lanOrigins.length === 0
}
