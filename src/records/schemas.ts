/**
 * The records API bodies (spec §4.4, interface §4.1 partner row) and the flat record this
 * cabinet publishes. Records are flat scalars with safe integers only (records.md §1.2), so
 * any verifier, shallow or full JCS, hashes them alike.
 */
import { Type, type Static } from 'typebox'
import { PublishedAnchor } from './verify/shapes.js'

const uuid = (description: string) => Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', description: `${description} (lowercase UUID).` })
const text = (description: string, maxLength = 256) => Type.String({ minLength: 1, maxLength, description })

const exampleRecord = { id: '0041d31b-3424-487f-840e-cf01fa63d203', kind: 'score', system: 'mame', rom: '1942', game: '1942', value: 61980, better: 'higher', player: 'theJim', at: '2026-10-04T21:25:19Z', ruleset: '1cc', rom_md5: '89625f073887a5915c3ce2e2e4da8875', node: 'cab-01' }
const exampleRoot = '27f59bfdd89c17e26268a1af543eb86bbac895eceda01c2bd8cd5ecb19202161'
const exampleKeyId = '6ea00555c2e966548cfa171fa6bbf83671c0a740bd44cb43228933af228d9eb7'

/** A real signed index of the example record (a throwaway key signed it), so the example verifies. */
export const exampleIndex = {
  records: [exampleRecord],
  count: 1,
  root: exampleRoot,
  signature: 'MEUCIQCVVVAsFZ7kXU2avqEvIFlDL4UczwnJl4bH2Vz4Iruo1gIgeUIOj37zzaxrGB1JiZOddNPseAOCm48VJc4FiDr7Sw8',
  issuer_public_key: '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEuoG0EBKGjE/YNui4Ix9ttbv/EU6W\nuXr5RgrtKEnVnZDSzko595cu4bDtQIiYt42c0UYIX9VDf0TqFvvq9zADyQ==\n-----END PUBLIC KEY-----\n',
  issuer_key_id: exampleKeyId,
  alg: 'ES256-DER'
}

export const RecordBody = Type.Object({
  id: uuid('Identity of the record'),
  kind: Type.Union([Type.Literal('score'), Type.Literal('withdrawal')], { description: '`withdrawal` retracts the record named by `ref`; history is never rewritten.' }),
  system: text('Frontend system id (for example `mame`).', 64),
  rom: text('Rom file stem.', 128),
  game: text('Display name of the game.'),
  value: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, description: 'Score as a safe integer.' }),
  better: Type.Union([Type.Literal('higher'), Type.Literal('lower')], { description: 'Which way a value is better.' }),
  player: text('Player name.', 64),
  at: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$', description: 'When the score was made, ISO-8601 UTC.' }),
  ruleset: Type.Optional(text('Rule set (for example `1cc`).', 64)),
  rom_md5: Type.Optional(Type.String({ pattern: '^[0-9a-f]{32}$', description: 'MD5 of the rom, lowercase hex.' })),
  node: Type.Optional(text('The cabinet that recorded it.', 64)),
  ref: Type.Optional(uuid('The record a withdrawal retracts'))
}, { additionalProperties: false, description: 'A flat record.', examples: [exampleRecord] })
export type ScoreRecord = Static<typeof RecordBody>

export const RecordCreated = Type.Object({
  record: RecordBody,
  count: Type.Integer({ description: 'Records in the index now.' }),
  root: Type.String({ description: 'The new root of the index.' })
}, { examples: [{ record: exampleRecord, count: 1, root: exampleRoot }] })

