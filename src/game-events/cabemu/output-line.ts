/** The lines of the MAME network output protocol: `name = value`. */

export type OutputMessage =
  | { readonly kind: 'start', readonly machineName: string }
  | { readonly kind: 'stop' }
  | { readonly kind: 'signal', readonly key: string, readonly value: number }

const integer = /^[+-]?\d{1,15}$/

/** The message of one line; null for garbage (no `=`, empty name, non-integer value). */
export function parseOutputLine (line: string): OutputMessage | null {
  const equals = line.indexOf('=')
  if (equals < 0) return null
  const name = line.slice(0, equals).trim()
  const value = line.slice(equals + 1).trim()
  if (name === '' || /[\s\p{Cc}]/u.test(name)) return null
  if (name === 'mame_start') return value === '' ? null : { kind: 'start', machineName: value }
  if (name === 'mame_stop') return { kind: 'stop' }
  return integer.test(value) ? { kind: 'signal', key: name, value: Number(value) } : null
}
