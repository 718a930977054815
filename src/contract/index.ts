/**
 * Parts of the interface contract whose modules are not built yet. Their managers, stream rows
 * and events are declared here so the switches, `/api/v1/ws/streams` and the AsyncAPI document
 * already hold them and consumers can rely on their shape; each feature module takes its entry
 * over when it is built.
 */
import { defineModule, type HubModule } from '../core/module.js'

const declaredOnly = async (): Promise<void> => {}

const notifications = defineModule({
  name: 'notifications',
  gate: 'notificationsUi',
  managers: [{ id: 'notificationsUi', title: 'Notifications & UI', esKey: 'notifications_ui_manager', parent: null, description: 'Toasts and native frontend notifications.' }],
  register: declaredOnly
})

export const contractModules: readonly HubModule[] = [notifications]
