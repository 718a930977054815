/**
 * `cabinet-hub records key|anchor|upgrade|verify|inspect-proof`: pin this cabinet's key, run the
 * anchoring jobs by hand, verify any records service or snapshot, read a proof.
 */
import { existsSync, readFileSync } from 'node:fs'
import { CommandUsageError, type CommandContext, type ModuleCommand } from '../../core/module.js'
import type { recordsOptions } from '../options.js'
import { RecordsHome, type AnchorerOf } from '../records-home.js'
import { fetchServiceData, readSnapshot, ServiceDataError } from '../service-data.js'
import { headerFromHex } from '../verify/header.js'
import { evaluateOts } from '../verify/ots/evaluate.js'
import { OtsError, parseOts } from '../verify/ots/parse.js'
import { verifyServiceData, type IssuerPin, type ServiceData } from '../verify/report.js'
import type { GivenHeader } from '../verify/seal.js'
import { proofText, reportText } from './format.js'

type Context = CommandContext<typeof recordsOptions>

const exitCodes = { ok: 0, failed: 1, error: 2, notSealed: 3 } as const

const verifyLimits = { timeoutMs: 15_000, maxBytes: 64 << 20, maxProofs: Number.POSITIVE_INFINITY }

const usage = `  cabinet-hub records key [--data-dir DIR] [--records-key FILE]
                                  print this cabinet's issuer public key and the key id to pin
  cabinet-hub records anchor | upgrade [--data-dir DIR] [--records-calendar URL ...]
                                  anchor the current index root now / upgrade pending proofs
  cabinet-hub records verify <base-url> | --snapshot DIR [--issuer-key-id HEX | --issuer-key PEM-FILE]
                  [--header HEX | --headers FILE] [--json] [--require-sealed]
                                  verify a records service (exit 0 authentic, 1 failed,
                                  2 fetch/parse/usage error, 3 authentic but not sealed)
  cabinet-hub records inspect-proof FILE.ots [--json]
                                  print an OpenTimestamps proof's digest and attestations
`

function readText (file: string, what: string): string {
  if (!existsSync(file)) throw new CommandUsageError(`${what} ${file} does not exist`)
  return readFileSync(file, 'utf8')
}

function pinOf (keyId: string | undefined, keyFile: string | undefined): IssuerPin | null {
  if (keyId !== undefined && keyFile !== undefined) throw new CommandUsageError('records verify: give --issuer-key-id or --issuer-key, not both')
  if (keyId !== undefined) {
    if (!/^[0-9a-fA-F]{64}$/.test(keyId)) throw new CommandUsageError('records verify: --issuer-key-id must be 64 hex digits (SHA-256 of the issuer key)')
    return { keyId }
  }
  return keyFile === undefined ? null : { publicKeyPem: readText(keyFile, '--issuer-key') }
}

/** `--header HEX` (any block), or `--headers FILE` with one header a line, optionally after its height. */
function headersOf (hex: string | undefined, file: string | undefined): GivenHeader[] {
  if (hex !== undefined && file !== undefined) throw new CommandUsageError('records verify: give --header or --headers, not both')
  if (hex !== undefined) {
    const bytes = headerFromHex(hex)
    if (bytes === null) throw new CommandUsageError('records verify: --header must be an 80-byte block header in hex (160 digits)')
    return [{ height: null, bytes }]
  }
  if (file === undefined) return []
  return readText(file, '--headers').split('\n').flatMap((raw, index) => {
    const text = raw.trim()
    if (text === '' || text.startsWith('#')) return []
    const [first = '', second] = text.split(/\s+/)
    const bytes = headerFromHex(second ?? first)
    const height = second === undefined ? null : Number(first)
    if (bytes === null || (height !== null && !Number.isSafeInteger(height))) throw new CommandUsageError(`records verify: line ${index + 1} of ${file} is not "[height] <160 hex digits>"`)
    return [{ height, bytes }]
  })
}

