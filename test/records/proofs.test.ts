/** OpenTimestamps proofs, block headers and seal states (records.md §3, §5c). */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { OfflineTestAnchorer, offlineTestHeader, offlineTestHeight } from '../support/offline-anchorer.js'
import { tempDir } from '../support/hub.js'
import { checkHeader } from '../../src/records/verify/header.js'
import { evaluateOts } from '../../src/records/verify/ots/evaluate.js'
import { OtsError, parseOts, type OtsErrorCode } from '../../src/records/verify/ots/parse.js'
import { chainBytes, proofBytes, writeOts } from '../../src/records/verify/ots/write.js'
import { sealOfGeneration } from '../../src/records/verify/seal.js'
import { recordA, recordsCli, sharedOts, sharedOtsSkip, signedIndex } from '../support/records.js'

const digest = createHash('sha256').update('a records index').digest()
const root = digest.toString('hex')

function otsError (bytes: Buffer): OtsError {
  try {
    parseOts(bytes)
  } catch (error) {
    if (error instanceof OtsError) return error
    throw error
  }
  assert.fail('the proof parsed')
}

function assertRejected (bytes: Buffer, code: OtsErrorCode, offset: number): void {
  const error = otsError(bytes)
  assert.equal(error.code, code, error.message)
  assert.equal(error.offset, offset, error.message)
}

const pendingProof = (timestamp: Buffer): Buffer => proofBytes(digest, timestamp)
const pending = (uri: string) => chainBytes([{ name: 'sha256', argument: null }], { kind: 'pending', uri })

describe('OpenTimestamps public example proofs', { skip: sharedOtsSkip() }, () => {
  const example = (name: string): Buffer => readFileSync(`${sharedOts}${name}`)

  it('reproduces the hello-world facts: digest, Bitcoin block 358391 and its merkle root', () => {
    const summary = evaluateOts(parseOts(example('hello-world.txt.ots')))
    assert.equal(summary.fileDigest, '03ba204e50d126e4674c005e04d82e84c21366780af1f43bd54a37816b6ab340')
    assert.equal(summary.fileDigest, createHash('sha256').update(example('hello-world.txt')).digest('hex'))
    assert.deepEqual(summary.leaves, [{ kind: 'bitcoin', height: 358391, merkleRoot: '007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a', merkleRootDisplayed: '8a1b66ecb7cbd07d8139a7e7d7f2c41aab1f5009b8364aaf61d03ad245e47e00' }])
  })

  it('reads the pending calendars of the incomplete and two-calendar proofs', () => {
    const incomplete = evaluateOts(parseOts(example('incomplete.txt.ots')))
    assert.equal(incomplete.fileDigest, createHash('sha256').update(example('incomplete.txt')).digest('hex'))
    assert.deepEqual(incomplete.leaves.map((l) => l.kind === 'pending' ? l.uri : l.kind), ['https://alice.btc.calendar.opentimestamps.org'])
    const two = evaluateOts(parseOts(example('two-calendars.txt.ots')))
    assert.deepEqual(two.leaves.map((l) => l.kind === 'pending' ? l.uri : l.kind), ['https://alice.btc.calendar.opentimestamps.org', 'https://bob.btc.calendar.opentimestamps.org'])
  })

  it('writes each parsed proof back to the same bytes', () => {
    for (const name of ['hello-world.txt.ots', 'incomplete.txt.ots', 'two-calendars.txt.ots']) assert.ok(writeOts(parseOts(example(name))).equals(example(name)), name)
  })

  it('rejects a copy cut at 300 bytes as truncated at offset 281, and every strict prefix as truncated', () => {
    const proof = example('hello-world.txt.ots')
    assertRejected(proof.subarray(0, 300), 'TRUNCATED', 281)
    for (let length = 0; length < proof.length; length++) {
      const error = otsError(proof.subarray(0, length))
      assert.equal(error.code, 'TRUNCATED', `prefix ${length}: ${error.message}`)
      assert.ok(error.offset <= length, `prefix ${length}: offset ${error.offset}`)
    }
  })

  it('are inspected by records inspect-proof, and a truncated copy is a typed error with its offset', async () => {
    const text = await recordsCli(['inspect-proof', `${sharedOts}hello-world.txt.ots`])
    assert.equal(text.code, 0)
    assert.match(text.stdout, /digest: +03ba204e50d126e4674c005e04d82e84c21366780af1f43bd54a37816b6ab340/)
    assert.match(text.stdout, /bitcoin: +block 358391, merkle root 8a1b66ecb7cbd07d8139a7e7d7f2c41aab1f5009b8364aaf61d03ad245e47e00/)
    const json = await recordsCli(['inspect-proof', `${sharedOts}two-calendars.txt.ots`, '--json'])
    assert.deepEqual((JSON.parse(json.stdout) as { leaves: Array<{ kind: string, uri: string }> }).leaves.map((l) => [l.kind, l.uri]), [['pending', 'https://alice.btc.calendar.opentimestamps.org'], ['pending', 'https://bob.btc.calendar.opentimestamps.org']])
    const truncated = `${tempDir()}/hello-world-cut.ots`
    writeFileSync(truncated, example('hello-world.txt.ots').subarray(0, 300))
    const cut = await recordsCli(['inspect-proof', truncated, '--json'])
    assert.equal(cut.code, 1)
    assert.deepEqual({ ...(JSON.parse(cut.stdout) as { error: object }).error, message: undefined }, { code: 'TRUNCATED', offset: 281, message: undefined })
    assert.match((await recordsCli(['inspect-proof', truncated])).stdout, /TRUNCATED at byte 281/)
  })

  it('are read by records verify from a snapshot: the Bitcoin height of the proof, and the offset of a truncated copy', async () => {
    // The example proof stamps "Hello World!", which no index hashes to: the history check fails, the proof is still read.
    const dir = tempDir()
    writeFileSync(`${dir}/index.json`, JSON.stringify(signedIndex([recordA])))
    writeFileSync(`${dir}/anchors.json`, JSON.stringify({ anchors: [{ generation: 1, root_sha256: '03ba204e50d126e4674c005e04d82e84c21366780af1f43bd54a37816b6ab340', bitcoin_block: 358391 }] }))
    writeFileSync(`${dir}/records-index-gen1.ots`, example('hello-world.txt.ots'))
    const whole = await recordsCli(['verify', '--snapshot', dir, '--json'])
    const report = JSON.parse(whole.stdout) as { generations: Array<{ state: string, height: number }> }
    assert.deepEqual(report.generations.map((g) => [g.state, g.height]), [['anchored', 358391]])
    assert.equal(whole.code, 1)
    writeFileSync(`${dir}/records-index-gen1.ots`, example('hello-world.txt.ots').subarray(0, 300))
    const cut = await recordsCli(['verify', '--snapshot', dir])
    assert.equal(cut.code, 1)
    assert.match(cut.stdout, /generation 1: invalid, the proof of generation 1 does not parse: TRUNCATED at byte 281/)
  })

  it('rejects the invalid examples', () => {
    assert.equal(otsError(example('invalid/bad-major-version.ots')).code, 'UNSUPPORTED_VERSION')
    assert.equal(otsError(example('invalid/exceeds-max-msg-length.ots')).code, 'TOO_LONG')
    assert.equal(otsError(example('invalid/invalid-file-digest-type.ots')).code, 'UNSUPPORTED_HASH')
  })
})

