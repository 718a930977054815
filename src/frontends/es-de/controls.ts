/**
 * Driving ES-DE: it takes inputs only from the keyboard and controllers (frontends.md §3), so by
 * X11 keys to its window (class `es-de`, as ES-DE's own docs find it with xdotool). Its OK button
 * is `a` (Enter) and back `b` (Backspace); without a keyboard section in `settings/es_input.xml`
 * its built-in keys apply.
 */
import path from 'node:path'
import type { FrontendControls } from '../adapter.js'
import type { NavigationInput } from '../controls.js'
import { SimulatorBackend, XdotoolBackend } from '../emulationstation/index.js'

/** ES-DE's default keyboard (USERGUIDE): arrows, Enter = A, Backspace = B, Escape = Start, F1 = Back, PgUp/PgDn = shoulders. */
const builtInKeys: Readonly<Record<NavigationInput, string>> = {
  up: 'Up', down: 'Down', left: 'Left', right: 'Right', a: 'Return', b: 'BackSpace', start: 'Escape', select: 'F1', pageup: 'Prior', pagedown: 'Next'
}

export const esDeControls: FrontendControls = {
  ok: 'a',
  back: 'b',
  listsWrap: true,
  windowClass: 'es-de',
  // ES-DE takes no input over HTTP: the simulator backend reports that it cannot reach it.
  backend: (kind, context) => kind === 'simulator'
    ? new SimulatorBackend(context.webApi)
    : new XdotoolBackend({ xdotool: '/usr/bin/xdotool', inputFile: context.esConfigDir === null ? null : path.join(context.esConfigDir, 'settings', 'es_input.xml'), builtInKeys, windowClass: context.windowClass, display: context.display })
}
