import { apiGroups } from '../core/api-groups.js'
import { errorResponses, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import type { PlayerService } from './players/player-service.js'
import { CurrentPlayerBody, CurrentPlayerResponse, GameParams, HiscoreQuery, HiscoreResponse, MyBestResponse, NewPlayerBody, PlayerProfile, PlayersResponse } from './schemas.js'
import type { HiscoreService } from './service.js'

const tags = [apiGroups.gameEvents.name]

export function hiscoreRoutes (app: HubApp, hiscores: HiscoreService, players: PlayerService): void {
  app.get('/api/v1/hiscores', {
    schema: { tags, summary: 'Hiscore table of the running game, else the selected one, with `Me`', querystring: HiscoreQuery, response: { 200: HiscoreResponse, ...errorResponses(400, 404) } }
  }, async (request) => hiscores.current(request.query.ids, request.query.md5))

  app.get('/api/v1/hiscores/:system/:rom', {
    schema: { tags, summary: 'Hiscore table of any game', params: GameParams, response: { 200: HiscoreResponse, ...errorResponses(400, 404) } }
  }, async (request) => hiscores.forGame(request.params.system, request.params.rom))

  app.get('/api/v1/hiscores/:system/:rom/me', {
    schema: { tags, summary: 'The player\'s best on a game, and the score to beat for the next rank', params: GameParams, response: { 200: MyBestResponse, ...errorResponses(400, 404) } }
  }, async (request) => hiscores.mine(request.params.system, request.params.rom))

  app.get('/api/v1/players', {
    schema: { tags, summary: 'Player profiles', response: { 200: PlayersResponse, ...errorResponses(404) } }
  }, async () => ({ players: players.list() }))

  app.post('/api/v1/players', {
    schema: { tags, summary: 'Add or update a player profile', body: NewPlayerBody, response: { 200: PlayerProfile, ...errorResponses(...jsonBodyErrors, 403, 404) } }
  }, async (request) => players.save(request.body))

  app.get('/api/v1/players/current', {
    schema: { tags, summary: 'The player at the cabinet', response: { 200: CurrentPlayerResponse, ...errorResponses(404) } }
  }, async () => players.current())

  app.put('/api/v1/players/current', {
    schema: { tags, summary: 'Choose the player at the cabinet (an existing profile, or a new one)', body: CurrentPlayerBody, response: { 200: CurrentPlayerResponse, ...errorResponses(...jsonBodyErrors, 403, 404) } }
  }, async (request) => players.choose(request.body.name))
}
