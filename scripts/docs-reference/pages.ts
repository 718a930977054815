/** The generated reference pages by file name, from the API documents and the option table. */
import { eventsPage, routesPage } from './api-pages.js'
import { optionsPage } from './options-page.js'

export function referencePages (openApi: unknown, asyncApi: unknown): Record<string, string> {
  return {
    'options.md': optionsPage(),
    'routes.md': routesPage(openApi as Parameters<typeof routesPage>[0]),
    'events.md': eventsPage(asyncApi as Parameters<typeof eventsPage>[0])
  }
}
