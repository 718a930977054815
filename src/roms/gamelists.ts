/**
 * The gamelist files of the frontend's systems, where their backups go, and an edit of one with
 * the service's errors: 404 without the file, 409 when the frontend wrote it meanwhile, 422 when
 * it is not readable XML.
 */
import path from 'node:path'
import { HubError } from '../core/errors.js'
import { GamelistChangedError, rewriteGamelist, type FrontendInstall, type GamelistEdit, type LocatedGame } from '../frontends/index.js'

export interface SystemGamelist {
  readonly system: string
  readonly file: string
  readonly backupDir: string
}

const gamelistNotFound = (system: string, why: string): HubError => new HubError(404, 'GAMELIST_NOT_FOUND', `No gamelist for system ${system}${why}`)

/** Where the gamelist of a system is; 404 when the frontend has no roms folder (a missing file is a 404 when it is read). */
export function systemGamelist (install: FrontendInstall, dataDir: string, system: string): SystemGamelist {
  const file = install.romsRoot === null ? null : install.adapter.gamelistFile(install, system)
  if (file === null) throw gamelistNotFound(system, ': the frontend has no roms folder configured')
  return { system, file, backupDir: path.join(dataDir, 'backups', 'gamelists', system) }
}

export type GamelistPlan<R> = (text: string, games: readonly LocatedGame[]) => { edits: readonly GamelistEdit[], result: R }

/** Plans and (unless a dry run) writes edits to a system's gamelist; see library's rewriteGamelist. */
export async function editSystemGamelist<R> (target: SystemGamelist, dryRun: boolean, now: Date, plan: GamelistPlan<R>) {
  try {
    return await rewriteGamelist({ file: target.file, backupDir: target.backupDir, dryRun, now, plan })
  } catch (error) {
    if (error instanceof GamelistChangedError) throw new HubError(409, 'GAMELIST_CHANGED', error.message)
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw gamelistNotFound(target.system, ` (${target.file})`)
    throw new HubError(422, 'GAMELIST_UNREADABLE', `${target.file} cannot be edited: ${(error as Error).message}`)
  }
}

/** The machine names of a gamelist's games, in file order. */
export async function gamelistGames (target: SystemGamelist): Promise<LocatedGame[]> {
  return (await editSystemGamelist(target, true, new Date(0), (_text, games) => ({ edits: [], result: [...games] }))).result
}
