/**
 * The Auto Scraping Manager, offline first: fills empty gamelist fields from the machine data the
 * Roms Manager provides and from the MAME dat files the owner keeps, nothing from the network.
 */
import { defineModule } from '../core/module.js'
import { frontendInstallService } from '../frontends/index.js'
import { machineDataService, systemGamelist } from '../roms/index.js'
import { LocalDats } from './dats/local-dats.js'
import { scrapingEvents } from './events.js'
import { ScrapingFill } from './fill.js'
import { scrapingOptions } from './options.js'
import { scrapingRoutes } from './routes.js'

export const scrapingModule = defineModule({
  name: 'scraping',
  gate: 'autoScraping',
  // A fill of gamelist fields is news of the rom library.
  joins: [{ stream: 'roms', types: ['scraping.completed'] }],
  managers: [{ id: 'autoScraping', title: 'Auto Scraping Manager', esKey: 'auto_scraping_manager', parent: 'localMedia', description: 'Scraping state and actions.' }],
  options: scrapingOptions,
  events: scrapingEvents,
  needs: [machineDataService, frontendInstallService],
  register: async (scope, context) => {
    const machines = context.deps.machineData
    const install = context.deps.frontendInstall
    const dats = new LocalDats(context.options.scrapingDatDirs)
    const fill = new ScrapingFill({ machines, dats, gamelist: (system) => systemGamelist(install, context.core.dataDir, system), publisher: context.publisher, now: context.now })
    context.addStatusSection('scraping', () => ({ datFiles: dats.lastFound(), lastRun: fill.lastRun }))
    scrapingRoutes(scope, fill, dats, () => machines.version)
    // Looked for once ready (a route or a fill looks again): the start does not wait on it.
    context.onReady(() => { void dats.files() })
  }
})
