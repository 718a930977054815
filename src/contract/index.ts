/**
 * Parts of the interface contract whose modules are not built yet. Their managers, stream rows
 * and events are declared here so the switches, `/api/v1/ws/streams` and the AsyncAPI document
 * already hold them and consumers can rely on their shape; each feature module takes its entry
 * over when it is built.
 */
import { Type } from 'typebox'
import { byType, define, open, str } from '../core/events/definition.js'
import { defineModule, type HubModule } from '../core/module.js'

const declaredOnly = async (): Promise<void> => {}

const achievements = defineModule({
  name: 'achievements',
  gate: 'gameEvents',
  streams: [{ name: 'achievements', description: 'Achievement catalog and session (retained), unlocks, challenges, leaderboards, rich presence.', prefixes: ['achievements.'], extraTypes: [], aliases: ['achievement', 'cheevos'] }],
  // The catalog replays before the session: definitions keep that order.
  events: [
    define('achievements.catalog.updated', 'Achievement catalog of the running game (retained, replayed before the session).', open({}, 'achievement catalog'), { coalesceKey: byType('achievements.catalog.updated'), retainSlot: 'achievements.catalog' }),
    define('achievements.session.updated', 'Live achievement session (retained).', open({}, 'achievement session'), { coalesceKey: byType('achievements.session.updated'), retainSlot: 'achievements.session' }),
    define('achievements.session.ended', 'The achievement session ended; the retained session is cleared.', open({}, 'achievement session end'), { clearsSlot: 'achievements.session' }),
    define('achievements.unlocked', 'An achievement was unlocked (never coalesced).', open({}, 'unlock'))
  ],
  register: declaredOnly
})

const hiscores = defineModule({
  name: 'hiscores',
  gate: 'gameEvents',
  streams: [{ name: 'hiscore', description: 'Hiscore tables and captured console scores.', prefixes: ['hiscore.'], extraTypes: [], aliases: ['highscore', 'highscores', 'hiscores'] }],
  events: [define('hiscore.updated', 'Hiscore table of a game changed.', open({ RomName: str('Rom.'), GameName: str('Display name.'), Scores: Type.Array(Type.Unknown()) }, 'hiscore table'))],
  register: declaredOnly
})

const themes = defineModule({
  name: 'themes',
  gate: 'themesCollections',
  managers: [{ id: 'themesCollections', title: 'Themes & Collections', esKey: 'themes_collections_manager', parent: null, description: 'Theme exports and collections.' }],
  register: declaredOnly
})

const notifications = defineModule({
  name: 'notifications',
  gate: 'notificationsUi',
  managers: [{ id: 'notificationsUi', title: 'Notifications & UI', esKey: 'notifications_ui_manager', parent: null, description: 'Toasts and native frontend notifications.' }],
  register: declaredOnly
})

export const contractModules: readonly HubModule[] = [achievements, hiscores, themes, notifications]
