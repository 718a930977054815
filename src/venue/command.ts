/**
 * `cabinet-hub venue --mqtt-url URL [--host --port --data-dir --api-key --log-level ...]`: the
 * venue as a service of its own, built as a cabinet is (the command's buildService) with the venue
 * module in place of a cabinet's.
 */
import path from 'node:path'
import closeWithGrace from 'close-with-grace'
import pino from 'pino'
import { CommandUsageError, type HubModule, type ModuleCommand } from '../core/module.js'
import { configOf, type LoadedConfig } from '../core/options.js'
import { noFrontendSettings } from '../core/settings.js'
import { closeDatabase, openDatabase } from '../core/storage/database.js'
import { mqttConnectionOptions } from '../mqtt/index.js'

const shutdownDelayMs = 5000

/** Defaults that differ from a cabinet's: the venue's own NodeId, and its database beside (not in) a cabinet's. */
function venueDefaults (loaded: LoadedConfig): LoadedConfig {
  const config: Record<string, unknown> = { ...loaded.config }
  if (loaded.sources.nodeId === 'default') config.nodeId = 'venue'
  if (loaded.sources.dataDir === 'default') config.dataDir = path.join(String(loaded.config.dataDir), 'venue')
  return { config, sources: loaded.sources }
}

/** `venueOf` makes the venue's module from the modules of the build, whose cabinets it serves. */
export function venueCommand (venueOf: (cabinetModules: readonly HubModule[]) => HubModule): ModuleCommand {
  return {
    name: 'venue',
    usage: `  cabinet-hub venue --mqtt-url URL [--mqtt-topic-prefix P] [--host H] [--port P] [--data-dir D]
                  [--api-key K] [--log-level L]
                                  serve every cabinet of the broker: /api/v1/venue/cabinets,
                                  /api/v1/venue/hiscores/{system}/{rom}, /ws/venue and a page at /
`,
    run: async (args, context) => {
      const parsed = context.parse(args, {})
      if (parsed.positionals.length > 0) throw new CommandUsageError(`venue: unexpected argument "${parsed.positionals[0]}"`)
      if (configOf(mqttConnectionOptions, parsed.loaded).mqttUrl === null) throw new CommandUsageError('venue needs --mqtt-url mqtt://host:port (the broker the cabinets publish to)')
      const loaded = venueDefaults(parsed.loaded)
      const { host, port, dataDir, logLevel } = loaded.config as { host: string, port: number, dataDir: string, logLevel: string }
      const logger = pino({ level: logLevel })
      const db = openDatabase(dataDir)
      const { app, hub } = await context.buildService({ loaded, logger, db, settings: noFrontendSettings, now: () => new Date(), modules: [venueOf(context.modules)] })
      try {
        await app.listen({ host, port })
      } catch (error) {
        await app.close()
        closeDatabase(db)
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CommandUsageError(`venue: port ${port} on ${host} is already in use; choose another --port`)
        throw error
      }
      closeWithGrace({ delay: shutdownDelayMs, logger }, async () => {
        await app.close()
        closeDatabase(db)
      })
      await hub.start()
      logger.info(`cabinet-hub venue ready on http://${host}:${port}`)
      context.stdout.write(`venue on http://${host}:${port}\n`)
      return 0
    }
  }
}
