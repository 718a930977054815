/**
 * Writes options into a config file, keeping the others it holds: the setup page records the
 * owner's choices where the next start reads them (`--config`, else the data dir's config.json).
 * A YAML file keeps its comments; a JSON file is rewritten as indented JSON.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parse as parseJsonc } from 'jsonc-parser'
import { parseDocument } from 'yaml'

async function textOf (file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw error
  }
}

export async function writeConfigValues (file: string, values: Readonly<Record<string, unknown>>): Promise<void> {
  const text = await textOf(file)
  let updated: string
  if (path.extname(file).toLowerCase() === '.json') {
    const current = text.trim() === '' ? {} : parseJsonc(text) as Record<string, unknown>
    updated = `${JSON.stringify({ ...current, ...values }, null, 2)}\n`
  } else {
    const document = parseDocument(text)
    for (const [key, value] of Object.entries(values)) document.set(key, value)
    updated = document.toString()
  }
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, updated)
}
