/**
 * The one way the service replaces a file: written whole under a temporary name in the same
 * folder, then renamed into place, so a reader (a frontend, a consumer fetching it, the service
 * after a crash) sees the old file or the new one, never half of one. `durable` also syncs the
 * file before the rename and the folder after it (where the system allows: see `syncsFolders`): what must survive a power cut (records,
 * gamelists, collections, theme files) is on the disk when the promise settles.
 *
 * A failed write removes its temporary file and rethrows the error as it came (a full disk stays
 * ENOSPC, which `isStorageFullError` and `StorageHealth` recognise).
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import path from 'node:path'

export interface AtomicWriteOptions {
  /** Sync the file and its folder to the disk (the default: the file may still sit in the page cache). */
  readonly durable?: boolean
  /** Permissions of a new file; a replaced file takes them too. */
  readonly mode?: number
  /**
   * Runs once the new content is written, just before the rename; throwing leaves the old file
   * as it is (a check that nobody else wrote it meanwhile).
   */
  readonly beforeReplacing?: () => Promise<void>
}

/** The temporary name: hidden, and ending in `.tmp`, which every folder reader of the service skips. */
function temporaryBeside (file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`)
}

/**
 * Whether this system lets a program sync a folder, so that a rename in it survives a power cut.
 * Windows refuses (FlushFileBuffers on a folder's handle: EPERM); NTFS journals the rename itself.
 * Everywhere else a refused folder sync is an error like any other.
 */
export const syncsFolders = (platform: NodeJS.Platform = process.platform): boolean => platform !== 'win32'

async function syncFolder (folder: string): Promise<void> {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Opens the temporary file, creating its folder only when it is missing (most writes go to a folder that is there). */
async function openCreating (temporary: string, mode: number): Promise<FileHandle> {
  try {
    return await open(temporary, 'w', mode)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    await mkdir(path.dirname(temporary), { recursive: true })
    return open(temporary, 'w', mode)
  }
}

/** `data` may come in parts (written one after the other), so that a big file need not be joined in memory first. */
export async function writeFileAtomic (file: string, data: string | Uint8Array | readonly Uint8Array[], options: AtomicWriteOptions = {}): Promise<void> {
  const folder = path.dirname(file)
  const temporary = temporaryBeside(file)
  try {
    const handle = await openCreating(temporary, options.mode ?? 0o644)
    try {
      // A handle's writeFile writes every byte, however many calls a nearly full disk needs.
      await handle.writeFile(data)
      if (options.durable === true) await handle.sync()
    } finally {
      await handle.close()
    }
    await options.beforeReplacing?.()
    await rename(temporary, file)
  } catch (error) {
    // unlink, not rm: fs.promises.rm checks its target with a blocking lstat first.
    await unlink(temporary).catch(() => {})
    throw error
  }
  if (options.durable === true && syncsFolders()) await syncFolder(folder)
}
