/**
 * A posted hook names the spool folder its script was installed for, so that only the service of
 * that folder applies it: two services on one machine each have their own data dir and port, and
 * a script installed for one (with the port it had then) may post to the port of the other. The
 * other answers 421 and the script leaves the hook in its own spool folder, where its service reads
 * it. The header carries the folder's UTF-8 bytes, as curl.exe sends them from our batch script.
 */
import { samePath } from '../core/same-path.js'

export const spoolHeader = 'x-cabinet-hub-spool'

/** The header's value for `spoolDir`: its UTF-8 bytes, one character each (HTTP headers are bytes). */
export const spoolHeaderValue = (spoolDir: string): string => Buffer.from(spoolDir, 'utf8').toString('latin1')

/** The other spool folder a posted hook was installed for; null when it names ours, or none (an older script, a hand-made post). */
export function otherSpoolNamed (header: string | string[] | undefined, spoolDir: string): string | null {
  if (typeof header !== 'string' || header === '') return null
  const named = Buffer.from(header, 'latin1').toString('utf8')
  return samePath(named, spoolDir) ? null : named
}
