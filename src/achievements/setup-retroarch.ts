/**
 * `cabinet-hub setup retroarch --config FILE [--undo]`: points RetroArch's achievements at this
 * service by setting `cheevos_custom_host` in its config. Idempotent; the first change keeps a
 * copy of the file, and `--undo` puts the original line back (other edits made since are kept).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { CommandUsageError, type ModuleCommand } from '../core/module.js'
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

export function retroarchSettings (file: string): RetroarchSettings {
  const text = readFileSync(file, 'utf8')
  const host = settingOf(text, key)
  return { networkCommands: settingOf(text, 'network_cmd_enable') === 'true', achievementsHost: host === '' ? null : host, undoable: existsSync(backupOf(file)) }
}

export function pointRetroarchAt (file: string, url: string): SetupReport {
  const text = readFileSync(file, 'utf8')
  const line = `${key} = "${url}"`
  if (lineOf(text)?.trim() === line) return { changed: false, message: `${file} already sends achievements to ${url}` }
  const backup = backupOf(file)
  if (!existsSync(backup)) writeFileSync(backup, text)
  writeFileSync(file, withLine(text, line))
  return { changed: true, message: `${file} now sends achievements to ${url} (original kept in ${backup})` }
}

export function undoRetroarchSetup (file: string): SetupReport {
  const backup = backupOf(file)
  if (!existsSync(backup)) return { changed: false, message: `nothing to undo: no ${backup}` }
  const original = lineOf(readFileSync(backup, 'utf8'))
  writeFileSync(file, withLine(readFileSync(file, 'utf8'), original))
  rmSync(backup)
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
    if (!existsSync(flags.config)) {
      context.stderr.write(`cabinet-hub: ${flags.config} does not exist (RetroArch writes it on its first run)\n`)
      return 1
    }
    const report = flags.undo === true ? undoRetroarchSetup(flags.config) : pointRetroarchAt(flags.config, serviceUrl(core.host, core.port))
    context.stdout.write(`${report.message}\n`)
    return 0
  }
}
