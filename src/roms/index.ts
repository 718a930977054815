/**
 * The Roms Manager: machine data from the MAME on the cabinet (cached per MAME version), rom audits
 * and romset filters over the gamelists. The machine data is also a service: the control panels
 * derive arcade panels from it, the scraping fills gamelist fields from it.
 */
import { defineModule } from '../core/module.js'
import { serviceKey } from '../core/services.js'
import { frontendInstallService } from '../frontends/index.js'
import { catalogService } from '../library/index.js'
import { romsEvents } from './events.js'
import { systemGamelist } from './gamelists.js'
import { HiddenStore, hiddenStoreMigrations } from './hidden-store.js'
import { MachineLibrary, type MachineData } from './machine-library.js'
import { MachineStore, machineStoreMigrations, mameVersionsMigration } from './machine-store.js'
import { locateMame } from './mame/locate.js'
import { MameProcess } from './mame/process.js'
import { romsOptions } from './options.js'
import { machineNameOf } from './romset.js'
import { RomsetService } from './romset-service.js'
import { romsRoutes } from './routes.js'

export const machineDataService = serviceKey<MachineData>()('machineData')

/** Systems whose roms are MAME machines. */
export const arcadeSystems: ReadonlySet<string> = new Set(['mame', 'fbneo', 'arcade', 'neogeo', 'cps1', 'cps2', 'cps3', 'naomi', 'atomiswave', 'mame-advmame', 'hbmame'])

export const romsModule = defineModule({
  name: 'roms',
  gate: 'roms',
  managers: [{ id: 'roms', title: 'Roms Manager', esKey: 'roms_manager', parent: null, description: 'Romset filters, pack installers and gamelists.' }],
  // The offline fill works from the same machine data, so its runs come on this stream too.
  streams: [{ name: 'roms', description: 'Roms Manager, pack installer and offline scraping runs.', prefixes: ['roms.', 'rom-pack.', 'romset.'], extraTypes: [], aliases: [] }],
  options: romsOptions,
  // Applied in this order, each once: a new step goes last.
  migrations: [...machineStoreMigrations, ...hiddenStoreMigrations, mameVersionsMigration],
  events: romsEvents,
  needs: [catalogService, frontendInstallService],
  provides: [machineDataService],
  register: async (scope, context) => {
    const { options, logger, enabled, publisher } = context
    const running = new AbortController()
    const install = context.deps.frontendInstall
    const located = locateMame(options.mameExe, { searchPath: process.env.PATH ?? '', platform: process.platform, frontendRoot: install.root })
    const machines = new MachineLibrary({
      adapter: 'executable' in located ? new MameProcess(located.executable, running.signal) : null,
      missing: 'problem' in located ? located.problem : null,
      store: new MachineStore(context.db),
      logger,
      now: context.now,
      onImported: (version, count) => publisher.publish('roms.machines.imported', { MameVersion: version, Machines: count })
    })
    context.provide(machineDataService, machines)
    const catalog = context.deps.catalog
    const romset = new RomsetService({
      machines,
      catalog,
      hidden: new HiddenStore(context.db),
      gamelist: (system) => systemGamelist(install, context.core.dataDir, system),
      publisher,
      now: context.now
    })

    context.onStart('mame-machines', async () => {
      await machines.start()
      if (!enabled || !options.mameImport) machines.importSwitchedOff()
      // The arcade games of the library first, a page per MAME call, so their panels and audits
      // need not wait for the full list; then the full list, in the background.
      const arcadeRoms = catalog.systemIds().filter((s) => arcadeSystems.has(s.toLowerCase())).flatMap((s) => catalog.gamesOf(s).map((g) => machineNameOf(g.romPath)))
      const startedAt = context.now().getTime()
      void machines.lookup(arcadeRoms).then(() => {
        if (!enabled || !options.mameImport) return
        const wait = Math.max(0, startedAt + options.mameImportDelaySeconds * 1000 - context.now().getTime())
        importTimer = setTimeout(() => { void machines.importAll() }, wait)
        importTimer.unref()
      })
    })
    let importTimer: NodeJS.Timeout | undefined
    context.onStop(() => {
      clearTimeout(importTimer)
      machines.stop()
      running.abort()
    })
    context.addStatusSection('roms', () => ({ mame: machines.status() }))
    romsRoutes(scope, machines, romset)
  }
})

export type { MachineData } from './machine-library.js'
export { editSystemGamelist, gamelistGames, systemGamelist, type SystemGamelist } from './gamelists.js'
export type { MachineInfo } from './machine.js'
export { machineNameOf } from './romset.js'
