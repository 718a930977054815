/**
 * System art from the active EmulationStation theme (domain-notes §3.2, §4.2): on most cabinets a
 * system's logo and background live only in the theme, so the index takes them from there when
 * nothing else has them. Which themes, and where a theme keeps what, is data here.
 */
import path from 'node:path'

interface ThemeArt {
  readonly kind: string
  /** Folders under the theme (or its system folder) holding `<name>.*`, best first. */
  readonly folders: readonly string[]
  /** Tried in order after `<name>`: the white logo reads on the dark panels it is shown on. */
  readonly suffixes: readonly string[]
}

const themeArt: readonly ThemeArt[] = [
  { kind: 'fanart', folders: ['art/background', '_systemmedia/fanartsyst'], suffixes: [''] },
  { kind: 'wheel', folders: ['_systemmedia/_logosyst/clearlogos', 'art/logos', 'logos', 'wheels'], suffixes: ['-w', ''] }
]

/**
 * The themes searched, best first: the frontend's theme, unless it is not a plain folder name, then
 * its family's default (ES's es-theme-carbon; none for a family whose default the service does not know).
 */
export function themeNames (themeSet: string | null, familyDefault: string | null): string[] {
  const active = themeSet?.trim() ?? ''
  const plain = active !== '' && active !== '.' && active !== '..' && path.basename(active) === active && !active.includes('\\')
  const fallback = familyDefault === null ? [] : [familyDefault]
  return [...new Set([...(plain ? [active] : []), ...fallback])]
}

/** A place a theme may keep one kind of a system's art: files `<stem>.*` (any case) in `folder`. */
export interface ThemeSpot {
  readonly kind: string
  readonly folder: string
  /** Lower case. */
  readonly stem: string
}

/**
 * Every spot of a system's art in these theme folders, best first: by theme, then name (the ES
 * id, then the media id), then the theme's folder for that name or its root, then the art table.
 */
export function themeSpots (themeDirs: readonly string[], esSystem: string, mediaSystem: string): ThemeSpot[] {
  const names = [...new Set([esSystem, mediaSystem])]
  return themeDirs.flatMap((themeDir) => names.flatMap((name) => [...names, ''].flatMap((systemFolder) =>
    themeArt.flatMap(({ kind, folders, suffixes }) => folders.flatMap((folder) =>
      suffixes.map((suffix) => ({ kind, folder: path.join(themeDir, systemFolder, folder), stem: `${name}${suffix}`.toLowerCase() }))
    ))
  )))
}
