/** The two ways of answering RetroArch, behind one interface: forwarding, or serving local sets. */
import type { MediaRef } from './media.js'
import type { DoRequestCall, HostAnswer } from './wire.js'

export interface AchievementsHost {
  /** The answer to one `/dorequest.php` call. Throws UpstreamUnreachable when the upstream cannot be asked. */
  request (call: DoRequestCall): Promise<HostAnswer>
  /** An image the media cache does not hold: fetched (proxy), or null (local: only what the owner put there). */
  image (ref: MediaRef, userAgent: string | null): Promise<HostAnswer | null>
}

/** The upstream did not answer (refused, unresolvable, timed out); the message names it and why. */
export class UpstreamUnreachable extends Error {
  override readonly name = 'UpstreamUnreachable'
}
