/**
 * Where MAME is: the configured executable, else `mame` on the PATH, else Debian's
 * `/usr/games/mame`. The frontend's emulator settings do not name a MAME binary (RetroBat and
 * Batocera launch through their emulator launcher), so they are not asked.
 */
import { accessSync, constants, statSync } from 'node:fs'
import path from 'node:path'

export interface MameLocation {
  readonly executable: string
  readonly source: 'option' | 'PATH' | 'debian'
}

const debianMame = '/usr/games/mame'

function isExecutable (file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/** `--mame-exe none`: the owner does not want MAME run at all. */
const switchedOff = 'none'

/** The MAME to use, or why there is none. */
export function locateMame (configured: string | null, searchPath: string): MameLocation | { readonly problem: string } {
  if (configured === switchedOff) return { problem: 'MAME is switched off (--mame-exe none); machine data, audits and derived arcade panels go without it' }
  if (configured !== null) {
    return isExecutable(configured) ? { executable: configured, source: 'option' } : { problem: `--mame-exe ${configured} is not an executable file` }
  }
  for (const folder of searchPath.split(path.delimiter).filter((f) => f !== '')) {
    const candidate = path.join(folder, 'mame')
    if (isExecutable(candidate)) return { executable: candidate, source: 'PATH' }
  }
  if (isExecutable(debianMame)) return { executable: debianMame, source: 'debian' }
  return { problem: `no MAME found (--mame-exe, mame on the PATH, ${debianMame}); machine data, audits and derived arcade panels go without it` }
}
