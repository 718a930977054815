/**
 * Parts of the interface contract whose modules are not built yet. Their managers, stream rows
 * and events are declared here so the switches, `/api/v1/ws/streams` and the AsyncAPI document
 * already hold them and consumers can rely on their shape; each feature module takes its entry
 * over when it is built.
 */
import { Type } from 'typebox'
import { define, open, str } from '../core/events/definition.js'
import { defineModule, type HubModule } from '../core/module.js'

const declaredOnly = async (): Promise<void> => {}

const hiscores = defineModule({
  name: 'hiscores',
  gate: 'gameEvents',
  streams: [{ name: 'hiscore', description: 'Hiscore tables, captured console scores and the partner leaderboard of the game on screen.', prefixes: ['hiscore.'], extraTypes: ['records.leaderboard.updated'], aliases: ['highscore', 'highscores', 'hiscores'] }],
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

export const contractModules: readonly HubModule[] = [hiscores, themes, notifications]
