/**
 * The venue page at `/`: a tile per cabinet (marquee art from the cabinet itself when it answers,
 * availability, state, live score), from GET /api/v1/venue/cabinets and then the
 * `venue.cabinet.changed` events of /ws/venue. Its script is src/browser/venue/venue.page.ts.
 */

/** `script`: the URL of the page's script. */
export const venueHtml = (script: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cabinet-hub venue</title>
<style>
  :root { color-scheme: dark; --bg: #101418; --panel: #1a2027; --text: #e6e9ec; --dim: #8b949e; --accent: #f5a623; --ok: #3fb950; --bad: #f85149; }
  body { margin: 0; font: 14px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  header { display: flex; gap: 1.5rem; align-items: baseline; padding: .8rem 1.2rem; background: var(--panel); border-bottom: 2px solid var(--accent); }
  header h1 { margin: 0; font-size: 1.3rem; color: var(--accent); }
  header a { color: var(--text); }
  #tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 1rem; padding: 1rem 1.2rem; }
  .tile { background: var(--panel); border-radius: 8px; padding: .8rem 1rem; border-top: 3px solid var(--bad); }
  .tile.is-online { border-top-color: var(--ok); }
  .tile h2 { margin: 0 0 .4rem; font-size: 1.05rem; }
  .tile img { display: block; width: 100%; max-height: 90px; object-fit: contain; margin: .4rem 0; }
  .tile img[hidden] { display: none; }
  .score { font: 1.4rem ui-monospace, monospace; color: var(--accent); }
  .dim { color: var(--dim); } .ok { color: var(--ok); } .bad { color: var(--bad); }
</style>
</head>
<body>
<header><h1>cabinet-hub venue</h1><span id="socket" class="dim">connecting</span><a href="/swagger">API</a><a href="/asyncapi.json">AsyncAPI</a></header>
<main id="tiles"><p id="empty" class="dim">No cabinet has reported yet.</p></main>
<script type="module" src="${script}"></script>
</body>
</html>
`
