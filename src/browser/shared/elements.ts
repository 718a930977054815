/** Small DOM helpers of the pages. Event data is only ever written as text, never as HTML. */

/** The page's element with this id; the page's own markup has it, so a missing one is a bug. */
export function byId<T extends HTMLElement = HTMLElement> (id: string): T {
  const found = document.getElementById(id)
  if (found === null) throw new Error(`the page has no #${id}`)
  return found as T
}

/** Writes `value` as the text of `#id`, and its class list when `className` is given. */
export function setText (id: string, value: string, className?: string): void {
  const target = byId(id)
  target.textContent = value
  if (className !== undefined) target.className = className
}

/** A new element with its text and class. */
export function element<K extends keyof HTMLElementTagNameMap> (tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag)
  if (text !== undefined) made.textContent = text
  if (className !== undefined && className !== '') made.className = className
  return made
}
