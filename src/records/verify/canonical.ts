/**
 * The byte rules of the signed index (records.md §1.3): each record is one RFC 8785 (JCS) line,
 * the lines are joined by a single LF with no trailing LF, and the root is the lowercase hex
 * SHA-256 of that UTF-8 text. Order is part of what is hashed.
 */
import { createHash, type Hash } from 'node:crypto'
import canonicalize from 'canonicalize'

export class CanonicalError extends Error {
  constructor (readonly path: string, reason: string) {
    super(`${path === '' ? 'value' : path}: ${reason}`)
    this.name = 'CanonicalError'
  }
}

/**
 * Refuses what JCS cannot represent faithfully: the library follows JSON.stringify (it calls
 * toJSON, turns a Map into `{}`, drops undefined members), which would hash something other than
 * the data a caller believes it signed.
 */
function assertPlainJson (value: unknown, path: string): void {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new CanonicalError(path, `${value} has no JSON form`)
    return
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => { assertPlainJson(item, `${path}[${index}]`) })
    return
  }
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value) as unknown
    if (prototype !== Object.prototype && prototype !== null) throw new CanonicalError(path, 'only plain objects are JSON data')
    for (const [key, member] of Object.entries(value)) assertPlainJson(member, path === '' ? key : `${path}.${key}`)
    return
  }
  throw new CanonicalError(path, `a ${typeof value} is not JSON data`)
}

/** The RFC 8785 text of plain JSON data; throws CanonicalError on anything else (lone surrogates included). */
export function canonicalJson (value: unknown): string {
  assertPlainJson(value, '')
  try {
    return canonicalize(value) as string
  } catch (error) {
    throw new CanonicalError('', (error as Error).message)
  }
}

export const canonicalLines = (records: readonly unknown[]): string[] => records.map((record) => canonicalJson(record))

const hex = (hash: Hash): string => hash.digest('hex')

/** SHA-256 (lowercase hex) of the canonical lines joined by LF, without a trailing LF. */
export function computeRoot (records: readonly unknown[]): string {
  return rootOfLines(canonicalLines(records))
}

function rootOfLines (lines: readonly string[]): string {
  return hex(createHash('sha256').update(lines.join('\n'), 'utf8'))
}

/**
 * The root of every prefix of the lines at once (index n holds the root of the first n lines),
 * so a history check over many generations hashes the index once.
 */
export function prefixRoots (lines: readonly string[]): string[] {
  const running = createHash('sha256')
  const roots = [hex(running.copy())]
  lines.forEach((line, index) => {
    running.update(index === 0 ? line : `\n${line}`, 'utf8')
    roots.push(hex(running.copy()))
  })
  return roots
}
