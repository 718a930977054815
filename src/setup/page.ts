/**
 * The setup page's HTML: one list of what the service found, a button per fix, the read-only links
 * with their QR codes, which its script (src/browser/setup) fills in over the public API; nothing
 * is loaded from elsewhere.
 */
import { faviconPath } from '../dashboard/index.js'

const style = `
  :root { color-scheme: dark; --bg: #101418; --panel: #1a2027; --text: #e6e9ec; --dim: #8b949e; --accent: #f5a623; --ok: #3fb950; --bad: #f85149; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  header { display: flex; gap: .5rem 1.5rem; align-items: center; flex-wrap: wrap; padding: .5rem 1rem; background: var(--panel); border-bottom: 2px solid var(--accent); }
  header h1 { margin: 0; font-size: 1.2rem; color: var(--accent); }
  a { color: var(--text); }
  main { max-width: 60rem; margin: 0 auto; padding: .8rem 1rem; display: grid; gap: .8rem; }
  section { background: var(--panel); border-radius: 8px; padding: .7rem 1rem; }
  h2 { margin: 0 0 .4rem; font-size: 1.05rem; display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; }
  .state { font-size: .8rem; padding: .05rem .6rem; border-radius: 999px; background: #2a313a; }
  .state.ok { background: #17351f; } .state.fix { background: #3d1a1a; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .3rem 0; }
  dt { color: var(--dim); } dd { margin: 0; word-break: break-word; }
  ul { margin: .3rem 0; padding-left: 1.2rem; } li { word-break: break-word; }
  code { font: 13px ui-monospace, monospace; color: var(--dim); word-break: break-all; }
  button { font: inherit; padding: .45rem .9rem; border-radius: 6px; border: 1px solid var(--accent); background: #2a2410; color: var(--text); cursor: pointer; min-height: 2.5rem; }
  button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .buttons { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: .4rem; }
  .links { display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: .8rem; }
  figure { margin: 0; display: grid; gap: .3rem; }
  figure svg { width: 100%; max-width: 13rem; height: auto; }
  #status { min-height: 1.4rem; }
  .dim { color: var(--dim); }
  @media (max-width: 30rem) { dl { grid-template-columns: 1fr; } dt { margin-top: .3rem; } }
`

/** `script`: the URL of the page's script (src/browser/setup). */
export const setupHtml = (script: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cabinet-hub setup</title>
<link rel="icon" href="${faviconPath}" type="image/svg+xml">
<style>${style}</style>
</head>
<body>
<header>
  <h1>cabinet-hub setup</h1>
  <nav><a href="/">live page</a> · <a href="/overlays/">overlays</a></nav>
</header>
<main>
  <p class="dim">What the service found on this machine. Each button does what the command shown on hover does; nothing else can press them.</p>
  <div id="status" role="status" aria-live="polite"></div>
  <div id="list" aria-busy="true"></div>
</main>
<script type="module" src="${script}"></script>
</body>
</html>
`
