/**
 * The service's side of the `cabinethub` MAME plugin. The plugin reads the watch definition of the
 * running machine from the service's own definition files and publishes through MAME's network
 * outputs, which the cabemu source already reads:
 *   `chub.content:<system>/<rom> = n` (0 at stop): the content it watches (`mame/<machine>`, or
 *     `<machine>/<software>` for a software item), repeated with a growing n for late listeners;
 *   `chub.w:<KEY>:<n> = <int>`: bytes 3n..3n+2 of watch KEY, big-endian in memory order;
 *   `chub.plugin:<folder>:<definitions dir>:<port> = n`, both paths percent-encoded: where the
 *     plugin is, which definitions it reads and the port of the service it was installed for,
 *     announced with the content (plugin-check.ts compares them). MAME serves its outputs on one
 *     port to every listener, so each service on the machine hears every plugin: the traffic of
 *     another service's plugin is dropped here.
 * The bridge turns these back into content reports and memory reads of the service's read plan,
 * so the same watcher decodes them as it decodes RetroArch's reads.
 */
import type { GameSourceSink, RunningContent } from '../game-source.js'
import type { ReadRange } from '../watches/read-plan.js'

const contentPrefix = 'chub.content:'
const watchPrefix = 'chub.w:'
const pluginPrefix = 'chub.plugin:'
/** A MAME output is a 32-bit signed integer: three bytes always fit. */
export const bytesPerOutput = 3

interface RangeBytes {
  readonly range: ReadRange
  readonly bytes: Uint8Array
  /** Output names still missing before the range is complete. */
  readonly missing: Set<string>
}

/** A plugin as it describes itself: its folder (`<plugins dir>/cabinethub`), the definition folder it reads, and its service's port (null from a plugin older than the port). */
export interface PluginDescription {
  readonly folder: string
  readonly definitionsDir: string
  readonly servicePort: number | null
}

const samePlugin = (a: PluginDescription | null, b: PluginDescription): boolean =>
  a !== null && a.folder === b.folder && a.definitionsDir === b.definitionsDir && a.servicePort === b.servicePort

/** The plugin's announcement, or null when it is not one (an older plugin sends none). */
function describedPlugin (name: string): PluginDescription | null {
  const [folder, definitionsDir, port, ...rest] = name.split(':')
  if (folder === undefined || definitionsDir === undefined || rest.length > 0 || definitionsDir === '') return null
  const servicePort = port === undefined ? null : Number(port)
  if (servicePort !== null && !(Number.isInteger(servicePort) && servicePort >= 0)) return null
  try {
    return { folder: decodeURIComponent(folder), definitionsDir: decodeURIComponent(definitionsDir), servicePort }
  } catch {
    return null
  }
}

function outputNames (key: string, size: number): string[] {
  return Array.from({ length: Math.ceil(size / bytesPerOutput) }, (_, n) => `${watchPrefix}${key}:${n}`)
}

export class PluginBridge {
  readonly #isOtherServices: (plugin: PluginDescription) => boolean
  #content: RunningContent | null = null
  #ranges: RangeBytes[] = []
  #plugin: PluginDescription | null = null
  #ignored: PluginDescription | null = null

  /** `isOtherServices`: the plugin was installed for another service on this machine, whose traffic is not this one's. */
  constructor (isOtherServices: (plugin: PluginDescription) => boolean) {
    this.#isOtherServices = isOtherServices
  }

  /** The plugin of this service last heard on this connection; it stays known after its machine stops. */
  get plugin (): PluginDescription | null {
    return this.#plugin
  }

  /** The plugin of another service last heard, whose outputs are dropped until a plugin of this one announces itself. */
  get ignored (): PluginDescription | null {
    return this.#ignored
  }

  /** True for the outputs the plugin publishes; they are the bridge's, not lamps. */
  static handles (key: string): boolean {
    return key.startsWith('chub.')
  }

  setPlan (plan: readonly ReadRange[]): void {
    this.#ranges = plan.map((range) => ({ range, bytes: new Uint8Array(range.length), missing: new Set(range.slices.flatMap((slice) => outputNames(slice.watch.key, slice.watch.size))) }))
  }

  output (key: string, value: number, sink: GameSourceSink): void {
    if (key.startsWith(pluginPrefix)) return this.#announced(describedPlugin(key.slice(pluginPrefix.length)))
    if (this.#ignored !== null) return
    if (key.startsWith(contentPrefix)) return this.#contentOutput(key.slice(contentPrefix.length), value, sink)
    if (!key.startsWith(watchPrefix)) return
    const [watchKey, chunk] = [key.slice(watchPrefix.length, key.lastIndexOf(':')), Number(key.slice(key.lastIndexOf(':') + 1))]
    for (const entry of this.#ranges) {
      const slice = entry.range.slices.find((s) => s.watch.key === watchKey)
      if (slice === undefined || !Number.isInteger(chunk)) continue
      const start = chunk * bytesPerOutput
      const length = Math.min(bytesPerOutput, slice.watch.size - start)
      for (let i = 0; i < length; i++) entry.bytes[slice.offset + start + i] = (value >> (8 * (length - 1 - i))) & 0xff
      entry.missing.delete(key)
      // A range is read once every watch in it was heard from: unknown bytes are not zeros.
      if (entry.missing.size === 0) sink.memoryRead(entry.range, entry.bytes)
    }
  }

  /** A plugin announced itself (null: an announcement that cannot be read, which changes nothing); a known one is kept as it was. */
  #announced (plugin: PluginDescription | null): void {
    if (plugin === null || samePlugin(this.#plugin, plugin) || samePlugin(this.#ignored, plugin)) return
    if (this.#isOtherServices(plugin)) {
      this.#ignored = plugin
    } else {
      this.#plugin = plugin
      this.#ignored = null
    }
  }

  /** The session ended: the content it announced ends with it. */
  sessionEnded (sink: GameSourceSink): void {
    if (this.#content !== null) sink.contentStopped(this.#content, 'stopped')
    this.#content = null
  }

  #contentOutput (name: string, value: number, sink: GameSourceSink): void {
    const slash = name.indexOf('/')
    if (slash <= 0 || slash === name.length - 1) return
    const content = { systemId: name.slice(0, slash), contentName: name.slice(slash + 1), crc32: '' }
    const same = this.#content?.systemId === content.systemId && this.#content.contentName === content.contentName
    if (value !== 0) {
      if (same) return
      this.sessionEnded(sink)
      this.#content = content
      sink.contentStarted(content)
    } else if (same) {
      this.sessionEnded(sink)
    }
  }
}
