/**
 * What the link applied, told to other modules before any ui.* event it causes is published: the
 * panels module publishes a started game's panel.state ahead of its ui.game.started. Starts and
 * ends the web API showed (no hook ran) come through here too.
 */
import { serviceKey } from '../core/services.js'
import type { FrontendAction } from '../frontends/index.js'
import type { ContextSnapshot } from './context.js'

export interface AppliedAction {
  readonly action: FrontendAction
  /** The context after the action. */
  readonly context: ContextSnapshot
  readonly sequence: number
  readonly correlationId: string
}

export interface FrontendActions {
  /** Calls the listener synchronously for each applied action; returns the unsubscribe. */
  listen (listener: (applied: AppliedAction) => void): () => void
  /** A joystick direction, OK or BACK was pressed on the cabinet's panel at `atMs`: outside a game it moves the frontend's cursor. */
  panelNavigation (atMs: number): void
}

export const frontendActionsService = serviceKey<FrontendActions>('frontend.actions')

export class FrontendActionFeed implements Pick<FrontendActions, 'listen'> {
  readonly #listeners = new Set<(applied: AppliedAction) => void>()

  listen (listener: (applied: AppliedAction) => void): () => void {
    this.#listeners.add(listener)
    return () => { this.#listeners.delete(listener) }
  }

  emit (applied: AppliedAction): void {
    for (const listener of this.#listeners) listener(applied)
  }
}
