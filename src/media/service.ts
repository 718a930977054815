/**
 * The Local Media Manager's logic: keeps the index in step with the sources (full scan at first
 * start, persisted rows on later starts, then rescans that publish only the difference whenever
 * the media folders change (see media-watch.ts)),
 * answers which assets a game or system owns, and resolves a served path to a file it may serve.
 */
import type { FactChannel } from '../core/facts.js'
import type { MediaFacts } from './facts.js'
import type { Stats } from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Publisher } from '../core/event-bus.js'
import { loopTurns } from '../core/loop-turns.js'
import type { HubDatabase } from '../core/storage/database.js'
import { themeRoots, type FrontendInstall } from '../frontends/index.js'
import type { LibraryCatalog } from '../library/index.js'
import type { MediaEvents } from './events.js'
import type { MediaConfig } from './options.js'
import { mediaSystemId } from '../identity/index.js'
import { FirstLook } from './first-look.js'
import { GameAliases } from './identity.js'
import { MediaIndex, type IndexChange, type MediaAsset } from './media-index.js'
import { watchMediaFolders } from './media-watch.js'
import { mediaRoots } from './roots.js'
import { MediaScan, type MediaSources, type Origin } from './scan.js'
import { ServedContainment } from './served-containment.js'
import { SmallFiles, type KeptFile } from './small-files.js'
import { StoreFolders } from './store-folders.js'
import { themeNames } from './themes.js'

/** An asset as WebSocket payloads carry it (spec §2.6). */
export function assetPayload (asset: MediaAsset) {
  return {
    Kind: asset.kind,
    Url: asset.url,
    Path: asset.file,
    FileName: asset.fileName,
    Stem: asset.fileName.slice(0, asset.fileName.length - asset.extension.length - 1),
    Extension: asset.extension,
    Length: asset.size,
    LastWriteTimeUtc: new Date(asset.mtimeMs).toISOString(),
    Origin: asset.origin
  }
}

/** A media identity: which store folder a frontend game or system uses. */
export interface MediaEntry {
  readonly system: string
  /** '' for the system itself. */
  readonly slug: string
}

/**
 * Small files answered from memory (see small-files.ts): images and logos, not videos; enough in
 * all for a few thousand of them; looked at again at most once a second.
 */
const smallFiles = { maxFileBytes: 256 * 1024, maxTotalBytes: 32 * 1024 * 1024, recheckMs: 1000 }

/** How often the store folders of the entry on screen are looked at. */
const onScreenCheckMs = 1000
const storeOrigins: readonly Origin[] = ['user', 'local']

export interface LocalMediaDeps {
  readonly install: FrontendInstall
  readonly catalog: LibraryCatalog
  readonly options: MediaConfig
  readonly dataDir: string
  /** The theme the frontend shows (its settings name it): the theme whose system art is indexed. */
  readonly themeSet: string | null
  readonly db: HubDatabase
  readonly publisher: Publisher<MediaEvents>
  /** Where other modules are told of media that came or went. */
  readonly facts: FactChannel<MediaFacts>
  readonly logger: FastifyBaseLogger
  readonly now: () => Date
}

export class LocalMedia {
  readonly index: MediaIndex
  readonly sources: MediaSources
  readonly #deps: LocalMediaDeps
  readonly #catalog: LibraryCatalog
  readonly #aliases: GameAliases
  readonly #containment = new ServedContainment()
  readonly #smallFiles: SmallFiles
  #scanning: Promise<IndexChange> | null = null
  /** The scan that follows the one in flight, asked for during it. */
  #scanAgain: Promise<IndexChange> | null = null
  /** Stops following the media folders; null until keepUp. */
  #stopWatching: (() => Promise<void>) | null = null
  /** The scan a change of the media folders asked for, waiting its turn. */
  #changeTimer: NodeJS.Timeout | null = null
  /** When the last scan ended (performance.now()). */
  #lastScanEndedMs = 0
  /** When the last finished scan started, on the files' clock (the machine's): what changed after it is not in the index. */
  #lastScanStartedAtMs: number | null = null
  #lastScanAtUtc: string | null = null
  #lastScanMs = 0
  /** Set once a full index is taken over or built: from then on, scans publish what changed asset by asset. */
  #indexKnown = false
  /** The entry on screen, whose store folders are looked at between full scans. */
  #onScreen: MediaEntry | null = null
  #checking: Promise<void> | null = null
  #checkTimer: NodeJS.Timeout | null = null
  readonly #storeFolders = new StoreFolders()
  readonly #stopping = new AbortController()

