/**
 * `/tmp/es_state.inf`: what Recalbox's EmulationStation writes before it publishes each event.
 * `key=value` lines ending in CRLF, no quoting or escaping: a line splits at its first `=`.
 */
export type StateFile = ReadonlyMap<string, string>

export function parseStateFile (text: string): StateFile {
  const values = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const equals = line.indexOf('=')
    if (equals > 0) values.set(line.slice(0, equals), line.slice(equals + 1))
  }
  return values
}
