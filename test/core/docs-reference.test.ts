/**
 * The reference pages in docs/reference/ are generated (npm run docs:reference) from the option
 * table and the API documents: a committed page that no longer matches its source fails here.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { describe, it } from 'node:test'
import { referencePages } from '../../scripts/docs-reference/pages.js'
import { optionEntriesOf } from '../../src/core/hub.js'
import { cliFlags } from '../../src/core/options.js'
import { domainModules } from '../../src/modules.js'

const docs = new URL('../../docs/', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, docs), 'utf8')

describe('docs/reference', () => {
  const pages = referencePages(JSON.parse(read('api/openapi.json')), JSON.parse(read('api/asyncapi.json')))

  it('is what npm run docs:reference writes from the option table and docs/api', () => {
    assert.deepEqual(Object.keys(pages).sort(), ['events.md', 'options.md', 'routes.md'])
    for (const [name, text] of Object.entries(pages)) assert.equal(read(`reference/${name}`), text, `docs/reference/${name} is stale: run npm run docs:reference`)
  })

  it('lists every option flag, every route and every stream', () => {
    const api = JSON.parse(read('api/openapi.json')) as { paths: Record<string, unknown> }
    for (const route of Object.keys(api.paths)) assert.ok(pages['routes.md']!.includes(` ${route}\``), route)
    const streams = JSON.parse(read('api/asyncapi.json')) as { channels: Record<string, { address: string }> }
    for (const { address } of Object.values(streams.channels)) assert.ok(pages['events.md']!.includes(`## \`${address}\``), address)
    const flags = Object.keys(cliFlags(optionEntriesOf(domainModules)))
    assert.ok(flags.length > 50)
    for (const flag of flags) assert.match(pages['options.md']!, new RegExp(`\`--${flag}[ \`]`), flag)
    assert.ok(!pages['options.md']!.includes(homedir()), 'the home folder is written ~, so the page is the same on every machine')
  })
})
