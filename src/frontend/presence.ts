/**
 * How the link tells whether the frontend runs besides its start and quit hooks, from its family:
 * its web API answering, asked again and again, or its process, looked for once at start (a
 * family without a web API: its hooks tell after that, and nothing published names a web API).
 */
import { processRunning, type FrontendInstall, type FrontendWebApi } from '../frontends/index.js'

export type LifecycleReason = 'web-api-reachable' | 'web-api-unreachable' | 'process-running' | 'process-not-running' | 'start-hook' | 'quit-hook'

export interface PresenceProbe {
  /** Whether the frontend shows itself now. */
  look (): Promise<boolean>
  /** Whether it is looked at every probe interval, or only when the service starts. */
  readonly repeats: boolean
  readonly seen: LifecycleReason
  readonly unseen: LifecycleReason
  /** The web API asked, which the lifecycle events and the status name; null for a family without one. */
  readonly webApiUrl: string | null
}

export function presenceProbe (install: FrontendInstall, es: FrontendWebApi): PresenceProbe {
  const presence = install.adapter.presence ?? { kind: 'web-api' }
  if (presence.kind === 'process') {
    return { look: async () => processRunning(presence.processNames), repeats: false, seen: 'process-running', unseen: 'process-not-running', webApiUrl: null }
  }
  return { look: async () => es.reachable(), repeats: true, seen: 'web-api-reachable', unseen: 'web-api-unreachable', webApiUrl: install.esUrl }
}