describe('strict .ots parsing', () => {
  const valid = pendingProof(pending('https://alice.btc.calendar.opentimestamps.org'))

  it('parses what it writes', () => {
    assert.deepEqual(evaluateOts(parseOts(valid)).leaves.map((l) => l.kind), ['pending'])
  })

  it('refuses bad magic, version 2 and a file hash other than sha256', () => {
    const badMagic = Buffer.from(valid)
    badMagic[1] = 0x6f
    assertRejected(badMagic, 'BAD_MAGIC', 0)
    const version2 = Buffer.from(valid)
    version2[31] = 2
    assertRejected(version2, 'UNSUPPORTED_VERSION', 31)
    const sha1 = Buffer.from(valid)
    sha1[32] = 0x02
    assertRejected(sha1, 'UNSUPPORTED_HASH', 32)
  })

  it('refuses an unknown op, an empty append argument, an oversized attestation and a too deep tree', () => {
    assertRejected(pendingProof(Buffer.from([0x42])), 'UNKNOWN_OP', 65)
    assertRejected(pendingProof(Buffer.from([0xf0, 0x00, 0x00])), 'BAD_ARGUMENT', 66)
    const oversized = Buffer.concat([Buffer.from([0x00]), Buffer.from('0588960d73d71901', 'hex'), Buffer.from([0x81, 0x40]), Buffer.alloc(8193)])
    assertRejected(pendingProof(oversized), 'TOO_LONG', 74)
    const deep = chainBytes(Array.from({ length: 257 }, () => ({ name: 'sha256' as const, argument: null })), { kind: 'bitcoin', height: 1 })
    assert.equal(otsError(pendingProof(deep)).code, 'TOO_DEEP')
    const deepEnough = chainBytes(Array.from({ length: 255 }, () => ({ name: 'sha256' as const, argument: null })), { kind: 'bitcoin', height: 1 })
    assert.equal(evaluateOts(parseOts(pendingProof(deepEnough))).leaves[0]!.kind, 'bitcoin')
  })

  it('refuses a trailing byte and a calendar URI with a forbidden character', () => {
    assertRejected(Buffer.concat([valid, Buffer.from([0x00])]), 'TRAILING_BYTES', valid.length)
    assert.equal(otsError(pendingProof(pending('https://alice calendar'))).code, 'BAD_ATTESTATION')
  })
})

