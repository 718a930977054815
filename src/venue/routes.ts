import { apiGroups } from '../core/api-groups.js'
import { scriptUrl } from '../core/browser-scripts.js'
import { errorResponses, HubError } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import { venueHtml } from './page.js'
import type { VenueRegistry } from './registry.js'
import { VenueCabinetsResponse, VenueHiscoreParams, VenueHiscoresResponse } from './schemas.js'

const tags = [apiGroups.gameEvents.name]

export function venueRoutes (app: HubApp, registry: VenueRegistry): void {
  app.get('/api/v1/venue/cabinets', {
    schema: { tags, summary: 'Every cabinet the broker has told the venue about: online, what it shows, live score', response: { 200: VenueCabinetsResponse, ...errorResponses() } }
  }, async () => ({ cabinets: registry.cabinets() }))

  app.get('/api/v1/venue/hiscores/:system/:rom', {
    schema: { tags, summary: 'A game\'s hiscores merged across the cabinets: the best score of each player, with the cabinet it was made on', params: VenueHiscoreParams, response: { 200: VenueHiscoresResponse, ...errorResponses(404) } }
  }, async (request) => {
    const { system, rom } = request.params
    const scores = registry.mergedHiscores(system, rom)
    if (scores === null) throw new HubError(404, 'NO_HISCORES', `No cabinet has published hiscores of ${system}/${rom}`)
    return { system, rom, scores }
  })

  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(venueHtml(await scriptUrl('venue'))))
}
