/** The test vectors of records.md §5c: JCS, roots, tampering and keys. */
import assert from 'node:assert/strict'
import { createHash, sign } from 'node:crypto'
import { describe, it } from 'node:test'
import { canonicalJson, computeRoot, CanonicalError } from '../../src/records/verify/canonical.js'
import { verifyServiceData } from '../../src/records/verify/report.js'
import { verifyIndexSignature } from '../../src/records/verify/signature.js'
import { exampleIndex } from '../../src/records/schemas.js'
import { recordProblem } from '../../src/records/store.js'
import { newKey, pemOf, recordA, recordB, signedIndex } from '../support/records.js'

const fromBits = (hex: string): number => Buffer.from(hex, 'hex').readDoubleBE(0)
const noAnchors = { anchors: [], proofs: new Map() }
const unpinned = { pin: null, headers: [] }

describe('JCS (RFC 8785)', () => {
  it('formats numbers from IEEE-754 bit patterns as the RFC does', () => {
    const vectors: Array<[string, string]> = [
      ['0000000000000000', '0'], ['8000000000000000', '0'], ['0000000000000001', '5e-324'], ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'], ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'], ['c340000000000000', '-9007199254740992'], ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'], ['44b52d02c7e14af6', '1e+23'], ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'], ['444b1ae4d6e2ef4f', '999999999999999900000'], ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'], ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'], ['41b3de4355555554', '333333333.33333325'], ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'], ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'], ['43143ff3c1cb0959', '1424953923781206.2']
    ]
    for (const [bits, expected] of vectors) assert.equal(canonicalJson(fromBits(bits)), expected, bits)
    assert.throws(() => canonicalJson(fromBits('7fffffffffffffff')), CanonicalError)
    assert.throws(() => canonicalJson(fromBits('7ff0000000000000')), CanonicalError)
  })

  it('canonicalizes the RFC example object', () => {
    const input = '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}'
    assert.equal(canonicalJson(JSON.parse(input)), '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}')
  })

  it('sorts keys by UTF-16 code units, recursively, and keeps array order', () => {
    const keys = { '\u20ac': 'Euro Sign', '\r': 'Carriage Return', '\uFB33': 'Hebrew Letter Dalet With Dagesh', 1: 'One', '\u{1F600}': 'Emoji: Grinning Face', '\u0080': 'Control', '\u00f6': 'Latin Small Letter O With Diaeresis' }
    // Keys follow `{` or `,`; every value here is a plain string.
    const order = [...canonicalJson(keys).matchAll(/[{,]"((?:[^"\\]|\\.)*)":/g)].map((match) => match[1])
    assert.deepEqual(order, ['\\r', '1', '\u0080', 'ö', '€', '\u{1F600}', '\uFB33'])
    assert.equal(canonicalJson({ b: [3, { z: 1, y: 2 }, 1], a: { '9': 0, a: 0, '10': 0 } }), '{"a":{"10":0,"9":0,"a":0},"b":[3,{"y":2,"z":1},1]}')
  })

  it('matches the vendor interop vector exactly, without a trailing newline', () => {
    assert.equal(canonicalJson({ z: 1, a: 'line1\nline2\t"q"', m: [3, 2, { y: true, x: null }] }), '{"a":"line1\\nline2\\t\\"q\\"","m":[3,2,{"x":null,"y":true}],"z":1}')
  })

  it('refuses lone surrogates, NaN and Infinity, unsafe integers in records, and non-plain objects', () => {
    assert.throws(() => canonicalJson({ name: 'a\ud800b' }), CanonicalError)
    assert.throws(() => canonicalJson({ ['\udc00']: 1 }), CanonicalError)
    assert.throws(() => canonicalJson([Number.NaN]), CanonicalError)
    assert.throws(() => canonicalJson({ v: Number.POSITIVE_INFINITY }), CanonicalError)
    assert.throws(() => canonicalJson({ at: new Date(0) }), /plain objects/)
    assert.throws(() => canonicalJson(new Map([['a', 1]])), /plain objects/)
    const valid = { ...recordA, kind: 'score', rom: '1942' }
    assert.equal(recordProblem(valid), null)
    assert.match(recordProblem({ ...valid, value: 2 ** 53 })!, /^value /)
    assert.match(recordProblem({ ...valid, value: 1.5 })!, /^value /)
  })
})

