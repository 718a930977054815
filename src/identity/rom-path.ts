/**
 * Rom file names and stems from the rom paths the frontend hands us. A hub on Linux also sees
 * Windows paths (a RetroBat cabinet posting hooks, a gamelist written on Windows), and Node's
 * `path` only splits on its own platform's separator (`path.parse('C:\\roms\\mame\\1943.zip')`
 * on Linux is one name), so both `/` and `\` separate here, on every OS.
 *
 * Choices, all tested in test/identity/identity.test.ts:
 * - A colon is never a separator: `C:\roms\x.zip` splits on its backslashes, and a name holding
 *   a colon stays whole. Drive-relative paths (`C:x.zip`) are not something the frontend writes.
 * - Trailing separators are ignored (`/roms/mame/1943.zip/` names `1943.zip`).
 * - A backslash inside a POSIX file name is taken as a separator; no frontend writes one.
 */

const separators = /[\\/]+/

/** `C:\roms\mame\1943.zip`, `\\server\share\x.7z` or `/roms/mame/1943.zip` -> `1943.zip`; '' for a bare root. */
export function romFileName (romPath: string): string {
  const parts = romPath.trim().split(separators).filter((part) => part !== '')
  return parts.at(-1) ?? ''
}

/**
 * The rom's name without its last extension, the rom id of a SelectionKey:
 * `Super Mario Bros. 3 (USA).nes` -> `Super Mario Bros. 3 (USA)`, `a.zip.7z` -> `a.zip`.
 *
 * Only the last extension goes, as EmulationStation's own stem (the game-start hook's second
 * argument) does: keys computed here then match the ones built from that argument, and `a.zip`
 * and `a.zip.7z` stay two roms (the playable-games list depends on it). A name with no dot, or
 * whose only dot leads (`.hidden`), is its own stem; ES would give '' there, which names nothing.
 * A folder rom with a dot in its name (`Dr. Mario`) loses its tail (`Dr`), as in ES.
 */
export function romStem (romPath: string): string {
  const fileName = romFileName(romPath)
  const dot = fileName.lastIndexOf('.')
  return dot > 0 ? fileName.slice(0, dot) : fileName
}
