/**
 * The setup page at `/setup`: what the service found on this machine and a button per fix, over
 * the public API. Each button's change comes back as setup.changed on /ws/system, and the list is
 * fetched again then, whoever pressed it.
 */
import type { SetupResponseType } from '../../setup/schemas.js'
import type { setupEvents } from '../../setup/events.js'
import type { EventMap } from '../../core/events/definition.js'
import { byId } from '../shared/elements.js'
import { follow } from '../shared/follow.js'
import type { EventOf } from '../shared/wire.js'
import { setupSections } from './sections.js'

// The page is fetched again on load, on every (re)connect and on every change: rebuilding an unchanged list would take the focus and the selection from whoever is using it.
let shown = ''

async function refresh (): Promise<void> {
  try {
    const answer = await fetch('/api/v1/setup')
    const text = await answer.text()
    if (!answer.ok) {
      byId('status').textContent = (JSON.parse(text) as { message: string }).message
      return
    }
    if (text === shown) return
    shown = text
    const list = byId('list')
    list.replaceChildren(...setupSections(JSON.parse(text) as SetupResponseType))
    list.setAttribute('aria-busy', 'false')
  } catch { /* the service restarts: the socket's reconnect fetches again */ }
}

void refresh()
follow<EventOf<EventMap<typeof setupEvents>>>('/ws/system', {
  event: (event) => { if (event.Type === 'setup.changed') void refresh() },
  opened: () => { void refresh() }
})
