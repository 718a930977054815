import { apiGroups } from '../core/api-groups.js'
import { errorResponses, jsonBodyErrors } from '../core/errors.js'
import type { HubApp } from '../core/module.js'
import { LayoutQuery } from '../panels/index.js'
import type { CustomCollections } from './collections.js'
import type { PanelThemeExport } from './panel-export.js'
import { CollectionBody, CollectionResponse, collectionSources, PanelExportResponse, PanelThemeXmlResponse, panelXmlExample } from './schemas.js'
import { sourceErrors } from './source-errors.js'

const tags = [apiGroups.themes.name]

export async function themesRoutes (app: HubApp, collections: CustomCollections, panels: PanelThemeExport): Promise<void> {
  app.post('/api/v1/collections', {
    schemaErrorFormatter: sourceErrors(collectionSources),
    schema: { tags, summary: 'Write a custom collection of the frontend (collections/custom-<name>.cfg) from the favorites, the player\'s hiscores or a romset filter', body: CollectionBody, response: { 201: CollectionResponse, ...errorResponses(...jsonBodyErrors, 409) } }
  }, async (request, reply) => {
    return reply.code(201).send(await collections.write(request.body))
  })

  // Under /api/v1/panels as the contract places them, but theme exports: they answer with the Themes & Collections manager.
  app.get('/api/v1/panels/current/theme-xml', {
    // Its <sources> name files of this machine: for this machine's programs and pages only.
    config: { localPagesOnly: true },
    schema: { tags, summary: 'The control panel of the running game, else the selected one, as theme XML; 404 without a game or a panel; 403 for a page of another origin (it names files of this machine)', querystring: LayoutQuery, response: { 200: { description: 'The theme XML document.', content: { 'application/xml': { schema: PanelThemeXmlResponse, example: panelXmlExample } } }, ...errorResponses(400, 403, 404) } }
  }, async (request, reply) => {
    return reply.type('application/xml; charset=utf-8').send(panels.xml(request.query.activeLayout))
  })

  app.post('/api/v1/panels/current/export-theme-xml', {
    schema: { tags, summary: 'Write the current control panel\'s theme XML to <themes>/.panels/<system>/<rom or _system>.xml; 404 without a game or a panel', querystring: LayoutQuery, response: { 200: PanelExportResponse, ...errorResponses(400, 404, 409) } }
  }, async (request) => panels.export(request.query.activeLayout))
}
