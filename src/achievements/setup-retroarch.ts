/**
 * `cabinet-hub setup retroarch --config FILE [--undo]`: points RetroArch's achievements at this
 * service by setting `cheevos_custom_host` in its config. Idempotent; the first change keeps a
 * copy of the file, and `--undo` puts the original line back (other edits made since are kept).
 */
import { readFile, unlink, writeFile } from 'node:fs/promises'
import { isIP } from 'node:net'
import { CommandUsageError, type ModuleCommand } from '../core/module.js'
import { pathExists } from '../core/storage/path-exists.js'
import type { achievementsOptions } from './options.js'

const key = 'cheevos_custom_host'
const keyLine = new RegExp(`^[ \\t]*${key}[ \\t]*=.*$`, 'm')

export const backupOf = (file: string): string => `${file}.cabinet-hub.bak`

export interface SetupReport {
  readonly changed: boolean
  readonly message: string
}

/** The URL RetroArch on this machine reaches the service at. */
export function serviceUrl (host: string, port: number): string {
  const specific = host !== '0.0.0.0' && host !== '::' && host !== 'localhost'
  const address = specific ? host : '127.0.0.1'
  return `http://${isIP(address) === 6 ? `[${address}]` : address}:${port}`
}

const lineOf = (text: string): string | null => keyLine.exec(text)?.[0] ?? null

/** Replaces the key's line, or adds one; `line` null removes it. Keeps the file's line endings. */
function withLine (text: string, line: string | null): string {
  if (keyLine.test(text)) return line === null ? text.replace(new RegExp(`${keyLine.source}\\r?\\n?`, 'm'), '') : text.replace(keyLine, line)
  if (line === null) return text
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  return `${text}${text === '' || text.endsWith('\n') ? '' : eol}${line}${eol}`
}

/** A setting's value in a retroarch.cfg text, quotes removed; null when the file does not set it. */
function settingOf (text: string, name: string): string | null {
  return new RegExp(`^[ \\t]*${name}[ \\t]*=[ \\t]*"?([^"\\r\\n]*)"?`, 'm').exec(text)?.[1] ?? null
}

export interface RetroarchSettings {
  /** network_cmd_enable: RetroArch answers the network commands the service reads games and scores through. */
  readonly networkCommands: boolean
  /** cheevos_custom_host, or null when achievements go to RetroAchievements itself. */
  readonly achievementsHost: string | null
  /** Whether `setup retroarch` kept the original, so `--undo` has something to put back. */
  readonly undoable: boolean
}

export async function retroarchSettings (file: string): Promise<RetroarchSettings> {
  const text = await readFile(file, 'utf8')
  const host = settingOf(text, key)
  return { networkCommands: settingOf(text, 'network_cmd_enable') === 'true', achievementsHost: host === '' ? null : host, undoable: await pathExists(backupOf(file)) }
}

export async function pointRetroarchAt (file: string, url: string): Promise<SetupReport> {
  const text = await readFile(file, 'utf8')
  const line = `${key} = "${url}"`
  if (lineOf(text)?.trim() === line) return { changed: false, message: `${file} already sends achievements to ${url}` }
  const backup = backupOf(file)
  if (!await pathExists(backup)) await writeFile(backup, text)
  await writeFile(file, withLine(text, line))
  return { changed: true, message: `${file} now sends achievements to ${url} (original kept in ${backup})` }
}

export async function undoRetroarchSetup (file: string): Promise<SetupReport> {
  const backup = backupOf(file)
  if (!await pathExists(backup)) return { changed: false, message: `nothing to undo: no ${backup}` }
  const original = lineOf(await readFile(backup, 'utf8'))
  await writeFile(file, withLine(await readFile(file, 'utf8'), original))
  await unlink(backup)
  return { changed: true, message: original === null ? `${file}: ${key} removed, as it was before` : `${file}: ${key} restored to ${original.trim()}` }
}

export const setupCommand: ModuleCommand<typeof achievementsOptions> = {
  name: 'setup',
  usage: '  cabinet-hub setup retroarch --config FILE [--undo] [--port P]\n'
    + '                                  point RetroArch\'s achievements (cheevos_custom_host in FILE)\n'
    + '                                  at this service; --undo puts the original line back\n',
  async run (args, context) {
    const { core, flags, positionals } = context.parse(args, { config: { type: 'string' }, undo: { type: 'boolean' } })
    if (positionals.length !== 1 || positionals[0] !== 'retroarch') throw new CommandUsageError('setup: the only thing to set up is retroarch: setup retroarch --config FILE [--undo]')
    if (flags.config === undefined) throw new CommandUsageError('setup retroarch needs --config FILE (RetroArch\'s retroarch.cfg)')
    if (!await pathExists(flags.config)) {
      context.stderr.write(`cabinet-hub: ${flags.config} does not exist (RetroArch writes it on its first run)\n`)
      return 1
    }
    const report = flags.undo === true ? await undoRetroarchSetup(flags.config) : await pointRetroarchAt(flags.config, serviceUrl(core.host, core.port))
    context.stdout.write(`${report.message}\n`)
    return 0
  }
}
