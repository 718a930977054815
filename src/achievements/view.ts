/**
 * The Achievements view of the live page: the game of the session, its badges (lit once
 * unlocked), rich presence, score and the latest unlock, all from /ws/achievements like any
 * overlay; its script is src/browser/dashboard/views/achievements-view.page.ts.
 */
import type { LiveView } from '../dashboard/index.js'

const html = `    <p id="cheevos-game" class="dim">no achievements session</p>
    <p><span id="cheevos-presence" class="dim"></span> <span id="cheevos-score" class="dim"></span></p>
    <div id="cheevos-badges" style="display: flex; flex-wrap: wrap; gap: .5rem"></div>
    <p id="cheevos-unlock" class="dim"></p>`

export const achievementsView: LiveView = { id: 'achievements', title: 'Achievements', html, scriptName: 'achievements-view', wide: true }
