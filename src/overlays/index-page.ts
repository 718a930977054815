/** `/overlays/`: every overlay with a live preview and the URL to paste into a browser source. */
import { readLinkHtml } from '../core/read-link-html.js'
import type { Overlay } from './shell.js'

const escape = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** An overlay's URL at its size; with the read link's token when the index was opened with it, since a browser source on another machine has no cookie of it. */
const overlayUrl = (overlay: Overlay, token: string | null): string => {
  const query = new URLSearchParams({ w: String(overlay.size.w), h: String(overlay.size.h), ...(token === null ? {} : { token }) })
  return `/overlays/${overlay.name}?${query.toString()}`
}

const entry = (overlay: Overlay, token: string | null): string => {
  const url = overlayUrl(overlay, token)
  return `<section data-overlay="${overlay.name}">
  <h2>${escape(overlay.title)}</h2>
  <p>${escape(overlay.description)}</p>
  <p>Browser source URL: <code class="url" data-path="${escape(url)}">${escape(url)}</code> (${overlay.size.w}×${overlay.size.h})</p>
  <iframe title="${escape(overlay.title)} preview" src="${escape(url)}" style="aspect-ratio: ${overlay.size.w} / ${overlay.size.h}"></iframe>
</section>`
}

/** `token`: the read link's token the index was opened with (`?token=`), or null; `script`: the URL of the index's script. */
export const overlayIndexHtml = (overlays: readonly Overlay[], token: string | null, script: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Overlays · cabinet-hub</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body { margin: 0 auto; max-width: 1100px; padding: 24px; font: 16px/1.4 system-ui, sans-serif; background: #151823; color: #e8e8f0; }
section { margin: 28px 0; }
code { background: #232838; padding: 2px 6px; border-radius: 4px; user-select: all; }
iframe { width: 100%; border: 1px dashed #556; background: repeating-conic-gradient(#20242f 0 25%, #2a2f3c 0 50%) 0 0 / 24px 24px; }
</style>
</head>
<body>
<h1>Overlays</h1>
<p>Pages for OBS browser sources, marquee and topper screens: transparent, sized by <code>?w=&amp;h=</code>, reconnecting by themselves. Paste a URL below (with this service's address in front) into a browser source.</p>
${readLinkHtml}
${overlays.map((overlay) => entry(overlay, token)).join('\n')}
<script type="module" src="${script}"></script>
</body>
</html>
`
