import { apiGroups } from '../core/api-groups.js'
import { errorResponses, HubError, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import type { MachineLibrary } from './machine-library.js'
import type { RomsetService } from './romset-service.js'
import { machineView } from './views.js'
import { AuditQuery, AuditView, DryRunQuery, FilterBody, FilterResult, MachineParams, MachineView, reloadHint, SystemParams, UnfilterResult } from './schemas.js'

const tags = [apiGroups.roms.name]

export function romsRoutes (app: HubApp, machines: MachineLibrary, romset: RomsetService): void {
  app.get('/api/v1/roms/machines/:name', {
    schema: { tags, summary: 'What the MAME on this machine reports for one machine: players, buttons, controls, flags; 404 MACHINE_NOT_FOUND, or MAME_UNAVAILABLE without a MAME', params: MachineParams, response: { 200: MachineView, ...errorResponses(400, 404) } }
  }, async (request) => {
    const name = request.params.name.toLowerCase()
    await machines.lookup([name])
    const machine = machines.machine(name)
    if (machine !== null) return machineView(machine)
    if (machines.knowledge(name) === 'unknown') throw new HubError(404, 'MACHINE_NOT_FOUND', `MAME ${machines.version ?? ''} has no machine ${name}`)
    // No machine data here without a MAME to ask: the code tells it from a name MAME does not know.
    throw new HubError(404, 'MAME_UNAVAILABLE', machines.status().problem ?? 'MAME cannot be asked')
  })

  app.get('/api/v1/roms/:system/audit', {
    schema: { tags, summary: 'Every rom of a system with its MAME machine data and flags (unknown, clone, bios, device, mechanical, not working), paged', params: SystemParams, querystring: AuditQuery, response: { 200: AuditView, ...errorResponses(400, 404) } }
  }, async (request) => romset.audit(request.params.system, request.query.offset, request.query.limit))

  app.post('/api/v1/roms/:system/filters', {
    schema: { tags, summary: 'Hide the games a romset filter picks (<hidden>true</hidden> in the gamelist; backup first, 409 when the frontend wrote the file meanwhile)', params: SystemParams, body: FilterBody, response: { 200: FilterResult, ...errorResponses(...jsonBodyErrors, 404, 409, 422) } }
  }, async (request) => {
    const { hide, players, buttons, dryRun } = request.body
    return { ...await romset.applyFilter(request.params.system, { hide, players, buttons }, dryRun), reload: reloadHint }
  })

  app.delete('/api/v1/roms/:system/filters', {
    schema: { tags, summary: 'Show again the games the romset filters hid, restoring the gamelist bytes they changed', params: SystemParams, querystring: DryRunQuery, response: { 200: UnfilterResult, ...errorResponses(404, 409, 422) } }
  }, async (request) => ({ ...await romset.removeFilters(request.params.system, request.query.dryRun), reload: reloadHint }))
}
