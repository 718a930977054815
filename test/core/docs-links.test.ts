/** The README and the pages of docs/ link to each other by relative paths: every one names a file that is there. */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { markdownFiles, missingLinkTargets, projectRoot as root } from '../support/markdown.js'

describe('links between the README and docs/', () => {
  it('name files that exist', () => {
    const { missing, links } = missingLinkTargets(root, ['README.md', ...markdownFiles('docs')])
    assert.deepEqual(missing, [])
    assert.ok(links > 20, `${links} links`)
  })

  it('reach every page of docs/ from docs/README.md', () => {
    const index = readFileSync(path.join(root, 'docs', 'README.md'), 'utf8')
    for (const page of markdownFiles('docs').map((file) => path.relative('docs', file)).filter((file) => file !== 'README.md')) {
      assert.ok(index.includes(`](${page})`), `docs/README.md does not link ${page}`)
    }
  })
})
