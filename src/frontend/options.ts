/** How the frontend link listens: hook doors, pacing, probes and the input backend. */
import { Type } from 'typebox'
import { option, type ConfigOf } from '../core/options.js'

export const frontendOptions = {
  eventsIni: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'events-ini', description: 'events.ini written by the incumbent\'s hook scripts; watched when set.' }),
  selectionBurstMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 10_000 }), default: 200, flag: null, description: 'Selections closer together than this are a burst: the first is published at once, then at most one (the latest) per interval.' }),
  esProbeIntervalMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 100, maximum: 600_000 }), default: 2000, flag: null, description: 'How often the frontend web API is probed for ui.frontend.started/stopped.' }),
  watchPollMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 10, maximum: 60_000 }), default: 150, flag: null, description: 'How often the events.ini and spool folder watches look for a folder that does not exist yet; also how often they walk the folder where the system gives no file events for it (a network share).' }),
  controlBackend: option({ kind: 'string', schema: Type.Union([Type.Literal('dry-run'), Type.Literal('simulator'), Type.Literal('xdotool')]), default: 'dry-run', flag: 'control-backend', description: 'How frontend-control inputs are sent: dry-run (planned only), simulator (the simulated frontend\'s /sim/input) or xdotool (X11 keys to the frontend window, keys from es_input.cfg).' }),
  xdotoolWindowClass: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: null, description: 'X window class of the frontend window the xdotool backend sends keys to; default the family\'s own (ES\'s SDL window has class `emulationstation` and no fixed title, ES-DE\'s `es-de`).' }),
  hookReorderMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 0, maximum: 5000 }), default: 15, flag: null, description: 'How long after it was fired a hook our scripts spooled waits for hooks the frontend fired just before it (ES starts the hooks of a burst all at once, and they finish in any order); they are then applied in the order they were fired. Each hook waits from its own time, so the waits of a scrolling player overlap. 0 applies each on arrival.' }),
  reconcileIntervalMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 500, maximum: 600_000 }), default: 1000, flag: null, description: 'How often the frontend web API is asked what runs while the frontend is up, to publish a game start or end whose hook never ran (marked inferred): once a second keeps such a start or end within 1.5 s of happening.' }),
  reconcileHintMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 50, maximum: 60_000 }), default: 1500, flag: null, description: 'How long after a hint that a start or end is due (a settings write, a launch, the screensaver stopping) the web API is asked, if the hook has not come by then.' })
} as const

export type FrontendConfig = ConfigOf<typeof frontendOptions>