describe('index root', () => {
  it('reproduces the worked example of records.md §1.6', () => {
    assert.equal(computeRoot([recordA]), '7a721f9d3ec3f74dc95ec320bdf1b68d816248e0ba4d95ee19604c834303c0c5')
    assert.equal(computeRoot([recordA, recordB]), '950046c2efce06d8469ce7cf7f1665b39fb735b3175d3eeb48c4cf5cdb7445e7')
    assert.equal(computeRoot([recordB, recordA]), 'c2ff585c283ce2c1560f839193f0dce9d0a5bae9445b2ca56d69bceca0f2e296')
    assert.equal(computeRoot([{ ...recordA, value: 61981 }, recordB]), '427e49fb44877495f321144237ffc617709a1e5e030d6915ea8dffd7593c4992')
    assert.equal(computeRoot([]), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
  })

  it('never has a trailing LF', () => {
    const withTrailingLf = createHash('sha256').update(`${canonicalJson(recordA)}\n${canonicalJson(recordB)}\n`).digest('hex')
    assert.equal(withTrailingLf, '60b3a28de1e40b73ec15cbc17b04f2a73bb7dacf0781aebd56a2f812d6962951')
    assert.notEqual(computeRoot([recordA, recordB]), withTrailingLf)
  })

  it('is the same for re-encoded input JSON', () => {
    const reencoded = `[ { "value" : 61980.0, "id":"0041d31b-3424-487f-840e-cf01fa63d203", "system":"\\u0061rcade", "game":"1942", "ruleset":"1cc", "better":"higher", "player":"theJim", "rom_md5":"89625f073887a5915c3ce2e2e4da8875", "at":"2026-10-04T21:25:19Z" } ]`
    assert.equal(computeRoot(JSON.parse(reencoded) as unknown[]), computeRoot([recordA]))
  })
})

describe('tampering and keys', () => {
  it('reports a changed record as a root mismatch with both values, the signature still valid over the published root', () => {
    const index = signedIndex([recordA, recordB])
    const report = verifyServiceData({ index: { ...index, records: [{ ...recordA, value: 61981 }, recordB] }, ...noAnchors }, unpinned)
    assert.equal(report.authentic, false)
    assert.equal(report.signature.ok, true)
    assert.ok(report.problems.some((p) => p.includes('root mismatch') && p.includes('427e49fb44877495f321144237ffc617709a1e5e030d6915ea8dffd7593c4992') && p.includes(index.root)), report.problems.join('\n'))
  })

  it('reports a bad signature when the root is replaced too', () => {
    const index = signedIndex([recordA, recordB])
    const records = [{ ...recordA, value: 61981 }, recordB]
    const report = verifyServiceData({ index: { ...index, records, root: computeRoot(records) }, ...noAnchors }, unpinned)
    assert.equal(report.root.ok, true)
    assert.equal(report.signature.ok, false)
    assert.match(report.signature.reason!, /bad signature/)
  })

  it('refuses a signature by key A published with key B', () => {
    const index = signedIndex([recordA])
    const check = verifyIndexSignature({ ...index, issuer_public_key: pemOf(newKey().publicKey) })
    assert.equal(check.ok, false)
  })

  it('calls a self-consistent index signed by another key than the pinned one untrusted', () => {
    const index = signedIndex([recordA])
    const pinned = verifyServiceData({ index, ...noAnchors }, { pin: { keyId: index.issuer_key_id }, headers: [] })
    assert.equal(pinned.authentic, true)
    assert.equal(pinned.issuer.pinOk, true)
    const other = verifyServiceData({ index, ...noAnchors }, { pin: { publicKeyPem: pemOf(newKey().publicKey) }, headers: [] })
    assert.equal(other.signature.ok, true)
    assert.equal(other.authentic, false)
    assert.ok(other.problems.some((p) => p.startsWith('untrusted issuer')), other.problems.join('\n'))
    const unpinnedReport = verifyServiceData({ index, ...noAnchors }, unpinned)
    assert.equal(unpinnedReport.authentic, true)
    assert.ok(unpinnedReport.notes.some((n) => n.includes('self-consistency')))
  })

  it('rejects a secp256k1 key by its curve', () => {
    const check = verifyIndexSignature(signedIndex([recordA], newKey('secp256k1')))
    assert.equal(check.ok, false)
    assert.match(check.ok ? '' : check.reason, /curve secp256k1, not P-256/)
  })

  it('rejects a signature over the raw 32 digest bytes', () => {
    const key = newKey()
    const index = signedIndex([recordA], key)
    const overRaw = sign('sha256', Buffer.from(index.root, 'hex'), { key: key.privateKey, dsaEncoding: 'der' }).toString('base64url')
    assert.equal(verifyIndexSignature({ ...index, signature: overRaw }).ok, false)
  })

  it('rejects an r‖s (IEEE P1363) signature with a clear reason', () => {
    const key = newKey()
    const index = signedIndex([recordA], key)
    const p1363 = sign('sha256', Buffer.from(index.root, 'utf8'), { key: key.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')
    const check = verifyIndexSignature({ ...index, signature: p1363 })
    assert.equal(check.ok, false)
    assert.match(check.ok ? '' : check.reason, /r‖s in IEEE P1363 form, not DER/)
  })

  it('documents an example index that really verifies', () => {
    const report = verifyServiceData({ index: exampleIndex, ...noAnchors }, { pin: { keyId: exampleIndex.issuer_key_id }, headers: [] })
    assert.deepEqual(report.problems, [])
  })

  it('refuses a signature that is not strict base64url', () => {
    const index = signedIndex([recordA])
    assert.match((verifyIndexSignature({ ...index, signature: `${index.signature}==` }) as { reason: string }).reason, /base64url/)
  })
})