  constructor (deps: LocalMediaDeps) {
    const { catalog, options } = deps
    this.#deps = deps
    this.#smallFiles = new SmallFiles({ ...smallFiles, now: deps.now })
    this.#catalog = catalog
    this.sources = {
      mediaRoot: path.resolve(options.mediaDir ?? path.join(deps.dataDir, 'media')),
      romsRoot: deps.install.romsRoot,
      // The option, else the frontend's own (ES-DE keeps scraped media in downloaded_media by convention).
      downloadedMediaDir: options.downloadedMediaDir === null ? deps.install.downloadedMediaDir : path.resolve(options.downloadedMediaDir),
      themeRoots: themeRoots(deps.install, options.themesDir),
      themes: themeNames(deps.themeSet, deps.install.adapter.defaultTheme ?? null),
      games: () => catalog.allGames(),
      systems: () => catalog.systemIds()
    }
    this.index = new MediaIndex(deps.db)
    this.#aliases = new GameAliases(this.sources.mediaRoot)
  }

  /**
   * Ready at once with the index the last run persisted. A first start of a big library is ready
   * after a first look (see ScanOptions): every file the gamelists name and the store's system art;
   * the store's game folders, 100,000 folder reads at 50,000 games, come with the full scan that
   * follows (see keepUp). A smaller one is fully scanned before it is ready.
   */
  async start (): Promise<void> {
    await this.#catalog.refreshGamelists()
    await this.#aliases.load()
    this.#containment.reset(await mediaRoots(this.sources))
    if (await this.index.resume()) {
      this.#indexKnown = true
      this.#publishCounts('persisted')
    } else if (this.#catalog.counts().games >= this.#deps.options.mediaFirstLookGames) {
      const look = new FirstLook()
      await new MediaScan(this.sources, { aliases: this.#aliases, firstLook: true, signal: this.#stopping.signal }).runInto(look)
      await this.index.holdFirstLook(look)
      this.#publishCounts('first-look')
    } else {
      await this.rescan('start')
    }
  }

  /**
   * Once the service is ready: the full scan behind a saved index or a first look (it does not
   * compete with the other modules' start), then the watch of the media folders and the looks at
   * the entry on screen.
   */
  keepUp (): void {
    const { install, logger, options } = this.#deps
    this.#stopWatching = watchMediaFolders({
      sources: this.sources,
      gamelistFile: (systemId) => install.adapter.gamelistFile(install, systemId),
      pollMs: options.mediaRescanMs,
      // A file written after the start's scan began and before the watch listened is rescanned too.
      // (File times come from a coarser clock, a tick behind at most: a file written in the scan's first tick is in its listing anyway.)
      changedSinceMs: this.#lastScanStartedAtMs,
      onChanged: () => { this.#folderChanged() },
      onError: (error) => { logger.warn(`media folders: ${error.message}`) }
    })
    if (this.#lastScanAtUtc === null) void this.rescan('start')
    this.#checkTimer = setInterval(() => { this.#checkOnScreen() }, onScreenCheckMs)
    this.#checkTimer.unref()
  }

  /** Stops rescanning; resolves once a scan or look in flight has ended (it writes index rows). */
  async stop (): Promise<void> {
    if (this.#checkTimer !== null) clearInterval(this.#checkTimer)
    if (this.#changeTimer !== null) clearTimeout(this.#changeTimer)
    this.#stopping.abort()
    await this.#stopWatching?.()
    await this.#scanning
    await this.#checking
  }

  /**
   * Rescans every source. A call during a scan gets one more scan after it (the scan in flight may
   * have looked before what the caller wants seen: an edit before a reindex, a change the watch
   * heard), and every call made meanwhile shares that one. A look at the entry on screen finishes
   * first, so a scan always sees the newer disk. A failed scan is told in one line (not when it
   * failed because the service stops), and the next one starts over.
   */
  rescan (reason: 'start' | 'change' | 'request'): Promise<IndexChange> {
    if (this.#scanning !== null) {
      this.#scanAgain ??= this.#scanning.then(async () => {
        this.#scanAgain = null
        return this.#stopping.signal.aborted ? { added: [], removed: [] } : this.rescan(reason)
      })
      return this.#scanAgain
    }
    this.#scanning = (async () => {
      await this.#checking
      return this.#scan(reason)
    })().catch((error: unknown) => {
      if (!this.#stopping.signal.aborted) this.#deps.logger.warn(`media scan (${reason}) failed: ${(error as Error).message}; the next scan starts over`)
      return { added: [], removed: [] }
    }).finally(() => { this.#scanning = null })
    return this.#scanning
  }

  /**
   * The entry the surfaces show. A full scan of a big library takes seconds and runs a while
   * apart; the store folders of this entry (and its system) are looked at every second instead,
   * so a file dropped there reaches the snapshots at once.
   */
  follow (entry: MediaEntry | null): void {
    this.#onScreen = entry
  }

  get scanning (): boolean {
    return this.#scanning !== null
  }

  entryOf (frontendSystem: string, romPath: string | null, name?: string): MediaEntry {
    const system = mediaSystemId(frontendSystem)
    return { system, slug: romPath === null ? '' : this.#aliases.slug(system, { romPath, name }) }
  }

  /** Kind -> canonical URL of everything a game owns. */
  gameUrls (frontendSystem: string, romPath: string, name: string | undefined): ReadonlyMap<string, string> {
    const entry = this.entryOf(frontendSystem, romPath, name)
    return new Map([...this.index.entry(entry.system, entry.slug)].map(([kind, asset]) => [kind, asset.url]))
  }

  /**
   * The asset served under `urlPath` (after `/api/v1/media/`), or null. Paths that try to climb
   * out are refused before the lookup; whether the file still really lies inside a media root is
   * asked (`stillInside`) once the file has been looked at, before it is opened.
   */
  servable (urlPath: string): MediaAsset | null {
    if (!isPlainRelativePath(urlPath)) return null
    return this.index.byPath(urlPath)
  }

  /** Whether the asset's file, as a stat through links just found it, really lies inside a media root. */
  async stillInside (asset: MediaAsset, seen: Stats): Promise<boolean> {
    return this.#containment.allows(asset.file, seen)
  }

  /** The copy of a small asset's file kept in memory; null when it is to be streamed; 'outside' when it lies outside the media roots. */
  async keptCopy (asset: MediaAsset): Promise<KeptFile | 'outside' | null> {
    return this.#smallFiles.get(asset.file, async (file, seen) => this.#containment.allows(file, seen))
  }

  status () {
    return { mediaRoot: this.sources.mediaRoot, downloadedMediaDir: this.sources.downloadedMediaDir, themes: this.sources.themes, themeRoots: this.sources.themeRoots, scanning: this.scanning, lastScanAtUtc: this.#lastScanAtUtc, lastScanMs: Math.round(this.#lastScanMs), ...this.index.counts() }
  }

  async #scan (reason: string): Promise<IndexChange> {
    await this.#catalog.refreshGamelists()
    await this.#aliases.load()
    const roots = await mediaRoots(this.sources)
    const started = performance.now()
    const startedAtMs = Date.now()
    const files = await new MediaScan(this.sources, { aliases: this.#aliases, signal: this.#stopping.signal }).run()
    // The first full scan of a first start is news asset by asset only for the entry on screen (on a big library, 50,000 more entries): its counts say the rest.
    const change = await this.index.replace(files, this.#indexKnown ? undefined : (system, slug) => this.#isOnScreen(system, slug))
    // The old index is served with the old verdicts and copies until here; the new one starts with none.
    this.#containment.reset(roots)
    this.#smallFiles.clear()
    this.#lastScanEndedMs = performance.now()
    this.#lastScanMs = this.#lastScanEndedMs - started
    this.#lastScanAtUtc = this.#deps.now().toISOString()
    this.#lastScanStartedAtMs = startedAtMs
    await this.#publishChanges(change)
    this.#indexKnown = true
    if (reason !== 'change' || change.added.length > 0 || change.removed.length > 0) this.#publishCounts(reason)
    return change
  }

  /** Whether the entry is the game on screen or its system. */
  #isOnScreen (system: string, slug: string): boolean {
    const entry = this.#onScreen
    return entry !== null && system === entry.system && (slug === entry.slug || slug === '')
  }

  async #publishChanges (change: IndexChange): Promise<void> {
    const turn = loopTurns(200)
    for (const asset of change.removed) {
      this.#deps.publisher.publish('media.asset.removed', assetEvent(asset))
      this.#deps.facts.tell('AssetChanged', { system: asset.system, slug: asset.slug, change: 'removed' })
      await turn()
    }
    for (const asset of change.added) {
      this.#deps.publisher.publish('media.asset.added', assetEvent(asset))
      this.#deps.facts.tell('AssetChanged', { system: asset.system, slug: asset.slug, change: 'added' })
      await turn()
    }
  }

  #checkOnScreen (): void {
    const entry = this.#onScreen
    if (entry === null || !this.#indexKnown || this.#scanning !== null || this.#checking !== null) return
    this.#checking = this.#lookAt(entry)
      .catch((error: unknown) => { this.#deps.logger.warn(`media of ${entry.system}|${entry.slug} could not be looked at (${(error as Error).message})`) })
      .finally(() => { this.#checking = null })
  }

  async #lookAt (entry: MediaEntry): Promise<void> {
    const added: MediaAsset[] = []
    const removed: MediaAsset[] = []
    for (const slug of new Set(['', entry.slug])) {
      const files = await new MediaScan(this.sources, { aliases: this.#aliases }).storeOf(entry.system, slug, this.#storeFolders)
      const change = this.index.replaceEntry(entry.system, slug, storeOrigins, files)
      added.push(...change?.added ?? [])
      removed.push(...change?.removed ?? [])
    }
    if (added.length === 0 && removed.length === 0) return
    await this.#publishChanges({ added, removed })
    this.#publishCounts('on-screen')
  }

  /**
   * A media folder changed: rescanned. The scan waits until ten times as long as the last one took
   * has passed since it ended, so a scraper writing for an hour does not keep a huge tree scanned
   * back to back (a scan of 150,000 files takes seconds); changes heard meanwhile join it.
   */
  #folderChanged (): void {
    if (this.#stopping.signal.aborted || this.#changeTimer !== null) return
    const waitMs = Math.max(0, this.#lastScanEndedMs + this.#lastScanMs * 10 - performance.now())
    this.#changeTimer = setTimeout(() => {
      this.#changeTimer = null
      void this.rescan('change')
    }, waitMs)
    this.#changeTimer.unref()
  }

  #publishCounts (reason: string): void {
    const counts = this.index.counts()
    this.#deps.publisher.publish('media.index.updated', { Reason: reason, Files: counts.files, Assets: counts.assets, Entries: counts.entries })
  }
}

function assetEvent (asset: MediaAsset) {
  return { System: asset.system, Game: asset.slug, Scope: asset.slug === '' ? 'system' as const : 'game' as const, ...assetPayload(asset) }
}

/** Forward-slash segments only: no empty, `.` or `..` segment, no backslash, NUL, colon or leading slash. */
function isPlainRelativePath (urlPath: string): boolean {
  if (urlPath === '' || /[\\\0:]/.test(urlPath) || urlPath.startsWith('/')) return false
  return urlPath.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}
