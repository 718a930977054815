/**
 * The one stream table (spec §4.3). Routing, `GET /api/v1/ws/streams` and the AsyncAPI channels
 * are all derived from it, so they cannot disagree.
 */
export interface StreamDefinition {
  readonly name: string
  readonly description: string
  readonly prefixes: readonly string[]
  /** Exact event types delivered besides the prefixes. */
  readonly extraTypes: readonly string[]
  readonly aliases: readonly string[]
}

export const FIREHOSE = '(global)'
export const firehosePath = '/ws'
export const firehoseNote = 'Delivers every event except esevent.* (raw EmulationStation hook traffic).'
const firehoseNames = new Set(['', 'ws', 'global', 'firehose', 'all'])

export const streamTable: readonly StreamDefinition[] = [
  { name: 'frontend', description: 'Frontend navigation and lifecycle: selections, game start and end, other hooks.', prefixes: ['ui.'], extraTypes: [], aliases: [] },
  { name: 'esevent', description: 'Raw frontend hook traffic, as received.', prefixes: ['esevent.'], extraTypes: [], aliases: ['es-event', 'es_event', 'esevents', 'es-events'] },
  { name: 'marquee', description: 'Marquee surface snapshots.', prefixes: ['marquee.'], extraTypes: [], aliases: [] },
  { name: 'topper', description: 'Topper surface snapshots.', prefixes: ['topper.'], extraTypes: [], aliases: [] },
  { name: 'instruction-card', description: 'Instruction-card surface snapshots with controls and cards.', prefixes: ['instruction-card.'], extraTypes: [], aliases: ['instructioncard', 'instruction_card', 'instructions'] },
  { name: 'screen', description: 'Screen surface snapshots (title screen and in-game capture).', prefixes: ['screen.'], extraTypes: [], aliases: [] },
  { name: 'panel', description: 'Control panels: resolved panel state, cabinet configuration, physical inputs, theme events.', prefixes: ['panel.', 'theme.'], extraTypes: ['cpo.panel.config.selected'], aliases: [] },
  { name: 'ingame', description: 'Emulator memory watches and in-game sessions.', prefixes: ['ingame.', 'multiemu.', 'wrapper.'], extraTypes: [], aliases: [] },
  { name: 'arcade', description: 'Arcade emulator sessions and output (lamp) changes; event-only, no REST snapshot.', prefixes: ['arcade.', 'cabemu.', 'cabemu2.', 'outputs.'], extraTypes: [], aliases: [] },
  { name: 'score', description: 'Live score per player (retained).', prefixes: ['score.live.'], extraTypes: [], aliases: ['scores'] },
  { name: 'timer', description: 'Live game timers (retained).', prefixes: ['timer.live.'], extraTypes: [], aliases: ['timers'] },
  { name: 'achievements', description: 'Achievement catalog and session (retained), unlocks, challenges, leaderboards, rich presence.', prefixes: ['achievements.'], extraTypes: [], aliases: ['achievement', 'cheevos'] },
  { name: 'hiscore', description: 'Hiscore tables and captured console scores.', prefixes: ['hiscore.'], extraTypes: [], aliases: ['highscore', 'highscores', 'hiscores'] },
  { name: 'media', description: 'Media store changes.', prefixes: ['media.'], extraTypes: [], aliases: [] },
  { name: 'roms', description: 'Roms Manager and pack installer.', prefixes: ['roms.', 'rom-pack.', 'romset.'], extraTypes: [], aliases: [] },
  { name: 'system', description: 'Service-level events: startup, health, version, config, maintenance, notifications.', prefixes: ['startup.', 'health.', 'version.', 'hub.', 'config.', 'maintenance.', 'rules.', 'notifications.'], extraTypes: [], aliases: [] },
  { name: 'control', description: 'Command and navigation acknowledgements.', prefixes: ['commands.', 'intent.', 'es-control.'], extraTypes: [], aliases: [] }
]

const byName = new Map<string, StreamDefinition>()
for (const stream of streamTable) {
  byName.set(stream.name, stream)
  for (const alias of stream.aliases) byName.set(alias, stream)
}

export interface ResolvedStream {
  /** Canonical stream name, FIREHOSE, or the normalized unknown name. */
  readonly name: string
  readonly known: boolean
}

/** Maps the `<name>` of `/ws/<name>` to its stream: case and surrounding slashes are ignored, aliases resolve. */
export function resolveStream (requested: string): ResolvedStream {
  const normalized = requested.trim().replace(/^\/+|\/+$/g, '').toLowerCase()
  if (firehoseNames.has(normalized)) return { name: FIREHOSE, known: true }
  const stream = byName.get(normalized)
  return stream === undefined ? { name: normalized, known: false } : { name: stream.name, known: true }
}

export function streamIncludes (stream: StreamDefinition, type: string): boolean {
  const lower = type.toLowerCase()
  return stream.extraTypes.includes(lower) || stream.prefixes.some((p) => lower.startsWith(p))
}

export function firehoseIncludes (type: string): boolean {
  return !type.toLowerCase().startsWith('esevent.')
}

/** Every stream (firehose first) that delivers an event type. */
export function streamsFor (type: string): string[] {
  const names = firehoseIncludes(type) ? [FIREHOSE] : []
  for (const stream of streamTable) if (streamIncludes(stream, type)) names.push(stream.name)
  return names
}

