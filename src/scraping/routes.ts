import { apiGroups } from '../core/api-groups.js'
import { errorResponses, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import type { LocalDats } from './dats/local-dats.js'
import type { ScrapingFill } from './fill.js'
import { FillBody, FillResult, ScrapingStatus, SystemParams } from './schemas.js'

const tags = [apiGroups.autoScraping.name]

export function scrapingRoutes (app: HubApp, fill: ScrapingFill, dats: LocalDats, mameVersion: () => string | null): void {
  app.post('/api/v1/scraping/:system/fill', {
    schema: { tags, summary: 'Fill empty gamelist fields from MAME\'s machine data and the local dat files (never a value the user has; backup first)', params: SystemParams, body: FillBody, response: { 200: FillResult, ...errorResponses(...jsonBodyErrors, 404, 409, 422) } }
  }, async (request) => fill.fill(request.params.system, request.body.fields, request.body.dryRun))

  app.get('/api/v1/scraping/status', {
    schema: { tags, summary: 'Offline scraping: MAME, the dat files found, the last run', response: { 200: ScrapingStatus, ...errorResponses() } }
  }, async () => {
    const version = mameVersion()
    return { source: 'offline' as const, mame: { available: version !== null, version }, datFiles: await dats.files(), lastRun: fill.lastRun }
  })
}
