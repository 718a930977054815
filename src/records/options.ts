/** Where the issuer key is, how roots are anchored, and which record services this cabinet ranks with. */
import { Type } from 'typebox'
import { option, type ConfigOf } from '../core/options.js'

export const recordsOptions = {
  recordsKey: option({ kind: 'string', schema: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), default: null, flag: 'records-key', description: 'Issuer private key (PKCS#8 PEM, EC P-256) that signs the records index; default <data-dir>/records/issuer-key.pem, created on first start (mode 0600).' }),
  recordsCalendars: option({ kind: 'list', schema: Type.Array(Type.String({ pattern: '^https?://' })), default: [], flag: 'records-calendar', description: 'OpenTimestamps calendar URL that anchors the index root (repeatable). None: the index is signed but not anchored.' }),
  recordsAnchorIntervalS: option({ kind: 'integer', schema: Type.Integer({ minimum: 10, maximum: 86_400 }), default: 900, flag: null, description: 'Seconds between anchoring the current root (when it changed) and upgrading pending proofs.' }),
  partnerUrls: option({ kind: 'list', schema: Type.Array(Type.String({ pattern: '^https?://[^#\\s]+(#[0-9a-f]{64})?$' })), default: [], flag: 'partner-url', description: 'Base URL of a record service to rank with (another cabinet, a venue), repeatable; URL#<issuer key id> pins its key.' }),
  partnerTimeoutMs: option({ kind: 'integer', schema: Type.Integer({ minimum: 100, maximum: 60_000 }), default: 3000, flag: 'partner-timeout-ms', description: 'Longest wait for one linked service (index, anchors and proofs together).' }),
  partnerMaxBytes: option({ kind: 'integer', schema: Type.Integer({ minimum: 1024, maximum: 1 << 30 }), default: 8 << 20, flag: null, description: 'Largest answer read from a linked service.' }),
  partnerCacheS: option({ kind: 'integer', schema: Type.Integer({ minimum: 1, maximum: 86_400 }), default: 60, flag: null, description: 'Seconds a linked service\'s verified index is reused before it is fetched again.' })
} as const

export type RecordsConfig = ConfigOf<typeof recordsOptions>
