import { apiGroups } from '../core/api-groups.js'
import { errorResponses, HubError, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import { loopbackOnly } from '../core/security.js'
import { codedBodyRules } from '../core/validation.js'
import type { LibraryCatalog } from '../library/index.js'
import type { GameMedia } from '../media/index.js'
import { readEventsIni } from './events-ini.js'
import type { HookIntake } from './intake.js'
import { EsRejectedError, type LaunchCommand } from './launch.js'
import { ContextStateResponse, CurrentGameResponse, CurrentSystemResponse, IngestBody, IngestResponse, LaunchBody, LaunchErrorBody, LaunchResponse, missingRomRule } from './schemas.js'
import type { FrontendLink } from './service.js'
import { otherSpoolNamed, spoolHeader } from './spool-header.js'
import { contextStateView, gameView, systemView } from './views.js'

export interface FrontendRouteDeps {
  readonly intake: HookIntake
  readonly link: FrontendLink
  readonly catalog: LibraryCatalog
  readonly media: GameMedia
  readonly launch: LaunchCommand
  /** The spool folder of this service: a hook posted for another is not ours. */
  readonly spoolDir: string
}

const contextTags = [apiGroups.context.name]

/** The launch route's documented errors, plus any other status ES may answer (passed through), all as LaunchErrorBody. */
const launchErrors = {
  ...Object.fromEntries(Object.keys(errorResponses(...jsonBodyErrors, 403, 404, 501, 502)).map((status) => [status, LaunchErrorBody])),
  '4xx': LaunchErrorBody,
  '5xx': LaunchErrorBody
}

export function ingestRoutes (app: HubApp, { intake, spoolDir }: FrontendRouteDeps): void {
  app.post('/api/v1/ingest/es-event', {
    preHandler: loopbackOnly,
    schema: {
      tags: [apiGroups.internal.name],
      summary: 'Frontend hook intake (loopback only): JSON { event, args }, or text/plain in events.ini format; 421 for a hook whose X-Cabinet-Hub-Spool names another service\'s spool folder',
      body: IngestBody,
      response: { 202: IngestResponse, ...errorResponses(...jsonBodyErrors, 403, 421) }
    }
  }, async (request, reply) => {
    const other = otherSpoolNamed(request.headers[spoolHeader], spoolDir)
    if (other !== null) throw new HubError(421, 'OTHER_SERVICE', `this hook was installed for the service that reads ${other}; this one reads ${spoolDir}`)
    let hook
    if (typeof request.body === 'string') {
      const parsed = readEventsIni(request.body)
      if (typeof parsed === 'string') throw new HubError(400, 'INVALID_HOOK', `text/plain hook in events.ini format: ${parsed}`)
      hook = { ...parsed, hookId: null }
    } else {
      hook = { event: request.body.event, args: request.body.args ?? [], hookId: request.body.hookId ?? null }
    }
    const result = await intake.submit(hook)
    if (!result.accepted) throw new HubError(400, 'INVALID_HOOK', result.reason)
    return reply.code(202).send({ accepted: true as const, sequence: result.sequence, duplicate: result.duplicate })
  })
}

export function contextRoutes (app: HubApp, { link, catalog, media, launch }: FrontendRouteDeps): void {
  app.get('/api/v1/context/state', {
    schema: { tags: contextTags, summary: 'Context: state (browsing/playing), selected system, selected and running game', response: { 200: ContextStateResponse, ...errorResponses() } }
  }, async () => contextStateView(link.context.snapshot(), catalog, media))

  app.get('/api/v1/context/current-game', {
    schema: { tags: contextTags, summary: 'The running game, else the selected one, with details and launch info; 404 when there is none', response: { 200: CurrentGameResponse, ...errorResponses(404) } }
  }, async () => {
    const current = link.context.currentGame()
    if (current === null) {
      if (link.context.empty) throw new HubError(404, 'NO_CONTEXT', 'No game selected or running yet: the context fills with the frontend\'s next selection')
      throw new HubError(404, 'NO_GAME', 'A system is selected; no game is selected or running')
    }
    const view = await gameView(current, catalog, media)
    return { state: link.context.snapshot().state, systemId: view.systemId, gameId: view.gameId, path: view.gamePath, name: view.gameName, details: view.details, launch: view.launch }
  })

  app.get('/api/v1/context/current-system', {
    schema: { tags: contextTags, summary: 'The selected system; 404 when none is', response: { 200: CurrentSystemResponse, ...errorResponses(404) } }
  }, async () => {
    const snapshot = link.context.snapshot()
    if (snapshot.selectedSystem === null) throw new HubError(404, 'NO_SYSTEM', 'No system selected yet')
    return { state: snapshot.state, system: systemView(snapshot.selectedSystem, catalog) }
  })

  app.post('/api/v1/commands/launch', {
    schemaErrorFormatter: codedBodyRules(missingRomRule),
    schema: {
      tags: contextTags,
      summary: 'Launch a rom through the frontend (acknowledged on /ws/control as commands.launch.*)',
      body: LaunchBody,
      response: { 202: LaunchResponse, ...launchErrors }
    }
  }, async (request, reply) => {
    try {
      return reply.code(202).send(await launch.launch(request.body))
    } catch (error) {
      if (!(error instanceof EsRejectedError)) throw error
      return reply.code(error.status).send({ message: 'EmulationStation rejected the launch', code: 'ES_REJECTED' as const, romPath: error.romPath, esStatusCode: error.status, esResponse: error.esBody })
    }
  })
}
