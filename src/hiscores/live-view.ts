/**
 * The Hiscores view of the live page: the table on screen as /ws/hiscore retains it, the
 * player's own entries (`IsMe`) highlighted; its script is src/browser/dashboard/views/hiscores-view.page.ts.
 */
import type { LiveView } from '../dashboard/index.js'

export const hiscoresView: LiveView = {
  id: 'hiscores',
  title: 'Hiscores',
  html: `    <p id="hiscores-game" class="dim">no table yet</p>
    <table><thead><tr><th>#</th><th>name</th><th>score</th></tr></thead><tbody id="hiscores-rows"></tbody></table>
    <p class="dim">player: <span id="hiscores-me">…</span></p>
    <style>#hiscores-rows tr.me td { color: var(--ok); font-weight: bold; }</style>`,
  scriptName: 'hiscores-view'
}
