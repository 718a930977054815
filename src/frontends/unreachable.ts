/** The frontend did not answer (refused, timed out, reset). */
export class FrontendUnreachableError extends Error {
  constructor (readonly url: string, cause: unknown) {
    super(`${url}: ${cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause)}`)
    this.name = 'FrontendUnreachableError'
  }
}
