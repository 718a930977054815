/**
 * The instruction card's extension point: another module adds members to every instruction-card
 * snapshot (the control panels add the game's `Controls`), so surfaces knows no module that fills it.
 */
import { serviceKey } from '../core/services.js'
import type { SurfaceEntry, SurfaceExtension } from './snapshots.js'

/** The selection a card shows: the frontend's system and rom (null when a system is selected). */
type CardSelection = Pick<SurfaceEntry, 'frontendSystem' | 'rom'>

/** Members for the card of a selection. */
type CardFields = (selection: CardSelection) => Record<string, unknown>

interface InstructionCardFields {
  /** Adds what `fields` returns for a selection to every instruction-card snapshot of it. */
  add (fields: CardFields): void
}

export const instructionCardFieldsService = serviceKey<InstructionCardFields>()('instructionCardFields')

/** The fields added so far, merged in the order they were added, as the instruction card's extension. */
export class CardFieldsRegistry implements InstructionCardFields {
  readonly #fields: CardFields[] = []

  add (fields: CardFields): void {
    this.#fields.push(fields)
  }

  readonly extension: SurfaceExtension = (entry) => Object.assign({}, ...this.#fields.map((fields) => fields(entry))) as Record<string, unknown>
}
