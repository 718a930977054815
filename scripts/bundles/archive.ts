/** Packs a bundle folder: tar.gz for Linux (modes kept: the launcher and node stay executable), zip for Windows. */
import { createWriteStream, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import * as tar from 'tar'
import yazl from 'yazl'

/** Files under `dir`, as paths relative to `base`, folders before what they hold. */
function filesUnder (base: string, dir: string): string[] {
  return readdirSync(path.join(base, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(base, relative) : [relative]
  })
}

/** Writes `file` holding the folder `name` of `parent`. */
export async function writeArchive (kind: 'tar.gz' | 'zip', parent: string, name: string, file: string): Promise<void> {
  if (kind === 'tar.gz') {
    await tar.c({ gzip: true, file, cwd: parent, portable: true }, [name])
    return
  }
  const zip = new yazl.ZipFile()
  for (const relative of filesUnder(parent, name)) {
    const source = path.join(parent, relative)
    zip.addFile(source, relative, { mode: statSync(source).mode })
  }
  zip.end()
  await finished(zip.outputStream.pipe(createWriteStream(file)))
}
