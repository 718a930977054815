import { apiGroups } from '../core/api-groups.js'
import { errorResponses, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import type { CustomCollections } from './collections.js'
import { CollectionBody, CollectionResponse, collectionSources } from './schemas.js'
import { sourceErrors } from './source-errors.js'

const tags = [apiGroups.themes.name]

export async function themesRoutes (app: HubApp, collections: CustomCollections): Promise<void> {
  app.post('/api/v1/collections', {
    schemaErrorFormatter: sourceErrors(collectionSources),
    schema: { tags, summary: 'Write a custom collection of the frontend (collections/custom-<name>.cfg) from the favorites, the player\'s hiscores or a romset filter', body: CollectionBody, response: { 201: CollectionResponse, ...errorResponses(...jsonBodyErrors, 409) } }
  }, async (request, reply) => {
    return reply.code(201).send(await collections.write(request.body))
  })
}
