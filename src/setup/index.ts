/**
 * The setup page at `/setup`: what the service found on this machine, and one button per fix
 * that calls the same code as the command an owner would otherwise type (docs/setup.md).
 */
import path from 'node:path'
import { scriptUrl } from '../core/browser-scripts.js'
import { defineModule } from '../core/module.js'
import { dataDirConfigFile } from '../core/options.js'
import { commandToRun } from '../core/launcher.js'
import { lanOrigins } from '../core/read-link.js'
import { frontendInstallService } from '../frontends/index.js'
import { machineDataService } from '../roms/index.js'
import { chooseFrontend, setHooks, setMamePluginFiles, setRetroarch, setService } from './actions.js'
import { setupEvents } from './events.js'
import { setupHtml } from './page.js'
import { foundFrontends, usualFrontendPlaces } from './places.js'
import { readLinkPages } from './read-links.js'
import { setupRoutes } from './routes.js'
import { setupRows } from './rows.js'
import type { SetupContext } from './setup-context.js'

export const setupModule = defineModule({
  name: 'setup',
  gate: null,
  joins: [{ stream: 'system', prefixes: ['setup.'] }],
  events: setupEvents,
  readLinkOwner: true,
  needs: [frontendInstallService, machineDataService],
  register: async (app, context) => {
    const { core } = context
    const machines = context.deps.machineData
    const setup: SetupContext = {
      install: context.deps.frontendInstall,
      dataDir: core.dataDir,
      host: core.host,
      port: core.port,
      demo: context.optionSource('frontendRoot') === 'demo',
      configFile: core.config ?? dataDirConfigFile(core.dataDir),
      serviceArgs: () => context.serviceArgs(),
      mameVersion: () => machines.version,
      recordsOn: () => context.isEnabled('gameEvents')
    }
    const list = async () => ({
      rows: await setupRows(setup),
      readLinks: {
        pages: readLinkPages(lanOrigins(core.host, core.port), context.readLinkQuery().slice('token='.length)),
        revoke: { label: 'Revoke every link', method: 'POST' as const, path: '/api/v1/setup/read-link/revoke', command: `delete ${path.join(core.dataDir, 'read-link-token')} and restart the service` }
      },
      demo: { active: setup.demo, candidates: setup.demo ? (await foundFrontends(usualFrontendPlaces())).map((found) => ({ ...found, command: commandToRun(`--frontend-root ${found.root} --profile ${found.profile}`) })) : [], configFile: setup.configFile }
    })
    setupRoutes(app, context.publisher, list, [
      { route: 'hooks', summary: 'Install our hook scripts in the frontend (cabinet-hub install-hooks; undo: uninstall-hooks)', undoable: true, run: async (undo) => setHooks(setup, !undo) },
      { route: 'mame-plugin', summary: 'Install the cabinethub MAME plugin (cabinet-hub install-mame-plugin; undo: --uninstall)', undoable: true, run: (undo) => setMamePluginFiles(setup, !undo) },
      { route: 'retroarch', summary: 'Point RetroArch\'s achievements at this service (cabinet-hub setup retroarch; undo: --undo)', undoable: true, run: (undo) => setRetroarch(setup, undo) },
      { route: 'service', summary: 'Start the service with the machine (cabinet-hub install-service)', undoable: false, run: () => setService(setup) },
      {
        route: 'read-link/revoke',
        summary: 'Revoke every read-only link: a new token, the old links answer 401 at once',
        undoable: false,
        run: async () => {
          await context.rotateReadLink()
          return { changed: [path.join(core.dataDir, 'read-link-token')], message: 'every read-only link handed out so far is revoked; the new links are on the setup page' }
        }
      }
    ], async (choice) => chooseFrontend(setup, choice))
    let html: string | null = null
    app.get('/setup', { schema: { hide: true } }, async (_request, reply) => {
      html ??= setupHtml(await scriptUrl('setup'))
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
    })
  }
})
