/**
 * Hiscores and the player at the cabinet: players and `Me`, MAME tables decoded with hi2txt-format
 * definitions, scores captured at game end, /ws/hiscore. Runs under the Game Events Manager.
 */
import path from 'node:path'
import { defineModule } from '../core/module.js'
import { serviceKey } from '../core/services.js'
import { liveViewsService } from '../dashboard/index.js'
import { frontendInstallService } from '../frontends/index.js'
import { onScreenService } from '../frontend/index.js'
import { gameFactsService } from '../game-events/index.js'
import { catalogService } from '../library/index.js'
import { SaveWatch } from './arcade/save-watch.js'
import { hiscoreCommand } from './decode-command.js'
import { hiscoreEvents } from './events.js'
import { hiscoreFactsService, type HiscoreFacts } from './facts.js'
import { gamelistFinder } from './game-names.js'
import { hiscoresMigrations } from './migrations.js'
import { hiscoresView } from './live-view.js'
import { hiscoresOptions } from './options.js'
import { PersonalBests } from './players/personal-bests.js'
import { PlayerService, type CurrentPlayerService } from './players/player-service.js'
import { PlayerStore } from './players/player-store.js'
import { hiscoreRoutes } from './routes.js'
import { HiscoreService } from './service.js'
import { TableStore } from './tables/table-store.js'

/** Who plays now: `current()` gives `{ name, initials, aliases, source }`. */
export const currentPlayerService = serviceKey<CurrentPlayerService>()('currentPlayer')
/** The games on whose tables the player at the cabinet stands. */
export type HiscoreGames = Pick<HiscoreService, 'gamesOfMe'>
export const hiscoreGamesService = serviceKey<HiscoreGames>()('hiscoreGames')
export type { CurrentPlayer, CurrentPlayerService } from './players/player-service.js'
export { writeDemoHiscores } from './demo-tables.js'
export { hiscoreFactsService, type HiscoreFacts } from './facts.js'

export const hiscoresModule = defineModule({
  name: 'hiscores',
  gate: 'gameEvents',
  // The partner leaderboard of the game on screen (records module) joins this stream.
  streams: [{ name: 'hiscore', description: 'Hiscore tables (the game on screen retained), new entries, captured console scores, the player at the cabinet and the partner leaderboard of the game on screen.', prefixes: ['hiscore.'], extraTypes: [], aliases: ['highscore', 'highscores', 'hiscores'] }],
  options: hiscoresOptions,
  migrations: hiscoresMigrations,
  events: hiscoreEvents,
  needs: [frontendInstallService, liveViewsService, catalogService, onScreenService, gameFactsService],
  provides: [currentPlayerService, hiscoreGamesService, hiscoreFactsService],
  commands: [hiscoreCommand],
  register: async (scope, context) => {
    const { options, publisher } = context
    const install = context.deps.frontendInstall
    const savesRoot = install.root === null ? null : path.join(install.root, 'saves', 'mame')
    const folders = {
      definitionsDir: options.hiscoreDefinitions ?? path.join(context.core.dataDir, 'resources', 'hiscore'),
      hiscoreDir: options.mameHiscoreDir ?? (savesRoot === null ? null : path.join(savesRoot, 'hiscore')),
      nvramDir: options.mameNvramDir ?? (savesRoot === null ? null : path.join(savesRoot, 'nvram'))
    }
    let hiscores: HiscoreService | null = null
    const players = new PlayerService(new PlayerStore(context.db), {
      frontendName: context.settings.retroAchievementsUser,
      optionName: options.player
    }, context.now, (player) => {
      publisher.publish('hiscore.player.changed', { Name: player.name, Initials: player.initials })
      void hiscores?.playerChanged()
    })
    context.provide(currentPlayerService, players)
    const onScreen = context.deps.onScreen
    const facts = context.factChannel<HiscoreFacts>()
    context.provide(hiscoreFactsService, facts)
    hiscores = new HiscoreService({
      onScreen,
      facts,
      tables: new TableStore(context.db), players, personalBests: new PersonalBests(context.db), publisher, logger: context.logger, now: context.now, folders, maxEntries: options.maxHiscores,
      findGame: gamelistFinder(context.deps.catalog)
    })
    context.provide(hiscoreGamesService, hiscores)
    hiscoreRoutes(scope, hiscores, players)
    context.deps.liveViews.add(hiscoresView)
    if (!context.enabled) return
    const service = hiscores
    const watch = new SaveWatch({ hiscoreDir: folders.hiscoreDir, nvramDir: folders.nvramDir, pollMs: options.hiscoreWatchPollMs, debounceMs: options.hiscoreDebounceMs, changed: (rom) => { void service.saveChanged(rom) }, onError: (error) => context.logger.warn(`hiscore save folders: ${error.message}`) })
    context.addStatusSection('hiscores', () => ({ ...folders, player: players.current() }))
    context.onStart('hiscores', async () => {
      const { facts } = onScreen
      facts.on('SelectionChanged', ({ game }) => { void service.selectionChanged(game) })
      facts.on('GameStarted', ({ game }) => { void service.gameStarted(game) })
      facts.on('GameEnded', () => { void service.gameEnded() })
      context.deps.gameFacts.on('ScoreChanged', (score) => { service.liveScore(score) })
      await watch.start()
    })
    context.onStop(async () => {
      await watch.stop()
      await service.settled()
    })
  }
})
