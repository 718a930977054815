/** The REST groups of spec §1.5, used as OpenAPI tags. */
export const apiGroups = {
  system: { name: 'System & Health', description: 'health, startup, service status, effective options' },
  context: { name: 'Context & Navigation', description: 'current game/system, frontend control (tap, combo, launch)' },
  localMedia: { name: 'Local Media Manager', description: 'served media, gamelist operations' },
  autoScraping: { name: 'Auto Scraping Manager', description: 'scraping state and actions' },
  roms: { name: 'Roms Manager', description: 'romset filters, pack installers, gamelists' },
  controlPanel: { name: 'Control Panel Manager', description: 'resolved panels, control deployments' },
  themes: { name: 'Themes & Collections', description: 'theme exports (.gameinfos)' },
  gameEvents: { name: 'Game Events', description: 'scores, arcade outputs, achievements, hiscores' },
  notifications: { name: 'Notifications & UI', description: 'toasts, native frontend notifications' },
  realtime: { name: 'Real-time (WebSocket)', description: 'stream discovery' },
  internal: { name: 'Internal & Prototype', description: 'maintenance, ingestion, future surfaces' }
} as const

export const openApiTags = Object.values(apiGroups).map((g) => ({ name: g.name, description: g.description }))
