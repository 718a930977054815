import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CabinetWiring } from '../../src/panels/wiring.js'

describe('the built-in keyboard-encoder wiring', () => {
  it('takes MAME\'s default keys: arrows for player 1\'s stick, R F D G for player 2\'s, Enter and Esc for OK and BACK', () => {
    const wiring = new CabinetWiring([])
    const wired: Array<[number, number, string]> = [
      [103, 1, 'UP'], [108, 1, 'DOWN'], [105, 1, 'LEFT'], [106, 1, 'RIGHT'],
      [19, 2, 'UP'], [33, 2, 'DOWN'], [32, 2, 'LEFT'], [34, 2, 'RIGHT'],
      [28, 1, 'OK'], [1, 1, 'BACK']
    ]
    for (const [code, player, systemInput] of wired) assert.deepEqual(wiring.resolve(code), { player, systemInput }, `code ${code}`)
  })
})
