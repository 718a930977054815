/**
 * The SelectionKey of design.md §4: `<systemId>|<romId>`, or `<systemId>|` at system scope. The
 * system is the frontend's id and the rom its stem on every stream, so a consumer can match a
 * marquee snapshot, a panel.state and a ui.game.selected of the same game by this key alone.
 */
export function selectionKey (frontendSystemId: string, romId: string | null): string {
  return `${frontendSystemId}|${romId ?? ''}`
}

/**
 * Where a selection's media lives, `<mediaSystem>|<gameSlug>` (`arcade|1943`, `arcade|` for a
 * system): the surface snapshots' `MediaKey` and the gamelist routes' `gameKey`. It used to be the
 * snapshots' SelectionKey; it is kept apart so that key can be the same on every stream.
 */
export function mediaKey (mediaSystemId: string, slug: string): string {
  return `${mediaSystemId}|${slug}`
}
