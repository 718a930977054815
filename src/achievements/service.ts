/**
 * The achievements host service: answers RetroArch through the configured host, feeds every
 * request and answer to the session model, keeps badges in the media cache, and reports status.
 * Nothing it logs or keeps carries a password or token: it logs the request type and status only.
 */
import type { FactChannel } from '../core/facts.js'
import type { AchievementFacts } from './facts.js'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { HubError } from '../core/errors.js'
import type { Publisher } from '../core/event-bus.js'
import type { HubDatabase } from '../core/storage/database.js'
import type { AchievementsEvents } from './events.js'
import { UpstreamUnreachable, type AchievementsHost } from './host.js'
import { LocalHost } from './local-host.js'
import { MediaCache, type MediaRef } from './media.js'
import type { AchievementsConfig } from './options.js'
import { ProxyHost } from './proxy-host.js'
import type { AchievementsStatus, PatchDataType } from './schemas.js'
import { SessionModel } from './session-model.js'
import { SetLibrary, type InstalledSet } from './sets.js'
import { UnlockStore } from './unlock-store.js'
import { answerObject, failureAnswer, secretFields, type DoRequestCall, type HostAnswer } from './wire.js'

export interface AchievementsServiceDeps {
  /** Where confirmed unlocks are told to other modules. */
  readonly facts: FactChannel<AchievementFacts>
  readonly options: AchievementsConfig
  readonly dataDir: string
  readonly db: HubDatabase
  readonly publisher: Publisher<AchievementsEvents>
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
}

/** Replaces any credential the request carried, in text about to be kept or shown. */
function scrub (text: string, fields: URLSearchParams, answer: Record<string, unknown> | null): string {
  const secrets = [...secretFields.map((name) => fields.get(name)), typeof answer?.Token === 'string' ? answer.Token : null]
  return secrets.reduce<string>((result, secret) => secret === null || secret === undefined || secret.length < 3 ? result : result.split(secret).join('***'), text)
}

export class AchievementsService {
  readonly model: SessionModel
  readonly sets: SetLibrary
  readonly store: UnlockStore
  readonly #host: AchievementsHost
  readonly #media: MediaCache
  readonly #options: AchievementsConfig
  readonly #logger: FastifyBaseLogger
  readonly #now: () => Date
  #lastRequestAt: string | null = null
  #lastError: string | null = null
  #requests = 0

  constructor (deps: AchievementsServiceDeps) {
    const root = path.join(deps.dataDir, 'achievements')
    this.#options = deps.options
    this.#logger = deps.logger
    this.#now = deps.now
    this.#media = new MediaCache(path.join(root, 'media'))
    this.sets = new SetLibrary(path.join(root, 'sets'), (file, reason) => this.#logger.warn(`achievement set ${file} is skipped: ${reason}`))
    this.store = new UnlockStore(deps.db)
    this.model = new SessionModel(deps.publisher, deps.now, deps.facts)
    this.#host = deps.options.achievementsMode === 'proxy'
      ? new ProxyHost({ upstream: deps.options.achievementsUpstream, timeoutMs: deps.options.achievementsTimeoutMs })
      : new LocalHost(this.sets, this.store, deps.now)
  }

  async request (call: DoRequestCall): Promise<HostAnswer> {
    this.#requests++
    this.#lastRequestAt = this.#now().toISOString()
    const kind = call.fields.get('r') ?? '(none)'
    let answer: HostAnswer
    try {
      answer = await this.#host.request(call)
    } catch (error) {
      if (!(error instanceof UpstreamUnreachable)) throw error
      this.#lastError = error.message
      this.#logger.warn(`achievements request r=${kind}: ${error.message}`)
      return failureAnswer(502, 'UPSTREAM_UNREACHABLE', error.message)
    }
    const json = answerObject(answer)
    if (json?.Success === false) this.#lastError = scrub(`r=${kind}: ${typeof json.Error === 'string' ? json.Error : `refused (HTTP ${answer.status})`}`, call.fields, json)
    this.#logger.debug(`achievements request r=${kind} answered ${answer.status}`)
    // RetroArch posts; a GET (a read someone made by hand or a page made) is answered, never taken as the session's.
    if (call.method === 'POST') this.model.observe(call.fields, json)
    return answer
  }

  /** Cached images first (badges never change); otherwise the host's, cached when it is a PNG. */
  async image (ref: MediaRef, userAgent: string | null): Promise<HostAnswer | null> {
    const cached = await this.#media.read(ref)
    if (cached !== null) return { status: 200, contentType: 'image/png', body: cached }
    let fetched: HostAnswer | null
    try {
      fetched = await this.#host.image(ref, userAgent)
    } catch (error) {
      if (!(error instanceof UpstreamUnreachable)) throw error
      this.#lastError = error.message
      return failureAnswer(502, 'UPSTREAM_UNREACHABLE', error.message)
    }
    if (fetched?.status === 200 && fetched.contentType.startsWith('image/png')) await this.#media.write(ref, fetched.body)
    return fetched
  }

  async media (ref: MediaRef): Promise<Buffer> {
    const bytes = await this.#media.read(ref)
    if (bytes === null) throw new HubError(404, 'MEDIA_NOT_FOUND', `No cached achievements image ${ref.category}/${ref.file}`)
    return bytes
  }

  async hasMedia (ref: MediaRef): Promise<boolean> {
    return this.#media.has(ref)
  }

  async putMedia (ref: MediaRef, bytes: Buffer): Promise<void> {
    await this.#media.write(ref, bytes)
  }

  async installSet (hash: string, set: PatchDataType): Promise<InstalledSet> {
    const installed = await this.sets.install(hash, set)
    this.#logger.info(`achievement set ${installed.hash} installed: ${set.Title} (game ${set.ID}, ${set.Achievements.length} achievements)`)
    return installed
  }

  status (enabled: boolean, webSocket: string): AchievementsStatus {
    const proxy = this.#options.achievementsMode === 'proxy'
    return {
      enabled,
      mode: this.#options.achievementsMode,
      upstream: proxy ? this.#options.achievementsUpstream : null,
      linked: this.model.linked,
      username: this.model.username,
      hardcore: this.model.hardcore,
      lastRequestAt: this.#lastRequestAt,
      lastError: this.#lastError,
      requests: this.#requests,
      webSocket
    }
  }
}
