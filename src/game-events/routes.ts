import { apiGroups } from '../core/api-groups.js'
import { errorResponses, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import { DefinitionBody, DefinitionParams, DefinitionResponse, IngameStatusResponse } from './schemas.js'
import type { GameEventsService } from './service.js'

const tags = [apiGroups.gameEvents.name]

export function gameEventsRoutes (app: HubApp, service: GameEventsService): void {
  app.get('/api/v1/ingame/status', {
    schema: { tags, summary: 'In-game sources, running content, the watch definition in use and the last values read', response: { 200: IngameStatusResponse, ...errorResponses(404) } }
  }, async () => service.status())

  app.get('/api/v1/ingame/definitions/:system/:rom', {
    schema: { tags, summary: 'The watch definition of a game', params: DefinitionParams, response: { 200: DefinitionResponse, ...errorResponses(400, 404) } }
  }, async (request) => service.getDefinition({ systemId: request.params.system, rom: request.params.rom }))

  app.put('/api/v1/ingame/definitions/:system/:rom', {
    schema: {
      tags,
      summary: 'Store the watch definition of a game; the running game switches to it at once',
      params: DefinitionParams,
      body: DefinitionBody,
      response: { 200: DefinitionResponse, ...errorResponses(...jsonBodyErrors, 403, 404) }
    }
  }, async (request) => service.putDefinition({ systemId: request.params.system, rom: request.params.rom }, request.body))
}
