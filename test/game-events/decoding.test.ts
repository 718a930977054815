import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Encoding } from '../../src/game-events/schemas.js'
import { decodeValue, rawHex } from '../../src/game-events/watches/decoding.js'

const vectors: Array<[Encoding, number[], number | null]> = [
  ['uint-le', [0x2a], 42],
  ['uint-le', [0x34, 0x12], 0x1234],
  ['uint-le', [0xff, 0xff, 0xff, 0xff], 4294967295],
  ['uint-le', [0x01, 0x00, 0x00, 0x00, 0x00, 0x01], 2 ** 40 + 1],
  ['uint-be', [0x12, 0x34], 0x1234],
  ['uint-be', [0x00, 0x01, 0x00], 256],
  ['bcd-le', [0x56, 0x34, 0x12], 123456],
  ['bcd-le', [0x99], 99],
  ['bcd-le', [0x0a, 0x00], null],
  ['bcd-be', [0x12, 0x34, 0x56], 123456],
  ['bcd-be', [0x00, 0x10], 10],
  ['bcd-be', [0x1f], null],
  ['digits', [0, 1, 2, 3, 4, 5], 12345],
  ['digits', [9, 9], 99],
  ['digits', [1, 0x24, 0], null]
]

describe('watch value decoding', () => {
  for (const [encoding, bytes, expected] of vectors) {
    it(`${encoding} ${rawHex(Uint8Array.from(bytes))} -> ${String(expected)}`, () => {
      assert.equal(decodeValue(Uint8Array.from(bytes), encoding), expected)
    })
  }

  it('renders raw bytes in memory order, upper case', () => {
    assert.equal(rawHex(Uint8Array.from([0x2a, 0x00, 0xbe])), '0x2A00BE')
  })
})
