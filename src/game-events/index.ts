/** Arcade outputs, emulator memory watches, live score and timer. Sources run only while the Game Events Manager is on. */
import { defineModule } from '../core/module.js'
import { configuredSources } from './source-kinds.js'
import { gameFactsService, type GameEventFacts } from './content-facts.js'
import { onScreenService } from '../frontend/index.js'
import { gameEvents } from './events.js'
import { mamePluginDoctorCheck } from './mame-plugin/doctor-check.js'
import { installMamePluginCommand } from './mame-plugin/install-command.js'
import { gameEventsOptions } from './options.js'
import { gameEventsRoutes } from './routes.js'
import { GameEventsService } from './service.js'

export const gameEventsModule = defineModule({
  name: 'game-events',
  gate: 'gameEvents',
  managers: [{ id: 'gameEvents', title: 'Game Events Manager', esKey: 'game_events_manager', parent: null, description: 'Arcade outputs, emulator memory, live score and timer, hiscores and achievements.' }],
  streams: [
    { name: 'ingame', description: 'Emulator memory watches and in-game sessions.', prefixes: ['ingame.', 'multiemu.', 'wrapper.'], extraTypes: [], aliases: [] },
    { name: 'arcade', description: 'Arcade emulator sessions and output (lamp) changes; event-only, no REST snapshot.', prefixes: ['arcade.', 'cabemu.', 'cabemu2.', 'outputs.'], extraTypes: [], aliases: [] },
    { name: 'score', description: 'Live score per player (retained).', prefixes: ['score.live.'], extraTypes: [], aliases: ['scores'] },
    { name: 'timer', description: 'Live game timers (retained).', prefixes: ['timer.live.'], extraTypes: [], aliases: ['timers'] }
  ],
  options: gameEventsOptions,
  events: gameEvents,
  commands: [installMamePluginCommand],
  doctorChecks: [mamePluginDoctorCheck],
  needs: [onScreenService],
  provides: [gameFactsService],
  register: async (scope, context) => {
    const facts = context.factChannel<GameEventFacts>()
    context.provide(gameFactsService, facts)
    const service = new GameEventsService({ config: { ...context.options, dataDir: context.core.dataDir, port: context.core.port }, publisher: context.publisher, frontend: context.deps.onScreen.facts, facts, logger: context.logger, now: context.now, sources: configuredSources })
    gameEventsRoutes(scope, service)
    if (!context.enabled) return
    context.addStatusSection('gameEvents', () => service.status())
    context.onStart('game-events', async () => service.start())
    context.onStop(async () => service.stop())
  }
})

export { setMamePlugin } from './mame-plugin/install-command.js'
export { installedPlugin, pluginName } from './mame-plugin/plugin-files.js'
export { installedPluginProblem } from './mame-plugin/plugin-check.js'
export { gameFactsService, type GameEventFacts } from './content-facts.js'
