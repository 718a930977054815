import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { stepsBetween } from '../../src/frontend/control/steps.js'

describe('steps between two list positions', () => {
  it('goes round a list that wraps the shorter way: first to last of 16 is one step back, last to first one forward', () => {
    assert.equal(stepsBetween(0, 15, 16, true), -1)
    assert.equal(stepsBetween(15, 0, 16, true), 1)
    assert.equal(stepsBetween(2, 5, 16, true), 3)
    assert.equal(stepsBetween(3, 3, 16, true), 0)
  })

  it('goes forward when both ways are as long, and straight there on a list that does not wrap', () => {
    assert.equal(stepsBetween(0, 8, 16, true), 8)
    assert.equal(stepsBetween(0, 15, 16, false), 15)
    assert.equal(stepsBetween(15, 0, 16, false), -15)
  })
})
