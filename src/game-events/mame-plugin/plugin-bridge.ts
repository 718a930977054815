/**
 * The service's side of the `cabinethub` MAME plugin. The plugin reads the watch definition of the
 * running machine from the service's own definition files and publishes through MAME's network
 * outputs, which the cabemu source already reads:
 *   `chub.content:<system>/<rom> = n` (0 at stop): the content it watches (`mame/<machine>`, or
 *     `<machine>/<software>` for a software item), repeated with a growing n for late listeners;
 *   `chub.w:<KEY>:<n> = <int>`: bytes 3n..3n+2 of watch KEY, big-endian in memory order;
 *   `chub.plugin:<folder>:<definitions dir> = n`, both percent-encoded: where the plugin is and
 *     which definitions it reads, announced with the content (plugin-check.ts compares them).
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

/** A plugin as it describes itself: its folder (`<plugins dir>/cabinethub`) and the definition folder it reads. */
export interface PluginDescription {
  readonly folder: string
  readonly definitionsDir: string
}

/** The plugin's announcement, or null when it is not one (an older plugin sends none). */
function describedPlugin (name: string): PluginDescription | null {
  const [folder, definitionsDir, ...rest] = name.split(':')
  if (folder === undefined || definitionsDir === undefined || rest.length > 0 || definitionsDir === '') return null
  try {
    return { folder: decodeURIComponent(folder), definitionsDir: decodeURIComponent(definitionsDir) }
  } catch {
    return null
  }
}

function outputNames (key: string, size: number): string[] {
  return Array.from({ length: Math.ceil(size / bytesPerOutput) }, (_, n) => `${watchPrefix}${key}:${n}`)
}

export class PluginBridge {
  #content: RunningContent | null = null
  #ranges: RangeBytes[] = []
  #plugin: PluginDescription | null = null

  /** The plugin last heard on this connection; it stays known after its machine stops. */
  get plugin (): PluginDescription | null {
    return this.#plugin
  }

  /** True for the outputs the plugin publishes; they are the bridge's, not lamps. */
  static handles (key: string): boolean {
    return key.startsWith('chub.')
  }

  setPlan (plan: readonly ReadRange[]): void {
    this.#ranges = plan.map((range) => ({ range, bytes: new Uint8Array(range.length), missing: new Set(range.slices.flatMap((slice) => outputNames(slice.watch.key, slice.watch.size))) }))
  }

  output (key: string, value: number, sink: GameSourceSink): void {
    if (key.startsWith(contentPrefix)) return this.#contentOutput(key.slice(contentPrefix.length), value, sink)
    if (key.startsWith(pluginPrefix)) {
      this.#plugin = describedPlugin(key.slice(pluginPrefix.length)) ?? this.#plugin
      return
    }
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