describe('block headers', () => {
  const genesis = Buffer.from('0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c', 'hex')
  const merkleRoot = Buffer.from('4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b', 'hex').reverse()

  it('checks the genesis header', () => {
    assert.deepEqual(checkHeader(genesis, merkleRoot), {
      merkleRoot: merkleRoot.toString('hex'),
      blockHash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
      time: 1231006505,
      bits: '1d00ffff',
      powOk: true,
      merkleOk: true
    })
  })

  it('fails the merkle root or the proof of work when one byte changes', () => {
    const merkleFlipped = Buffer.from(genesis)
    merkleFlipped[40]! ^= 0x01
    assert.equal(checkHeader(merkleFlipped, merkleRoot).merkleOk, false)
    const nonceFlipped = Buffer.from(genesis)
    nonceFlipped[79]! ^= 0x01
    assert.equal(checkHeader(nonceFlipped, merkleRoot).powOk, false)
  })
})

describe('seal states', () => {
  const anchor = { generation: 1, root_sha256: root, record_count: 1, bitcoin_block: null }

  it('goes none -> pending -> anchored -> confirmed with the offline test anchorer, and invalid on any inconsistency', async () => {
    const anchorer = new OfflineTestAnchorer(`${tempDir()}/headers.txt`)
    assert.equal(sealOfGeneration(anchor, null, []).state, 'none')
    const stamped = await anchorer.stamp(digest)
    assert.equal(sealOfGeneration(anchor, stamped, []).state, 'pending')
    const { ots, bitcoinHeight } = await anchorer.upgrade(stamped)
    assert.equal(bitcoinHeight, offlineTestHeight)
    const confirmedAnchor = { ...anchor, bitcoin_block: offlineTestHeight }
    const anchored = sealOfGeneration(confirmedAnchor, ots, [])
    assert.equal(anchored.state, 'anchored', anchored.reason)
    const leaf = evaluateOts(parseOts(ots)).leaves[0]!
    assert.equal(leaf.kind, 'bitcoin')
    const header = offlineTestHeader(Buffer.from(leaf.kind === 'bitcoin' ? leaf.merkleRoot : '', 'hex'))
    const confirmed = sealOfGeneration(confirmedAnchor, ots, [{ height: null, bytes: header }])
    assert.equal(confirmed.state, 'confirmed', confirmed.reason)
    assert.equal(confirmed.time, 1_700_000_000 + offlineTestHeight)

    const otherHeight = sealOfGeneration({ ...anchor, bitcoin_block: offlineTestHeight + 1 }, ots, [])
    assert.equal(otherHeight.state, 'invalid')
    assert.match(otherHeight.reason, /the anchors say block 840001, the proof attests block 840000/)
    const otherRoot = sealOfGeneration({ ...confirmedAnchor, root_sha256: createHash('sha256').update('another root').digest('hex') }, ots, [])
    assert.equal(otherRoot.state, 'invalid')
    assert.match(otherRoot.reason, /proof does not commit to this root/)
    const wrongHeader = sealOfGeneration(confirmedAnchor, ots, [{ height: offlineTestHeight, bytes: offlineTestHeader(Buffer.alloc(32)) }])
    assert.equal(wrongHeader.state, 'invalid')
    const cut = sealOfGeneration(confirmedAnchor, ots.subarray(0, ots.length - 1), [])
    assert.equal(cut.state, 'invalid')
    assert.match(cut.reason, /TRUNCATED at byte/)
  })

  it('says so when a proof stamps the hex text of the root instead of the root', async () => {
    const ofText = await new OfflineTestAnchorer(`${tempDir()}/headers.txt`).stamp(createHash('sha256').update(root).digest())
    assert.match(sealOfGeneration(anchor, ofText, []).reason, /hex text/)
  })
})
