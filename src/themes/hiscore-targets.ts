/**
 * Where a game's hiscore lines go: whole files (the themes' `.hiscore/<system>/<rom>.xml`, and the
 * service's archive copy a reinstalled theme folder is restored from) and our block in the game's
 * `.gameinfos/<system>/<rom>.xml`, a file the user may have written things in.
 */
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { writeFileAtomic } from '../core/storage/atomic-file.js'
import { removeFile } from '../core/storage/remove-file.js'
import { hiscoreThemeXml, hiscoreViewLines, type HiscoreLine } from './hiscore-xml.js'
import { setBlock } from './marked-block.js'

export interface HiscoreTarget {
  /** `Kind` of the theme.exported a change publishes; null for a copy no theme reads. */
  readonly kind: string | null
  fileOf (system: string, rom: string): string
  /** True when the file changed. */
  write (file: string, scores: readonly HiscoreLine[]): Promise<boolean>
  /** True when there was something to remove. */
  remove (file: string): Promise<boolean>
}

const textOrNull = async (file: string): Promise<string | null> => readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return null
  throw error
})

export function hiscoreFiles<K extends string | null> (root: string, kind: K): HiscoreTarget & { readonly kind: K } {
  return {
    kind,
    fileOf: (system, rom) => path.join(root, system, `${rom}.xml`),
    write: async (file, scores) => {
      await writeFileAtomic(file, hiscoreThemeXml(scores), { durable: true })
      return true
    },
    remove: removeFile
  }
}

export function gameinfosBlocks (root: string, logger: FastifyBaseLogger): HiscoreTarget {
  const edit = async (file: string, lines: readonly string[] | null): Promise<boolean> => {
    const before = await textOrNull(file)
    const edited = setBlock(before, lines)
    if ('refused' in edited) {
      logger.warn(`${file} is left as it is: ${edited.refused}`)
      return false
    }
    if (edited.text === before) return false
    if (edited.text === null) return removeFile(file)
    await writeFileAtomic(file, edited.text, { durable: true })
    return true
  }
  return {
    kind: 'gameinfos',
    fileOf: (system, rom) => path.join(root, system, `${rom}.xml`),
    write: async (file, scores) => edit(file, hiscoreViewLines(scores)),
    remove: async (file) => edit(file, null)
  }
}

/** The files of `archiveRoot` (`<system>/<rom>.xml`) missing from `target`, copied back; returns what it copied. */
export async function restoreMissing (archiveRoot: string, target: HiscoreTarget): Promise<Array<{ system: string, rom: string, file: string, xml: string }>> {
  const restored = []
  for (const system of await readdir(archiveRoot).catch(() => [])) {
    for (const name of await readdir(path.join(archiveRoot, system)).catch(() => [])) {
      if (!name.endsWith('.xml') || name.startsWith('.')) continue
      const rom = name.slice(0, -'.xml'.length)
      const file = target.fileOf(system, rom)
      if (await textOrNull(file) !== null) continue
      const xml = await readFile(path.join(archiveRoot, system, name), 'utf8')
      await writeFileAtomic(file, xml, { durable: true })
      restored.push({ system, rom, file, xml })
    }
  }
  return restored
}
