/** Whether a file or folder is there, asked without holding the event loop. */
import { access } from 'node:fs/promises'

export async function pathExists (file: string): Promise<boolean> {
  return access(file).then(() => true, () => false)
}
