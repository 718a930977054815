/**
 * The leaderboard view of the live page: the Top 100 of the game on screen with a seal badge per
 * entry, from `records.leaderboard.updated` (retained, so a new page shows it at once); its script
 * is src/browser/dashboard/views/records-leaderboard-view.page.ts.
 */
import type { LiveView } from '../dashboard/index.js'

export const leaderboardView: LiveView = {
  id: 'records-leaderboard',
  title: 'Partner leaderboard',
  wide: true,
  html: [
    '    <p id="records-leaderboard-info" class="dim">no leaderboard yet (link a record service with --partner-url, then select a game)</p>',
    '    <table><thead><tr><th>#</th><th>player</th><th>score</th><th>when</th><th>seal</th><th>issuer</th></tr></thead><tbody id="records-leaderboard-rows"></tbody></table>',
    '    <p id="records-leaderboard-sources" class="dim"></p>'
  ].join('\n'),
  scriptName: 'records-leaderboard-view'
}
