/** Runs a module command (`cabinet-hub <name> ...`) in process; returns the exit code and what it printed. */
import { PassThrough } from 'node:stream'
import { buildApp } from '../../src/app.js'
import { findModuleCommand, runModuleCommand } from '../../src/core/commands.js'
import { optionEntriesOf } from '../../src/core/hub.js'
import type { HubModule } from '../../src/core/module.js'
import { domainModules } from '../../src/modules.js'

export async function moduleCli (name: string, args: readonly string[], env: NodeJS.ProcessEnv = {}, modules: readonly HubModule[] = domainModules): Promise<{ code: number, stdout: string, stderr: string }> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (chunk: Buffer) => { out += chunk.toString() })
  stderr.on('data', (chunk: Buffer) => { err += chunk.toString() })
  const found = findModuleCommand(modules, name)!
  const code = await runModuleCommand(found, args, optionEntriesOf(modules), env, buildApp, { stdout, stderr })
  return { code, stdout: out, stderr: err }
}
