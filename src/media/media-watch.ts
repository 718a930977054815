/**
 * The media folders, followed through the service's folder watch (core/folder-watch): a media
 * file that appears, changes or goes in a source, or a gamelist of the roms folder, asks for a
 * rescan once the folders have been quiet a moment. Each source is watched as deep as its layout
 * goes. Nothing is walked while the system's events work; where it gives none (a network share,
 * no watcher), the watch walks the folders every `pollMs`.
 */
import path from 'node:path'
import { watchFolder, type FolderWatch } from '../core/folder-watch/folder-watch.js'
import { hasMediaExtension } from './kinds.js'
import type { RootFolders } from './roots.js'
import type { MediaSources } from './scan.js'

/**
 * A scraper writes a game's files one after the other: one rescan for them. The entry on screen
 * does not wait for it: its folders are looked at every second (see service.ts).
 */
const quiet = { batchMs: 2000 }

/** How deep each source's layout goes (see scan.ts). */
const depths = {
  /** `user/systems/<system>/games/<slug>/artwork/ic/<role>/<file>` */
  store: 8,
  /** `<system>/media/<type>/<file>`, as the gamelists name them. */
  roms: 3,
  /** `<system>/<type>/<file>` */
  downloaded: 2,
  /** `<system folder>/_systemmedia/_logosyst/clearlogos/<file>` in a theme's folder (see themes.ts). */
  theme: 4
}

export interface MediaWatchOptions {
  /** The sources; of the theme roots only the folders of the themes indexed are watched. */
  readonly sources: Pick<MediaSources, keyof RootFolders | 'themes'>
  /** The gamelist of a system folder of the roms folder (the frontend's own place), or null. */
  readonly gamelistFile: (systemId: string) => string | null
  /** How often a missing source is looked for, and the sources walked where the system gives no file events. */
  readonly pollMs: number
  /** The start of the scan the index holds (ms since the epoch), null before the first: files changed since are reported once watching starts. */
  readonly changedSinceMs: number | null
  readonly onChanged: () => void
  readonly onError: (error: Error) => void
}

/** Starts watching every source; the returned function stops. */
export function watchMediaFolders (options: MediaWatchOptions): () => Promise<void> {
  const { sources } = options
  const isGamelist = (file: string): boolean => file === options.gamelistFile(path.basename(path.dirname(file)))
  const folders: Array<readonly [string | null, number, (file: string) => boolean]> = [
    [sources.mediaRoot, depths.store, hasMediaExtension],
    [sources.romsRoot, depths.roms, (file) => hasMediaExtension(file) || isGamelist(file)],
    [sources.downloadedMediaDir, depths.downloaded, hasMediaExtension],
    ...sources.themes.flatMap((theme) => sources.themeRoots.map((root) => [path.join(root, theme), depths.theme, hasMediaExtension] as const))
  ]
  const watches: FolderWatch[] = []
  for (const [folder, depth, accepts] of folders) {
    if (folder === null) continue
    watches.push(watchFolder({ folder, depth, accepts, quiet, pollMs: options.pollMs, ...(options.changedSinceMs === null ? {} : { changedSinceMs: options.changedSinceMs }), onChanged: options.onChanged, onError: options.onError }))
  }
  return async () => { await Promise.all(watches.map(async (watch) => watch.close())) }
}
