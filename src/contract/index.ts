/**
 * Parts of the interface contract whose modules are not built yet. Their managers, stream rows
 * and events are declared here so the switches, `/api/v1/ws/streams` and the AsyncAPI document
 * already hold them and consumers can rely on their shape; each feature module takes its entry
 * over when it is built.
 */
import { defineModule, type HubModule } from '../core/module.js'

const declaredOnly = async (): Promise<void> => {}

const themes = defineModule({
  name: 'themes',
  gate: 'themesCollections',
  managers: [{ id: 'themesCollections', title: 'Themes & Collections', esKey: 'themes_collections_manager', parent: null, description: 'Theme exports and collections.' }],
  register: declaredOnly
})

export const contractModules: readonly HubModule[] = [themes]
