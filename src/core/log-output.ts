import pino, { type DestinationStream } from 'pino'

/** A terminal that was closed (EIO) or a reader that went away (EPIPE): nobody will read the log again. */
const readerGone = new Set(['EIO', 'EPIPE'])

/**
 * Standard output for the log, falling silent once nobody reads it. pino's own stream forgives
 * EPIPE only; the EIO of a closed terminal became an uncaught error thrown by the log line that
 * announced the shutdown the terminal's hangup had started, and the service died halfway through
 * it, its data dir still claimed.
 */
export function logOutput (): DestinationStream {
  const output = pino.destination({ fd: 1, sync: true })
  const goQuiet = (error: NodeJS.ErrnoException): void => {
    if (!readerGone.has(error.code ?? '')) throw error
    output.removeListener('error', goQuiet)
    output.write = () => true
    output.flushSync = () => {}
    output.end = () => {}
  }
  output.on('error', goQuiet)
  return output
}
