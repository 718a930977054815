/** How many steps, and which way, a cursor moves from one position of a list to another. */

/**
 * Signed steps from `from` to `to` in a list of `count` entries: positive is forward (down,
 * right). A list that wraps is gone round the shorter way (forward on a tie); one that does not
 * only ever straight there.
 */
export function stepsBetween (from: number, to: number, count: number, wraps: boolean): number {
  if (!wraps) return to - from
  const forward = (to - from + count) % count
  return forward <= count - forward ? forward : forward - count
}
