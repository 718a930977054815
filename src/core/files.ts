/**
 * The files port: the reads of the machine's files a module makes on its request and event paths,
 * with node:fs/promises' signatures. The service hands every module the disk; a test can hand a
 * module a folder held in memory instead (test/support/memory-files.ts).
 */
import { readdir, readFile } from 'node:fs/promises'

export interface Files {
  readFile (file: string, encoding: 'utf8'): Promise<string>
  /** The names in a folder; a missing one rejects (ENOENT), as on disk. */
  readdir (folder: string): Promise<string[]>
}

export const diskFiles: Files = { readFile, readdir }
