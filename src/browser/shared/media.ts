/** The images of the pages come from this service's media (or absolute http URLs), never from elsewhere in a payload. */

/** A media asset of a snapshot or a drawing: its URL on the service. */
interface Asset { readonly Url?: unknown }

/** The image source of an asset (`{ Url }`) or a URL; null for anything but the service's media or an http(s) URL. */
export function mediaUrl (asset: unknown): string | null {
  const url = typeof asset === 'string' ? asset : typeof asset === 'object' && asset !== null ? (asset as Asset).Url : undefined
  return typeof url === 'string' && (url.startsWith('/api/v1/media/') || /^https?:\/\//.test(url)) ? url : null
}

/** Shows `url` in the image, or nothing; an unchanged source is left alone, so the picture does not flicker. */
export function setImage (image: HTMLImageElement, url: string | null): void {
  if (url === null) image.removeAttribute('src')
  else if (image.getAttribute('src') !== url) image.src = url
}
