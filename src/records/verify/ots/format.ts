/**
 * The constants of the OpenTimestamps detached proof format (records.md §3), shared by the
 * parser and the writer.
 */
export const otsMagic = Buffer.concat([Buffer.from('\x00OpenTimestamps\x00\x00Proof\x00', 'latin1'), Buffer.from('bf89e2e884e89294', 'hex')])
export const otsMajorVersion = 1

export const opTags = {
  sha1: 0x02,
  ripemd160: 0x03,
  sha256: 0x08,
  keccak256: 0x67,
  append: 0xf0,
  prepend: 0xf1,
  reverse: 0xf2,
  hexlify: 0xf3
} as const

export type OpName = keyof typeof opTags
export const opNames = new Map<number, OpName>(Object.entries(opTags).map(([name, tag]) => [tag, name as OpName]))
export const binaryOps: ReadonlySet<OpName> = new Set(['append', 'prepend'])

export const attestationTags = {
  bitcoin: '0588960d73d71901',
  pending: '83dfe30d2ef90c8e',
  litecoin: '06869a0d73d71b45',
  ethereum: '30fe8087b5c7ead7'
} as const

/** Every item but the last of a timestamp node is preceded by this byte. */
export const moreItems = 0xff
export const attestationMarker = 0x00

/** Reference limits (python-opentimestamps). */
export const limits = {
  depth: 256,
  message: 4096,
  result: 4096,
  argument: 4096,
  hexlifyMessage: 2048,
  attestationPayload: 8192,
  pendingUri: 1000
} as const

export const pendingUriCharacters = /^[A-Za-z0-9\-._/:]*$/