async function verify (args: readonly string[], context: Context): Promise<number> {
  const { flags, positionals } = context.parse(args, {
    snapshot: { type: 'string' },
    'issuer-key-id': { type: 'string' },
    'issuer-key': { type: 'string' },
    header: { type: 'string' },
    headers: { type: 'string' },
    json: { type: 'boolean' },
    'require-sealed': { type: 'boolean' }
  })
  const [url, ...extra] = positionals
  if ((url === undefined) === (flags.snapshot === undefined) || extra.length > 0) throw new CommandUsageError('records verify needs one <base-url> or --snapshot DIR (see --help)')
  if (url !== undefined && !/^https?:\/\//.test(url)) throw new CommandUsageError(`records verify: ${url} is not an http(s) base URL`)
  const options = { pin: pinOf(flags['issuer-key-id'], flags['issuer-key']), headers: headersOf(flags.header, flags.headers) }
  let data: ServiceData
  try {
    data = url === undefined ? await readSnapshot(flags.snapshot!) : await fetchServiceData(url, verifyLimits)
  } catch (error) {
    if (!(error instanceof ServiceDataError)) throw error
    context.stderr.write(`records verify: ${error.message}\n`)
    return exitCodes.error
  }
  const report = verifyServiceData(data, options)
  context.stdout.write(flags.json === true ? `${JSON.stringify(report, null, 2)}\n` : reportText(url ?? flags.snapshot!, report))
  if (!report.authentic) return exitCodes.failed
  const sealed = report.seal.state === 'anchored' || report.seal.state === 'confirmed'
  return flags['require-sealed'] === true && !sealed ? exitCodes.notSealed : exitCodes.ok
}

async function inspectProof (args: readonly string[], context: Context): Promise<number> {
  const { flags, positionals } = context.parse(args, { json: { type: 'boolean' } })
  if (positionals.length !== 1) throw new CommandUsageError('records inspect-proof needs one FILE.ots')
  const file = positionals[0]!
  if (!existsSync(file)) throw new CommandUsageError(`records inspect-proof: ${file} does not exist`)
  try {
    // Anyone's proof may be inspected, whatever file hash it was made with.
    const summary = evaluateOts(parseOts(readFileSync(file), ['sha256', 'sha1', 'ripemd160']))
    context.stdout.write(flags.json === true ? `${JSON.stringify(summary, null, 2)}\n` : proofText(file, summary))
    return exitCodes.ok
  } catch (error) {
    if (!(error instanceof OtsError)) throw error
    context.stdout.write(flags.json === true ? `${JSON.stringify({ error: { code: error.code, offset: error.offset, message: error.message } }, null, 2)}\n` : `invalid proof ${file}: ${error.message}\n`)
    return exitCodes.failed
  }
}

async function jobs (verb: 'key' | 'anchor' | 'upgrade', args: readonly string[], context: Context, anchorerOf: AnchorerOf): Promise<number> {
  const { core, options, positionals } = context.parse(args, {})
  if (positionals.length > 0) throw new CommandUsageError(`records ${verb} takes no arguments`)
  const home = new RecordsHome(options, core.dataDir, () => new Date(), anchorerOf)
  await home.open()
  if (verb === 'key') {
    const key = await home.key()
    context.stdout.write(`issuer key id: ${key.keyId}\n${key.publicKeyPem}link with: --partner-url http://<this cabinet>:${core.port}#${key.keyId}\n`)
    return exitCodes.ok
  }
  if (verb === 'anchor') {
    const outcome = await home.jobs.anchor()
    context.stdout.write(outcome.anchored ? `generation ${outcome.anchor.generation} anchored: root ${outcome.anchor.root_sha256} (${outcome.anchor.record_count} records)\n` : `nothing anchored: ${outcome.reason}\n`)
    return exitCodes.ok
  }
  const outcomes = await home.jobs.upgrade()
  if (outcomes.length === 0) context.stdout.write('no pending generation\n')
  for (const o of outcomes) context.stdout.write(`generation ${o.generation}: ${o.bitcoinBlock === null ? 'still pending' : `Bitcoin block ${o.bitcoinBlock}`}\n`)
  return exitCodes.ok
}

/** The command, anchoring (`anchor`, `upgrade`) with the module's anchorer. */
export const recordsCommandWith = (anchorerOf: AnchorerOf): ModuleCommand<typeof recordsOptions> => ({
  name: 'records',
  usage,
  run: async (args, context) => {
    const [verb, ...rest] = args
    switch (verb) {
      case 'key':
      case 'anchor':
      case 'upgrade': return jobs(verb, rest, context, anchorerOf)
      case 'verify': return verify(rest, context)
      case 'inspect-proof': return inspectProof(rest, context)
      default: throw new CommandUsageError(`records needs one of key, anchor, upgrade, verify, inspect-proof (see --help)`)
    }
  }
})
