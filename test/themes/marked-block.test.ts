/**
 * Our block in a file the user owns, on the shapes of file a hand-edited theme has: wherever the
 * block goes, removing it gives the user's bytes back, and a file whose markers are not ours to
 * trust is refused, not rewritten.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setBlock, type BlockEdit } from '../../src/themes/marked-block.js'

const text = (edit: BlockEdit): string | null => {
  assert.ok(!('refused' in edit), JSON.stringify(edit))
  return edit.text
}

describe('the marked block of a .gameinfos file', () => {
  for (const [shape, original] of [
    ['a one-line file', '<theme><view name="detailed"/></theme>'],
    ['an indented </theme> and no final line break', '<?xml version="1.0"?>\n<theme>\n    <view name="detailed"/>\n    </theme>'],
    ['Windows line endings', '<theme>\r\n  <view name="detailed"/>\r\n</theme>\r\n']
  ] as const) {
    it(`goes in and out of ${shape}, the user's bytes kept`, () => {
      const first = text(setBlock(original, ['<view name="a"/>']))!
      assert.match(first, /<!-- CABINET-HUB:HISCORE:BEGIN -->[\s\S]*<view name="a"\/>[\s\S]*<!-- CABINET-HUB:HISCORE:END -->[\s\S]*<\/theme>/)
      const second = text(setBlock(first, ['<view name="b"/>', '<view name="c"/>']))!
      assert.doesNotMatch(second, /name="a"/)
      assert.equal(second.split('CABINET-HUB:HISCORE:BEGIN').length, 2, 'one block')
      assert.equal(text(setBlock(second, null)), original)
    })
  }

  it('leaves a file without a block as it is when there is nothing to write', () => {
    assert.equal(text(setBlock('<theme/>', null)), '<theme/>')
    assert.equal(text(setBlock(null, null)), null)
  })

  for (const [why, file] of [
    ['an end before its begin', '<theme>\n<!-- CABINET-HUB:HISCORE:END -->\n<!-- CABINET-HUB:HISCORE:BEGIN -->\n</theme>\n'],
    ['two blocks', '<theme>\n<!-- CABINET-HUB:HISCORE:BEGIN -->\n<!-- CABINET-HUB:HISCORE:END -->\n<!-- CABINET-HUB:HISCORE:BEGIN -->\n<!-- CABINET-HUB:HISCORE:END -->\n</theme>\n'],
    ['a begin alone', '<theme>\n<!-- CABINET-HUB:HISCORE:BEGIN -->\n</theme>\n'],
    ['no </theme> to put a block before', '<theme/>']
  ] as const) {
    it(`refuses a file with ${why}`, () => {
      assert.ok('refused' in setBlock(file, ['<view/>']))
    })
  }
})
