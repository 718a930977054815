/** Why a definition or a save cannot give a table; the message names the part at fault. */
export class DefinitionError extends Error {
  override readonly name = 'DefinitionError'
}

/** The save does not fit the definition (wrong size, failed signature, too short for the structure). */
export class SaveMismatchError extends Error {
  override readonly name = 'SaveMismatchError'
}
