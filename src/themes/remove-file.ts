/** Removing a file the frontend reads (a theme file, a hiscore view) that may already be gone. */
import { rm } from 'node:fs/promises'

/** True when a file was there to remove. */
export async function removeFile (file: string): Promise<boolean> {
  return rm(file).then(() => true, (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return false
    throw error
  })
}
