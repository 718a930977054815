/**
 * What other modules tell the frontend link of the cabinet's own controls. What the link applied
 * they learn from its facts (facts.ts), in the bus's one order; nothing else comes out of it.
 */
import { serviceKey } from '../core/services.js'

export interface FrontendNavigation {
  /** A joystick direction, OK or BACK was pressed on the cabinet's panel at `atMs`: outside a game it moves the frontend's cursor. */
  panelNavigation (atMs: number): void
}

export const frontendNavigationService = serviceKey<FrontendNavigation>()('frontendNavigation')
