/**
 * The SelectionKey of design.md §4: `<systemId>|<romId>`, or `<systemId>|` at system scope. The
 * system is the frontend's id and the rom its stem on every stream, so a consumer can match a
 * marquee snapshot, a panel.state and a ui.game.selected of the same game by this key alone.
 */
export function selectionKey (frontendSystemId: string, romId: string | null): string {
  return `${frontendSystemId}|${romId ?? ''}`
}
