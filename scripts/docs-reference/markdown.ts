/** What the generated reference pages share. */

/** Text made safe for one cell of a Markdown table. */
export function cell (text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')
}

/** The line at the top of a generated page: edit the source, not the page. It names no npm command: a bundle's owner has none. */
export function generatedNotice (source: string): string {
  return `<!-- Generated from ${source} by the checkout's docs:reference script (scripts/docs-reference/); a test fails when it is stale. Do not edit by hand. -->`
}
