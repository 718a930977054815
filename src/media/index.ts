/**
 * The Local Media Manager: the canonical media index over the store, the gamelists and ES-DE's
 * downloaded media; served media; canonical URLs in the frontend's game details.
 */
import { mediaFactsService, type MediaFacts } from './facts.js'
import { defineModule } from '../core/module.js'
import { serviceKey } from '../core/services.js'
import { frontendInstallService } from '../frontends/index.js'
import { catalogService } from '../library/index.js'
import { mediaEvents } from './events.js'
import { Gamelists } from './gamelists.js'
import { mediaOptions } from './options.js'
import { gamelistRoutes, mediaRoutes } from './routes.js'
import { LocalMedia } from './service.js'

/** Canonical media URLs of a game, for the frontend's game details. */
export interface GameMedia {
  /** Kind -> URL; null while the Local Media Manager is off or has no index yet (details then keep the gamelist's own values). */
  urls (systemId: string, romPath: string, name: string | undefined): ReadonlyMap<string, string> | null
}

export const localMediaService = serviceKey<LocalMedia>()('localMedia')
export const gameMediaService = serviceKey<GameMedia>()('gameMedia')

export const mediaModule = defineModule({
  name: 'media',
  gate: 'localMedia',
  managers: [{ id: 'localMedia', title: 'Local Media Manager', esKey: 'local_media_manager', parent: null, description: 'Media store, served media and gamelist operations.' }],
  streams: [{ name: 'media', description: 'Media store changes.', prefixes: ['media.'], extraTypes: [], aliases: [] }],
  options: mediaOptions,
  migrations: [
    `CREATE TABLE media_files (
       file TEXT PRIMARY KEY,
       system TEXT NOT NULL,
       slug TEXT NOT NULL,
       kind TEXT NOT NULL,
       role TEXT,
       origin TEXT NOT NULL,
       rank INTEGER NOT NULL,
       size INTEGER NOT NULL,
       mtime_ms REAL NOT NULL
     );`,
    // Read entry by entry (a game or a system), so keyed by entry; a rebuilt index costs one scan.
    `DROP TABLE media_files;
     CREATE TABLE media_files (
       system TEXT NOT NULL,
       slug TEXT NOT NULL,
       file TEXT NOT NULL,
       kind TEXT NOT NULL,
       role TEXT,
       origin TEXT NOT NULL,
       rank INTEGER NOT NULL,
       size INTEGER NOT NULL,
       mtime_ms REAL NOT NULL,
       PRIMARY KEY (system, slug, file)
     ) WITHOUT ROWID;`,
    // The counts of the rows above, as of their last write: counting 150,000 rows at every start takes a tenth of a second.
    `CREATE TABLE media_counts (
       id INTEGER PRIMARY KEY CHECK (id = 1),
       files INTEGER NOT NULL,
       assets INTEGER NOT NULL,
       entries INTEGER NOT NULL
     );`
  ],
  events: mediaEvents,
  needs: [frontendInstallService, catalogService],
  provides: [localMediaService, gameMediaService, mediaFactsService],
  register: async (scope, context) => {
    const catalog = context.deps.catalog
    const facts = context.factChannel<MediaFacts>()
    context.provide(mediaFactsService, facts)
    const media = new LocalMedia({
      facts,
      install: context.deps.frontendInstall,
      catalog,
      options: context.options,
      dataDir: context.core.dataDir,
      themeSet: context.settings.theme,
      db: context.db,
      publisher: context.publisher,
      logger: context.logger,
      now: context.now
    })
    let started = false
    context.provide(localMediaService, media)
    context.provide(gameMediaService, { urls: (systemId, romPath, name) => started ? media.gameUrls(systemId, romPath, name) : null })
    context.onStart('media-index', async () => {
      if (!context.enabled) return
      await media.start()
      started = true
    })
    context.onReady(() => { if (started) media.keepUp() })
    context.onStop(async () => media.stop())
    context.addStatusSection('media', () => media.status())
    mediaRoutes(scope, media)
    gamelistRoutes(scope, new Gamelists(catalog, media))
  }
})

export { assetPayload, type LocalMedia } from './service.js'
export { mediaFactsService, type MediaFacts } from './facts.js'
export type { MediaAsset } from './media-index.js'
export { detailKinds, gamelistTagKinds } from './kinds.js'
