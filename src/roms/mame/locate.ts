/**
 * Where MAME is: the configured executable, else `mame` on the PATH, else where the platform's
 * packages put it: Debian's `/usr/games/mame` on Linux; on Windows `mame.exe` on the PATH, else
 * RetroBat's own copy in `<frontend root>\emulators\mame\`. The frontend's emulator settings do
 * not name a MAME binary (RetroBat and Batocera launch through their emulator launcher), so they
 * are not asked.
 */
import { accessSync, constants, statSync } from 'node:fs'
import path from 'node:path'

export interface MameLocation {
  readonly executable: string
  readonly source: 'option' | 'PATH' | 'frontend' | 'debian'
}

export interface MameSearch {
  /** The PATH variable, folders split by the platform's delimiter. */
  readonly searchPath: string
  readonly platform: NodeJS.Platform
  /** `--frontend-root`: RetroBat keeps its emulators under it. */
  readonly frontendRoot: string | null
}

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

/** The places looked at after the option, in order. */
function candidates ({ searchPath, platform, frontendRoot }: MameSearch): Array<{ file: string, source: MameLocation['source'] }> {
  const windows = platform === 'win32'
  const paths = windows ? path.win32 : path.posix
  const onPath = searchPath.split(paths.delimiter).filter((folder) => folder !== '').map((folder) => ({ file: paths.join(folder, windows ? 'mame.exe' : 'mame'), source: 'PATH' as const }))
  if (!windows) return [...onPath, { file: '/usr/games/mame', source: 'debian' }]
  return frontendRoot === null ? onPath : [...onPath, { file: paths.join(frontendRoot, 'emulators', 'mame', 'mame.exe'), source: 'frontend' }]
}

/** The MAME to use, or why there is none. */
export function locateMame (configured: string | null, search: MameSearch): MameLocation | { readonly problem: string } {
  if (configured === switchedOff) return { problem: 'MAME is switched off (--mame-exe none); machine data, audits and derived arcade panels go without it' }
  if (configured !== null) {
    return isExecutable(configured) ? { executable: configured, source: 'option' } : { problem: `--mame-exe ${configured} is not an executable file` }
  }
  const places = candidates(search)
  const found = places.find(({ file }) => isExecutable(file))
  if (found !== undefined) return { executable: found.file, source: found.source }
  const fixed = places.filter(({ source }) => source !== 'PATH').map(({ file }) => file)
  return { problem: `no MAME found (--mame-exe, ${search.platform === 'win32' ? 'mame.exe' : 'mame'} on the PATH${fixed.map((file) => `, ${file}`).join('')}); machine data, audits and derived arcade panels go without it` }
}
