/** The header's pills and the banner: is the frontend linked, is the service ready (GET /api/v1/status and /api/v1/startup/ready). */
import type { Static } from 'typebox'
import type { ReadyResponse, StatusResponse } from '../../system/schemas.js'
import { byId, setText } from '../shared/elements.js'
import { getJson } from '../shared/fetch-json.js'

type Ready = Static<typeof ReadyResponse>

/**
 * The members of the status' `frontend` section the page reads: the frontend module's status
 * section (src/frontend/index.ts), which the schema leaves open; without that module it is empty.
 */
interface FrontendStatus {
  readonly link?: 'ok' | 'degraded'
  readonly problem?: string | null
  /** Only for a frontend with a web API (not ES-DE). */
  readonly esUrl?: string
  readonly webApiReachable?: boolean | null
  readonly running?: boolean | null
  readonly hooksAccepted?: number
  readonly lastHookAtUtc?: string | null
}

/**
 * Why the frontend link is degraded, or null: the status' frontend section says it now (it follows
 * the hook scripts while the service runs); the start-up step only while the status has none.
 */
function degradedReason (ready: Ready | null, frontend: FrontendStatus | null): string | null {
  if (frontend !== null) return frontend.link === 'degraded' ? frontend.problem ?? 'see /api/v1/status' : null
  const step = ready?.steps.find((s) => s.name === 'frontend-link')
  return step?.state === 'degraded' ? step.error ?? 'see /api/v1/startup/ready' : null
}

function linkPill (frontend: FrontendStatus | null, reason: string | null): void {
  if (frontend === null) setText('frontend-link', 'no frontend link', 'pill bad')
  else if (reason !== null) setText('frontend-link', 'frontend link degraded', 'pill bad')
  else if (frontend.webApiReachable === true) setText('frontend-link', 'frontend connected', 'pill ok')
  // A frontend without a web API (ES-DE): its hooks and its process say whether it runs.
  else if (frontend.esUrl === undefined) setText('frontend-link', frontend.running === true ? 'frontend running' : 'frontend not running', frontend.running === true ? 'pill ok' : 'pill')
  else if ((frontend.hooksAccepted ?? 0) > 0) setText('frontend-link', 'frontend hooks only', 'pill')
  else setText('frontend-link', 'frontend not connected', 'pill bad')
}

export async function refreshLink (): Promise<void> {
  try {
    // The status is for local pages only: a page of another origin is refused it, and shows no frontend link.
    const [status, ready] = await Promise.all([getJson<Static<typeof StatusResponse>>('/api/v1/status'), getJson<Ready>('/api/v1/startup/ready', 503)])
    const frontend: FrontendStatus | null = status?.frontend ?? null
    const reason = degradedReason(ready, frontend)
    byId('frontend-banner').hidden = reason === null
    setText('frontend-banner-reason', reason ?? '')
    linkPill(frontend, reason)
    const last = frontend?.lastHookAtUtc ? `last hook ${new Date(frontend.lastHookAtUtc).toLocaleTimeString()}` : 'no hook yet'
    const webApi = frontend?.esUrl === undefined ? '' : `web API ${frontend.esUrl}${frontend.webApiReachable === true ? ' answering' : ' not answering'} · `
    setText('frontend-detail', frontend === null ? '' : webApi + last)
    setText('ready', ready?.ready === true ? 'ready' : 'starting', ready?.ready === true ? 'pill ok' : 'pill')
  } catch {
    setText('ready', 'unreachable', 'pill bad')
  }
}
