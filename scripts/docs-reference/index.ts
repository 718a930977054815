/**
 * `npm run docs:reference`: writes docs/reference/options.md from the option table, and routes.md and
 * events.md from the API documents in docs/api/ (run `npm run docs:api` first when the API changed;
 * the npm script does). test/core/docs-reference.test.ts fails when a committed page is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { referencePages } from './pages.js'

const docs = new URL('../../docs/', import.meta.url)
const api = (name: string): unknown => JSON.parse(readFileSync(new URL(`api/${name}`, docs), 'utf8'))
for (const [name, text] of Object.entries(referencePages(api('openapi.json'), api('asyncapi.json')))) {
  writeFileSync(new URL(`reference/${name}`, docs), text)
  process.stdout.write(`wrote docs/reference/${name}\n`)
}
