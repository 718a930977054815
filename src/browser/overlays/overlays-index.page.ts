/** The overlays' index at `/overlays/`: each browser source URL shown whole, with this service's address, and the read-only links. */
import { showReadLinks } from '../shared/read-link.js'

for (const code of document.querySelectorAll<HTMLElement>('code.url')) code.textContent = location.origin + (code.dataset.path ?? '')
void showReadLinks()
