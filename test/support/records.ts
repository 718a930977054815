/** Records for tests: signed indexes built like the publisher builds them, and the shared example proofs. */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { existsSync } from 'node:fs'
import { domainModules } from '../../src/modules.js'
import { recordsModuleWith } from '../../src/records/index.js'
import { computeRoot } from '../../src/records/verify/canonical.js'
import { keyIdOf } from '../../src/records/verify/signature.js'
import { moduleCli } from './module-cli.js'
import { offlineAnchorerOf } from './offline-anchorer.js'

/** The public OpenTimestamps example proofs (../shared/data/ots), never copied into the project. */
export const sharedOts = new URL('../../../shared/data/ots/', import.meta.url).pathname

/** For `describe(..., { skip })`: the shared proofs are there, or why not (a failure in CI). */
export function sharedOtsSkip (): string | false {
  if (existsSync(`${sharedOts}hello-world.txt.ots`)) return false
  const reason = `the public example proofs are not in ${sharedOts} (../shared is absent)`
  if (process.env.CABINET_HUB_REQUIRE_PEERS === '1') throw new Error(`CABINET_HUB_REQUIRE_PEERS=1 but ${reason}`)
  return reason
}

/** Records A and B of records.md §1.6 (field for field: the worked roots depend on it). */
export const recordA = { id: '0041d31b-3424-487f-840e-cf01fa63d203', system: 'arcade', game: '1942', ruleset: '1cc', value: 61980, better: 'higher', player: 'theJim', rom_md5: '89625f073887a5915c3ce2e2e4da8875', at: '2026-10-04T21:25:19Z' }
export const recordB = { ...recordA, id: '0a129b0f-594f-424a-a515-b3f92ba57572', value: 13020, player: 'Nelfe80', rom_md5: '4f7e7157fd112a2c5eaa541f82c49f25', at: '2026-10-04T18:02:35Z' }

export const newKey = (curve = 'prime256v1'): { privateKey: KeyObject, publicKey: KeyObject } => generateKeyPairSync('ec', { namedCurve: curve })

export const pemOf = (publicKey: KeyObject): string => publicKey.export({ type: 'spki', format: 'pem' }).toString()

/** An index exactly as records.md §1 publishes it. */
export function signedIndex (records: readonly unknown[], key = newKey()) {
  const root = computeRoot(records)
  const signature = sign('sha256', Buffer.from(root, 'utf8'), { key: key.privateKey, dsaEncoding: 'der' }).toString('base64url')
  return { records: [...records], count: records.length, root, signature, issuer_public_key: pemOf(key.publicKey), issuer_key_id: keyIdOf(key.publicKey) }
}

/** Runs `cabinet-hub records ...` in process; returns the exit code and what it printed. */
export async function recordsCli (args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number, stdout: string, stderr: string }> {
  return moduleCli('records', args, env)
}

/** The records module anchoring with the offline test anchorer (offline-anchorer.ts): give it to startHub's `modules`. */
export const offlineAnchoredRecords = recordsModuleWith(offlineAnchorerOf)

/** `recordsCli` with the records module anchoring offline: `records anchor` and `upgrade` by hand. */
export async function offlineAnchoredRecordsCli (args: readonly string[]): Promise<{ code: number, stdout: string, stderr: string }> {
  return moduleCli('records', args, {}, [...domainModules.filter((m) => m.name !== 'records'), offlineAnchoredRecords])
}