export const IndexResponse = Type.Object({
  records: Type.Array(RecordBody, { description: 'Every record in publication order (the order is hashed).' }),
  count: Type.Integer(),
  root: Type.String({ description: 'Lowercase hex SHA-256 of the records\' RFC 8785 lines joined by LF (no trailing LF).' }),
  signature: Type.String({ description: 'ECDSA P-256/SHA-256 over the UTF-8 hex root; DER in base64url without padding.' }),
  issuer_public_key: Type.String({ description: 'SPKI PEM.' }),
  issuer_key_id: Type.String({ description: 'Lowercase hex SHA-256 of the SPKI DER.' }),
  alg: Type.Literal('ES256-DER')
}, { description: 'The signed index (records.md §1).', examples: [exampleIndex] })

export const AnchorsResponse = Type.Object({ anchors: Type.Array(PublishedAnchor) }, {
  description: 'Anchored roots by generation.',
  examples: [{ anchors: [{ generation: 1, root_sha256: exampleRoot, record_count: 1, bitcoin_block: null, submitted_at: '2026-10-04T21:30:00.000Z', confirmed_at: null }] }]
})

export const ProofResponse = Type.Object({
  generation: Type.Integer(),
  root_sha256: Type.String(),
  ots_b64: Type.String({ description: 'The OpenTimestamps proof (.ots) in standard padded base64.' })
}, { examples: [{ generation: 1, root_sha256: exampleRoot, ots_b64: 'AE9wZW5UaW1lc3RhbXBzAABQcm9vZgC/ieLohOiSlAEIJ/Wb/dicF+JiaKGvVD64a7rIleztoBwr2M1eyxkgIWHwELgiW56iDfGdhBs6jx2d47IIAIPf4w0u+QyOJiVodHRwczovL29mZmxpbmUtdGVzdC5jYWxlbmRhci5pbnZhbGlk' }] })

export const LeaderboardQuery = Type.Object({
  system: Type.Optional(Type.String({ minLength: 1, description: 'Frontend system id of another game than the one on screen; needs `rom`.' })),
  rom: Type.Optional(Type.String({ minLength: 1, description: 'Rom file stem; needs `system`.' }))
}, { additionalProperties: false })

const LeaderboardEntry = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  player: Type.String(),
  value: Type.Integer(),
  at: Type.String(),
  recordId: Type.String(),
  issuerKeyId: Type.String(),
  sealed: Type.Boolean({ description: 'The record is covered by an anchored generation whose proof verifies.' })
})

const LeaderboardSource = Type.Object({
  url: Type.String({ description: '`local` for this cabinet\'s own index, else the linked service.' }),
  issuerKeyId: Type.Union([Type.String(), Type.Null()]),
  verified: Type.Boolean(),
  sealState: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('anchored'), Type.Literal('confirmed'), Type.Literal('invalid')]),
  records: Type.Integer({ description: 'Records the source publishes (all games).' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the source is left out, or what its seal says.' })
})

export const LeaderboardResponse = Type.Object({
  system: Type.String(),
  rom: Type.String(),
  game: Type.Union([Type.String(), Type.Null()]),
  generatedAt: Type.String(),
  entries: Type.Array(LeaderboardEntry, { maxItems: 100 }),
  sources: Type.Array(LeaderboardSource)
}, {
  description: 'Top 100 of a game from verified sources only.',
  examples: [{
    system: 'mame',
    rom: '1942',
    game: '1942',
    generatedAt: '2026-11-24T22:00:00.000Z',
    entries: [{ rank: 1, player: 'theJim', value: 61980, at: '2026-10-04T21:25:19Z', recordId: exampleRecord.id, issuerKeyId: exampleKeyId, sealed: false }],
    sources: [
      { url: 'local', issuerKeyId: exampleKeyId, verified: true, sealState: 'pending', records: 1, reason: 'generation 1: submitted to https://a.pool.opentimestamps.org; awaiting Bitcoin confirmation' },
      { url: 'http://cab-02.local:12345', issuerKeyId: null, verified: false, sealState: 'none', records: 0, reason: 'http://cab-02.local:12345/api/v1/scores/index: no answer in time' }
    ]
  }]
})
export type Leaderboard = Static<typeof LeaderboardResponse>
