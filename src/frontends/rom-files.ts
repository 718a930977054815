/**
 * The rom files the frontend shows, found as it finds them: every file of a system's folder with
 * one of the system's extensions, gamelist entry or not.
 */
import type { Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { FrontendInstall } from './install.js'
import { readFirstSystemsFile } from './systems-file.js'

/** The rom extensions of each system the frontend's systems file lists; empty when it cannot be read. */
async function systemExtensions (install: FrontendInstall): Promise<Map<string, string[]>> {
  try {
    const systems = (await readFirstSystemsFile(install.adapter.systemsFiles(install), install.adapter.formats))?.systems ?? []
    return new Map(systems.map((system) => [system.name, (system.extension ?? '').split(/\s+/).filter((ext) => ext !== '').map((ext) => ext.toLowerCase())]))
  } catch {
    return new Map()
  }
}

async function entries (folder: string): Promise<Dirent[]> {
  try {
    return await readdir(folder, { withFileTypes: true })
  } catch {
    return []
  }
}

/** The rom files of every system folder: the system's extensions where es_systems.cfg names them, else every file but the gamelist. */
export async function listRomFiles (install: FrontendInstall): Promise<string[]> {
  if (install.romsRoot === null) return []
  const romsRoot = install.romsRoot
  const extensions = await systemExtensions(install)
  const systems = (await entries(romsRoot)).filter((entry) => entry.isDirectory())
  const files = await Promise.all(systems.map(async (system) => {
    const known = extensions.get(system.name)
    return (await entries(path.join(romsRoot, system.name)))
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && entry.name !== 'gamelist.xml')
      .filter((entry) => known === undefined || known.length === 0 || known.includes(path.extname(entry.name).toLowerCase()))
      .map((entry) => path.join(romsRoot, system.name, entry.name))
  }))
  return files.flat().sort()
}

