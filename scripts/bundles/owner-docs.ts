/**
 * The README and the pages of docs/ as a bundle holds them: for its owner, who runs the bundle's
 * launcher and has neither npm nor a checkout. The developer's pages stay in the checkout, and so
 * does each part of a page between `<!-- checkout -->` and `<!-- /checkout -->` (the README's npm
 * commands, links to what a bundle lacks).
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Entries of docs/ for a checkout only; the API documents a running service serves itself (/openapi.json). */
const checkoutPages = ['api', 'development.md', 'testing.md']

/** A part for a checkout only, and the line end after it when it ends a line. */
const checkoutPart = /<!-- checkout\b[^>]*-->[\s\S]*?<!-- \/checkout -->\n?/g

/** Writes the owner's README.md and docs/ from the project's into the bundle folder. */
export function writeOwnerDocs (projectRoot: string, bundle: string): void {
  const docs = path.join(projectRoot, 'docs')
  cpSync(docs, path.join(bundle, 'docs'), { recursive: true, filter: (source) => !checkoutPages.includes(path.relative(docs, source)) })
  const pages = readdirSync(path.join(bundle, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md')).map((file) => path.join('docs', file))
  for (const page of ['README.md', ...pages]) {
    writeFileSync(path.join(bundle, page), readFileSync(path.join(projectRoot, page), 'utf8').replace(checkoutPart, ''))
  }
}
