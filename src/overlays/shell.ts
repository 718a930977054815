/**
 * What every overlay page shares: a transparent page for a browser source, its markup and style,
 * and its script (src/browser/overlays/<name>.page.ts: sized by `?w=&h=`, following its streams);
 * nothing fetched from the network.
 */
export interface Overlay {
  /** The URL segment, `/overlays/<name>`, and the name of its script (`<name>.page.ts`). */
  readonly name: string
  readonly title: string
  /** What it shows, for the index page. */
  readonly description: string
  /** A size that suits it in a browser source, for the index page. */
  readonly size: { readonly w: number, readonly h: number }
  readonly style: string
  readonly body: string
}

const sharedStyle = `
html, body { margin: 0; background: transparent; overflow: hidden; }
body { width: 100vw; height: 100vh; position: relative; font: 600 22px/1.25 system-ui, sans-serif; color: #fff; text-shadow: 0 1px 3px #000; }
`

/** `script`: the URL of the overlay's script. */
export const overlayHtml = (overlay: Overlay, script: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${overlay.title} · cabinet-hub overlay</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${sharedStyle}${overlay.style}</style>
</head>
<body data-link="connecting">
${overlay.body}
<script type="module" src="${script}"></script>
</body>
</html>
`
