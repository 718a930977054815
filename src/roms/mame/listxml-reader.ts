/**
 * Reads MAME's `-listxml` output as it arrives: each `<machine>` becomes a MachineInfo handed to
 * the callback as soon as it closes, so the full list (hundreds of MB) never sits in memory.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import type { MachineControl, MachineDisplay, MachineInfo } from '../machine.js'

/** Elements whose text we keep, directly under `<machine>`. */
const textFields = new Set(['description', 'year', 'manufacturer'])

interface OpenMachine {
  readonly attributes: Record<string, string>
  readonly text: Record<string, string>
  players: number
  status: string
  readonly controls: MachineControl[]
  readonly displays: MachineDisplay[]
}

const yes = (value: string | undefined): boolean => value === 'yes'
const integerOr = <T>(value: string | undefined, fallback: T): number | T => value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback
const numberOr = (value: string | undefined): number | null => value === undefined || !Number.isFinite(Number(value)) ? null : Number(value)

function finished (machine: OpenMachine): MachineInfo {
  const { attributes: a, text } = machine
  return {
    name: a.name ?? '',
    description: text.description?.trim() ?? '',
    year: text.year?.trim() ?? '',
    manufacturer: text.manufacturer?.trim() ?? '',
    cloneOf: a.cloneof ?? null,
    romOf: a.romof ?? null,
    isBios: yes(a.isbios),
    isDevice: yes(a.isdevice),
    isMechanical: yes(a.ismechanical),
    status: machine.status,
    players: machine.players,
    buttons: Math.max(0, ...machine.controls.map((c) => c.buttons)),
    controls: machine.controls,
    displays: machine.displays
  }
}

export class MachineXmlReader {
  readonly #parser = new SaxesParser()
  readonly #onMachine: (machine: MachineInfo) => void
  #depth = 0
  #machine: OpenMachine | null = null
  #textField: string | null = null
  #sawRoot = false

  constructor (onMachine: (machine: MachineInfo) => void) {
    this.#onMachine = onMachine
    this.#parser.on('error', (error) => { throw new Error(`MAME's -listxml is not readable XML: ${error.message}`) })
    this.#parser.on('opentag', (tag) => { this.#open(tag as SaxesTagPlain) })
    this.#parser.on('closetag', () => { this.#close() })
    this.#parser.on('text', (text) => { if (this.#machine !== null && this.#textField !== null) this.#machine.text[this.#textField] = (this.#machine.text[this.#textField] ?? '') + text })
  }

  write (chunk: string): void {
    this.#parser.write(chunk)
  }

  /** Ends the document; throws when it was cut short or had no `<mame>` root. */
  end (): void {
    this.#parser.close()
    if (!this.#sawRoot) throw new Error('MAME\'s -listxml has no <mame> root')
  }

  #open (tag: SaxesTagPlain): void {
    this.#depth++
    if (this.#depth === 1) {
      this.#sawRoot = tag.name === 'mame'
      return
    }
    if (this.#depth === 2 && tag.name === 'machine') {
      this.#machine = { attributes: tag.attributes, text: {}, players: 0, status: 'unknown', controls: [], displays: [] }
      return
    }
    const machine = this.#machine
    if (machine === null) return
    const a = tag.attributes
    if (this.#depth === 3) {
      if (textFields.has(tag.name)) this.#textField = tag.name
      else if (tag.name === 'input') machine.players = integerOr(a.players, 0)
      else if (tag.name === 'driver') machine.status = a.status ?? 'unknown'
      else if (tag.name === 'display') machine.displays.push({ type: a.type ?? 'unknown', rotate: integerOr(a.rotate, 0), width: integerOr(a.width, null), height: integerOr(a.height, null), refresh: numberOr(a.refresh) })
    } else if (this.#depth === 4 && tag.name === 'control') {
      machine.controls.push({ type: a.type ?? 'unknown', ways: a.ways ?? null, player: integerOr(a.player, null), buttons: integerOr(a.buttons, 0) })
    }
  }

  #close (): void {
    if (this.#depth === 3) this.#textField = null
    if (this.#depth === 2 && this.#machine !== null) {
      const machine = finished(this.#machine)
      this.#machine = null
      this.#onMachine(machine)
    }
    this.#depth--
  }
}
