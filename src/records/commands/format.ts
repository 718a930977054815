/** The text a person reads from `records verify` and `records inspect-proof`. */
import type { OtsSummary } from '../verify/ots/evaluate.js'
import type { VerificationReport } from '../verify/report.js'

const line = (label: string, text: string): string => `${`${label}:`.padEnd(11)} ${text}\n`

export function reportText (source: string, report: VerificationReport): string {
  const { root, signature, issuer } = report
  let text = line('source', source)
  text += line('records', String(report.records))
  text += line('root', root.ok ? `ok ${root.published}` : `MISMATCH: published ${root.published}, recomputed ${root.recomputed ?? '(records cannot be canonicalized)'}`)
  text += line('signature', signature.ok ? `ok, key ${issuer.keyId}` : `FAILED: ${signature.reason}`)
  text += line('issuer', issuer.pinOk === null ? 'not pinned: checked for self-consistency only' : issuer.pinOk ? 'matches the pinned key' : 'UNTRUSTED: not the pinned key')
  for (const check of report.history) text += line('history', `generation ${check.generation}: ${check.ok ? 'ok' : 'FAILED'}, ${check.reason}`)
  for (const g of report.generations) text += line('proof', `generation ${g.generation}: ${g.state}, ${g.reason}`)
  text += line('seal', `${report.seal.state}, ${report.seal.reason}`)
  for (const note of report.notes) text += line('note', note)
  text += line('verdict', report.authentic ? 'AUTHENTIC' : `FAILED: ${report.problems.join('; ')}`)
  return text
}

export function proofText (file: string, summary: OtsSummary): string {
  let text = line('proof', file)
  text += line('digest', summary.fileDigest)
  for (const leaf of summary.leaves) {
    if (leaf.kind === 'bitcoin') text += line('bitcoin', `block ${leaf.height}, merkle root ${leaf.merkleRootDisplayed} (internal order ${leaf.merkleRoot})`)
    else if (leaf.kind === 'pending') text += line('pending', `${leaf.uri}, commitment ${leaf.commitment}`)
    else text += line('unknown', leaf.detail)
  }
  return text
}
