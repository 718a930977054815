import type { HubModule } from '../core/module.js'
import { configuredSources } from './configured-sources.js'
import { gameEvents } from './events.js'
import { gameEventsRoutes } from './routes.js'
import { GameEventsService } from './service.js'

/** Arcade outputs, emulator memory watches, live score and timer. Sources run only while the Game Events Manager is on. */
export const gameEventsModule: HubModule = {
  name: 'game-events',
  manager: 'gameEvents',
  events: gameEvents,
  register: async (scope, hub) => {
    const service = new GameEventsService({ config: hub.config, bus: hub.bus, logger: hub.logger.child({ module: 'game-events' }), now: hub.now, sources: configuredSources })
    gameEventsRoutes(scope, service)
    if (!hub.isEnabled('gameEvents')) return
    hub.addStatusSection('gameEvents', () => service.status())
    hub.startup.register('game-events', async () => service.start())
    scope.addHook('onClose', async () => service.stop())
  }
}
