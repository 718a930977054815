/** Removing a file that may already be gone (a theme file, a spooled hook, a probe). */
import { unlink } from 'node:fs/promises'

/**
 * True when a file was there to remove. unlink, not rm: fs.promises.rm checks its target with a
 * blocking lstat first, and this runs on every selection and every hook.
 */
export async function removeFile (file: string): Promise<boolean> {
  return unlink(file).then(() => true, (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return false
    throw error
  })
}
