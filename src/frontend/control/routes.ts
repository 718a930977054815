import { apiGroups } from '../../core/api-groups.js'
import { errorResponses, HubError, jsonBodyErrors } from '../../core/errors.js'
import type { HubApp } from '../../core/module.js'
import { codedBodyRules, ruleViolation } from '../../core/validation.js'
import { FrontendUnreachableError, navigationInputs, type FrontendResponse, type FrontendWebApi } from '../../frontends/index.js'
import type { FrontendController } from './controller.js'
import { ActionResultSchema, ComboBody, ControllerStatus, emptySequenceRule, EsCallResponse, GotoGameBody, GotoSystemBody, missingGameRule, NotifyBody, StopResponse, TapBody } from './schemas.js'

const tags = [apiGroups.context.name]
const prefix = '/api/v1/es/controller'
const actionErrors = errorResponses(...jsonBodyErrors, 403, 404, 409)

/** Forwards one call to the frontend: 502 when it does not answer, its status and body when it refuses; 501 from a family that cannot do it (FrontendUnsupportedError). */
async function forward (call: () => Promise<FrontendResponse>) {
  let response: FrontendResponse
  try {
    response = await call()
  } catch (error) {
    if (error instanceof FrontendUnreachableError) throw new HubError(502, 'ES_UNREACHABLE', `The frontend web API does not answer (${error.message})`)
    throw error
  }
  if (response.status < 200 || response.status > 299) throw new HubError(502, 'ES_REJECTED', `The frontend answered HTTP ${response.status}: ${response.body.slice(0, 200)}`)
  return { requested: true as const, esStatusCode: response.status, esResponse: response.body }
}

export function controllerRoutes (app: HubApp, controller: FrontendController, es: FrontendWebApi): void {
  app.get(`${prefix}/status`, {
    schema: { tags, summary: 'Frontend controller: backend, readiness, current position, running and last action', response: { 200: ControllerStatus, ...errorResponses() } }
  }, async () => ({ ...await controller.status(), supportedInputs: [...navigationInputs] }))

  app.post(`${prefix}/tap`, {
    schema: { tags, summary: 'Send one input, count times', body: TapBody, response: { 200: ActionResultSchema, ...actionErrors } }
  }, async (request) => controller.tap(request.body.input, request.body.count, request.body))

  app.post(`${prefix}/combo`, {
    schemaErrorFormatter: codedBodyRules(emptySequenceRule),
    schema: { tags, summary: 'Send a sequence of inputs', body: ComboBody, response: { 200: ActionResultSchema, ...actionErrors } }
  }, async (request) => controller.combo(request.body.inputs, request.body))

  app.post(`${prefix}/stop`, {
    schema: { tags, summary: 'Stop the running action after its current input', response: { 200: StopResponse, ...errorResponses(403) } }
  }, async () => controller.stop())

  app.post(`${prefix}/goto-system`, {
    schema: { tags, summary: 'Experimental: move the carousel to a system with taps, verified by the selection hooks (unreliable on some themes; prefer tap/combo or launch)', body: GotoSystemBody, response: { 200: ActionResultSchema, ...actionErrors } }
  }, async (request) => controller.gotoSystem(request.body.system, request.body, request.body.verifyTimeoutMs))

  app.post(`${prefix}/goto-game`, {
    schemaErrorFormatter: codedBodyRules(missingGameRule),
    schema: { tags, summary: 'Experimental: navigate to a game with taps, verified by the selection hooks (unreliable on some themes and views; prefer launch)', body: GotoGameBody, response: { 200: ActionResultSchema, ...actionErrors } }
  }, async (request) => {
    const { system, gamePath, gameName } = request.body
    if (gamePath === undefined && gameName === undefined) throw ruleViolation(missingGameRule)
    return controller.gotoGame(system, { gamePath, gameName }, request.body, request.body.verifyTimeoutMs)
  })

  app.post(`${prefix}/reloadgames`, {
    schema: { tags, summary: 'Ask the frontend to reload every gamelist. Explicit only: the user\'s cursor is lost, so nothing calls it automatically', response: { 200: EsCallResponse, ...errorResponses(403, 501, 502) } }
  }, async () => forward(async () => es.reloadGames()))

  app.post(`${prefix}/notify`, {
    schema: { tags, summary: 'Show a native notification in the frontend', body: NotifyBody, response: { 200: EsCallResponse, ...errorResponses(...jsonBodyErrors, 403, 501, 502) } }
  }, async (request) => forward(async () => es.notify(request.body.message)))
}
