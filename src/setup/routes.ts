/**
 * `GET /api/v1/setup` and the buttons' routes. The buttons answer only the page this service
 * served, opened on the cabinet (ownPageOnly); each answers what it changed and tells the page
 * over `/ws/system` (setup.changed) that the list is worth fetching again.
 */
import { apiGroups } from '../core/api-groups.js'
import { errorResponses, jsonBodyErrors } from '../core/errors.js'
import type { HubApp, ModuleContext } from '../core/module.js'
import { ownPageOnly } from '../core/security.js'
import type { ChangedResponseType, SetupResponseType } from './schemas.js'
import { ChangedResponse, FrontendChoice, SetupResponse, UndoBody } from './schemas.js'
import type { setupEvents } from './events.js'

const tags = [apiGroups.system.name]

/** A button: its route under /api/v1/setup/, and what it does (undo: the DELETE, or `{undo:true}`). */
export interface Button {
  readonly route: string
  readonly summary: string
  readonly undoable: boolean
  run (undo: boolean): Promise<ChangedResponseType> | ChangedResponseType
}

type Publisher = ModuleContext<never, typeof setupEvents>['publisher']

export function setupRoutes (app: HubApp, publisher: Publisher, list: () => Promise<SetupResponseType>, buttons: readonly Button[], choose: (choice: { root: string, profile: string }) => Promise<ChangedResponseType>): void {
  app.get('/api/v1/setup', {
    config: { localPagesOnly: true },
    schema: { tags, summary: 'The setup list: what the service found of the frontend, its hooks, MAME, RetroArch, the start at boot and the data dir, each with the button that fixes it', response: { 200: SetupResponse, ...errorResponses() } }
  }, async () => list())

  const done = (action: string, undo: boolean, answer: ChangedResponseType): ChangedResponseType => {
    publisher.publish('setup.changed', { Action: action, Undo: undo, Changed: answer.changed })
    return answer
  }
  // Before the body is read or validated: a refused caller learns nothing of what the route would take.
  const guarded = { onRequest: ownPageOnly }
  const responses = { 200: ChangedResponse, ...errorResponses(...jsonBodyErrors, 403, 409) }
  for (const button of buttons) {
    app.post(`/api/v1/setup/${button.route}`, {
      ...guarded,
      schema: { tags, summary: `${button.summary} (the setup page on this machine only)`, ...(button.undoable ? { body: UndoBody } : {}), response: responses }
    }, async (request) => {
      const undo = (request.body as { undo?: boolean } | undefined)?.undo === true
      return done(button.route, undo, await button.run(undo))
    })
    if (!button.undoable) continue
    app.delete(`/api/v1/setup/${button.route}`, {
      ...guarded,
      schema: { tags, summary: `Undo: ${button.summary} (the setup page on this machine only)`, response: responses }
    }, async () => done(button.route, true, await button.run(true)))
  }

  app.post('/api/v1/setup/frontend', {
    ...guarded,
    schema: { tags, summary: 'Write the frontend the owner chose into the config file the next start reads (the setup page on this machine only)', body: FrontendChoice, response: responses }
  }, async (request) => done('frontend', false, await choose(request.body)))
}
