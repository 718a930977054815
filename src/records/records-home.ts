/**
 * The records of this cabinet as files in `<data-dir>/records/`: the store, the issuer key, the
 * anchors and the anchorer. Shared by the service and the `records` commands.
 */
import path from 'node:path'
import { AnchorLog } from './anchoring/anchor-log.js'
import { nullAnchorer, type Anchorer } from './anchoring/anchorer.js'
import { CalendarAnchorer } from './anchoring/calendar.js'
import { AnchorJobs } from './anchoring/jobs.js'
import { loadIssuerKey, type IssuerKey } from './issuer-key.js'
import type { RecordsConfig } from './options.js'
import { RecordStore } from './store.js'
import type { ServiceData } from './verify/report.js'
import { encodeProof } from './verify/shapes.js'

const calendarTimeoutMs = 10_000

const recordsDirOf = (dataDir: string): string => path.join(dataDir, 'records')

/** Who anchors the records of a data dir: the options' calendars in the service; tests give an offline anchorer of their own. */
export type AnchorerOf = (options: RecordsConfig, dataDir: string) => Anchorer

export const configuredAnchorer: AnchorerOf = (options) =>
  options.recordsCalendars.length > 0 ? new CalendarAnchorer(options.recordsCalendars, calendarTimeoutMs) : nullAnchorer

/**
 * The store, the anchors and their jobs are only paths until `open`, which loads the store and
 * reads (or makes) the issuer key: at the module's start or in a command, never on a request, and
 * not when the module registers (printing the API documents builds the app too, and must not
 * create a key in the data dir).
 */
export class RecordsHome {
  readonly store: RecordStore
  readonly anchors: AnchorLog
  readonly jobs: AnchorJobs
  readonly #loadKey: () => Promise<IssuerKey>
  /** Settles as `open` does: a request that comes before it waits. */
  readonly #opened: Promise<IssuerKey>
  #settleOpen!: (key: Promise<IssuerKey>) => void
  #key: IssuerKey | null = null

  constructor (options: RecordsConfig, dataDir: string, now: () => Date, anchorerOf: AnchorerOf) {
    const dir = recordsDirOf(dataDir)
    this.store = new RecordStore(dir)
    this.anchors = new AnchorLog(dir)
    this.jobs = new AnchorJobs({ head: () => this.store.head, log: this.anchors, anchorer: anchorerOf(options, dataDir), now })
    this.#loadKey = async () => loadIssuerKey(options.recordsKey, dir)
    this.#opened = new Promise((resolve) => { this.#settleOpen = resolve })
    // A failed opening is reported by `open`, and to every request: not as an unhandled rejection.
    this.#opened.catch(() => {})
  }

  async open (): Promise<void> {
    const opening = this.store.open().then(async () => this.#loadKey())
    this.#settleOpen(opening)
    this.#key = await opening
  }

  /** The issuer key, once open. */
  async key (): Promise<IssuerKey> {
    return this.#opened
  }

  /** The issuer key's id, or null before the records are open (a status taken during the start, or with the manager off). */
  get keyId (): string | null {
    return this.#key?.keyId ?? null
  }

  /** The body of `GET /api/v1/scores/index`: the file's records with the admitted root, signed. */
  async index () {
    const key = await this.key()
    const { root } = this.store.head
    const records = await this.store.published()
    return { records, count: records.length, root, signature: key.sign(root), issuer_public_key: key.publicKeyPem, issuer_key_id: key.keyId, alg: 'ES256-DER' as const }
  }

  async proof (generation: number) {
    const anchor = (await this.anchors.list()).find((a) => a.generation === generation)
    const ots = anchor === undefined ? null : await this.anchors.proof(generation)
    return anchor === undefined || ots === null ? null : { generation, root_sha256: anchor.root_sha256, ots_b64: encodeProof(ots) }
  }

  /** What a verifier would fetch from this cabinet, read locally. */
  async serviceData (): Promise<ServiceData> {
    const anchors = await this.anchors.list()
    const proofs = await Promise.all(anchors.map(async (a) => [a.generation, await this.anchors.proof(a.generation)] as const))
    return { index: await this.index(), anchors, proofs: new Map(proofs) }
  }
}
