/**
 * The live page served at `/`, for the cabinet's owner first: is the frontend connected, what is
 * on screen, the control panel, the live score, then the views other modules add (hiscores,
 * achievements ...); the developer's streams and raw event log are one click away. Its script is
 * src/browser/dashboard; the views' scripts (each named by its view) run after it.
 */
import { scriptUrl } from '../core/browser-scripts.js'
import { readLinkHtml } from '../core/read-link-html.js'
import { pageStyle } from './page-style.js'
import type { LiveView } from './views.js'

const viewSection = (view: LiveView): string =>
  `  <section id="${view.id}"${view.wide === true ? ' class="wide"' : ''}>\n    <h2>${view.title}</h2>\n${view.html}\n  </section>\n`

const moduleScript = (url: string): string => `<script type="module" src="${url}"></script>\n`

export const faviconPath = '/favicon.svg'

/** `script`: the URL of the page's own script. Two views may share a script: the page loads it once. */
export async function dashboardHtml (views: readonly LiveView[], script: string): Promise<string> {
  const viewScripts = await Promise.all([...new Set(views.map((view) => view.scriptName))].map(scriptUrl))
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cabinet-hub</title>
<link rel="icon" href="${faviconPath}" type="image/svg+xml">
<style>${pageStyle}</style>
</head>
<body>
<header>
  <h1><img src="${faviconPath}" alt="">cabinet-hub</h1>
  <span id="frontend-link" class="pill">frontend …</span>
  <span id="ready" class="pill">…</span>
  <span id="socket" class="pill">events connecting…</span>
  <nav>version <span id="version">…</span> · <a href="/setup">setup</a> · <a href="/swagger">API reference</a> · <a href="/asyncapi.json">AsyncAPI</a> · <a href="/api/v1/ws/streams">streams</a> · <a href="/api/v1/status">status</a></nav>
</header>
${readLinkHtml}
<div id="frontend-banner" role="alert" hidden><strong>The frontend link is degraded:</strong> <span id="frontend-banner-reason"></span></div>
<main>
  <section id="on-screen" class="wide">
    <h2>On screen</h2>
    <div id="now">
      <img id="game-art" alt="game art">
      <div>
        <span id="context-state" class="pill">no context yet</span>
        <h3 id="game-title">nothing selected yet</h3>
        <div id="game-meta" class="dim"></div>
        <code id="game-key"></code>
        <dl>
          <dt>system</dt><dd id="context-system">–</dd>
          <dt>selected</dt><dd id="context-selected">–</dd>
          <dt>running</dt><dd id="context-running">–</dd>
          <dt>frontend</dt><dd id="frontend-detail" class="dim">–</dd>
        </dl>
      </div>
      <div id="surfaces">
        <figure id="surface-marquee"><figcaption>marquee <span class="key"></span></figcaption><img alt="marquee"></figure>
        <figure id="surface-topper"><figcaption>topper <span class="key"></span></figcaption><img alt="topper"><p class="name"></p></figure>
        <figure id="surface-instruction-card"><figcaption>instruction card <span class="key"></span></figcaption><img alt="instruction card"><p class="text"></p></figure>
      </div>
    </div>
  </section>
  <section id="control-panel">
    <h2>Control panel</h2>
    <p id="panel-info" class="dim">no panel yet</p>
    <div id="panel-view" hidden><img id="panel-art" alt="control panel, top view"><div id="panel-lights"></div></div>
    <p id="panel-input" class="dim"></p>
  </section>
  <section id="live-score">
    <h2>Live score <span id="score-game"></span></h2>
    <p id="score-none" class="dim">no live score: the running game has no watch definition, or nothing is running</p>
    <div id="score-players"></div>
    <p id="timer"></p>
  </section>
${views.map(viewSection).join('')}  <details id="developer" class="wide">
    <summary>Event log and streams</summary>
    <div id="developer-body">
      <table><thead><tr><th>stream</th><th>events</th><th>latest</th><th>at</th></tr></thead><tbody id="streams"></tbody></table>
      <div id="log"></div>
    </div>
  </details>
</main>
${[script, ...viewScripts].map(moduleScript).join('')}</body>
</html>
`
}
