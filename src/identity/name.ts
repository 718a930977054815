/**
 * Names that become path segments (system ids, roms, file stems): a hook, a URL or a file can
 * carry any text, and a name must never climb out of the folder it is joined to.
 */
import path from 'node:path'

// eslint-disable-next-line no-control-regex
const notInAName = /[/\\\u0000-\u001f\u007f]/

/** Why `value` cannot be one path segment (`what` names it in the sentence), or null when it can. */
export function nameProblem (value: string, what: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '' || trimmed === '.' || trimmed === '..' || notInAName.test(value)) {
    return `${what} "${value}" is not a name: it must not be empty, "." or "..", nor hold / \\ or control characters`
  }
  return null
}

export const isPlainName = (value: string): boolean => nameProblem(value, '') === null

/** `root` joined with each name, or null when one of them is not a plain name. */
export function pathOfNames (root: string, ...names: readonly string[]): string | null {
  return names.every(isPlainName) ? path.join(root, ...names) : null
}
