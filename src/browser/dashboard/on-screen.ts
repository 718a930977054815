/** The "On screen" section: the running game, else the selected one, else the selected system (GET /api/v1/context/state). */
import type { Static } from 'typebox'
import type { ContextStateResponse } from '../../frontend/schemas.js'
import { byId, setText } from '../shared/elements.js'
import { getJson } from '../shared/fetch-json.js'
import { mediaUrl, setImage } from '../shared/media.js'
import { keyLabel } from './labels.js'

type ContextState = Static<typeof ContextStateResponse>
type GameView = NonNullable<ContextState['selectedGame']>

/** The SelectionKey of the latest ui.* event: the one key every stream uses for this selection. */
let currentKey: string | null = null

export function noteSelectionKey (key: string): void {
  currentKey = key
}

function gameLabel (game: GameView | null): string {
  if (game === null) return '–'
  return game.systemId === '' ? game.gameName : `${game.gameName} (${game.systemId})`
}

export async function refreshContext (): Promise<void> {
  try {
    const state = await getJson<ContextState>('/api/v1/context/state')
    if (state === null) return
    const system = state.selectedSystem
    const game = state.runningGame ?? state.selectedGame
    setText('context-state', state.state, state.state === 'playing' ? 'pill ok' : 'pill')
    setText('context-system', system === null ? '–' : system.fullname ?? system.name)
    // After an input the frontend did not report (a rom whose hook cannot run), the selection shown may be stale.
    setText('context-selected', gameLabel(state.selectedGame) + (state.selectionUncertain ? ' (uncertain: the frontend did not say where its cursor went)' : ''), state.selectionUncertain ? 'pill bad' : '')
    setText('context-running', gameLabel(state.runningGame))
    setText('game-title', game !== null ? game.gameName : system !== null ? system.fullname ?? system.name : 'nothing selected yet')
    const details = game?.details
    setText('game-meta', details === undefined ? '' : [details.developer, details.releasedate?.slice(0, 4), details.genre].filter(Boolean).join(' · '))
    const art = details === undefined ? null : [details.image, details.thumbnail, details.fanart, details.extras['box-front']].map(mediaUrl).find((url) => url !== null) ?? null
    setImage(byId<HTMLImageElement>('game-art'), art)
    setText('game-key', currentKey !== null ? keyLabel(currentKey) : game !== null ? keyLabel(`${game.systemId}|${game.romStem}`) : system?.name ?? '')
  } catch { /* the service restarts: the socket reconnect refreshes again */ }
}
