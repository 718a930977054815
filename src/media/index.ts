/**
 * The Local Media Manager: the canonical media index over the store, the gamelists and ES-DE's
 * downloaded media; served media; canonical URLs in the frontend's game details.
 */
import type { Hub } from '../core/hub.js'
import type { HubApp, HubModule } from '../core/module.js'
import { sharedCatalog } from '../library/shared.js'
import { Gamelists } from './gamelists.js'
import { gamelistRoutes, mediaRoutes } from './routes.js'
import { LocalMedia } from './service.js'
import { mediaEvents } from './events.js'

const services = new WeakMap<Hub, LocalMedia>()

/** The hub's media service, shared with the surfaces module (one index per hub). */
export function localMediaOf (hub: Hub): LocalMedia {
  let media = services.get(hub)
  if (media === undefined) services.set(hub, media = new LocalMedia(hub, sharedCatalog(hub)))
  return media
}

async function registerMedia (app: HubApp, hub: Hub): Promise<void> {
  const media = localMediaOf(hub)
  const catalog = sharedCatalog(hub)
  hub.startup.register('media-index', async () => {
    if (!hub.isEnabled('localMedia')) return
    await media.start()
    catalog.mediaProjector = (systemId, romPath, name) => media.gameUrls(systemId, romPath, name)
  })
  app.addHook('onClose', async () => { media.stop() })
  hub.addStatusSection('media', () => media.status())
  mediaRoutes(app, media)
  gamelistRoutes(app, new Gamelists(catalog, media))
}

export const mediaModule: HubModule = { name: 'media', manager: 'localMedia', events: mediaEvents, register: registerMedia }
