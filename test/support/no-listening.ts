/**
 * The fast tier opens no listening socket: every service it tests is reached through inject and
 * injectWS. A listen throws, failing the test that made it, so a test needing a port goes to io/.
 */
import { Server } from 'node:net'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The first frame of a test or support file (or of the service's own source) that asked to listen. */
function listener (stack: string): string {
  const frames = stack.split('\n').slice(1)
  const ours = frames.find((frame) => frame.includes(root) && !frame.includes('no-listening.ts') && !frame.includes('node_modules'))
  return (ours ?? frames[0] ?? '').trim().replace(root, '')
}

/** Makes `net.Server#listen` throw for the rest of the process. */
export function forbidListening (): void {
  Server.prototype.listen = function () {
    throw new Error(`the fast tier listens on no port; reach the service with inject/injectWS, a fake peer in process (test/support/in-process-http.ts), or move the test to io/ (listen from ${listener(new Error().stack ?? '')})`)
  } as typeof Server.prototype.listen
}
