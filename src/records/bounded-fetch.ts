/** HTTP for records: every request has a deadline and a size cap, and says plainly why it failed. */

export class FetchFailure extends Error {
  constructor (readonly url: string, readonly status: number | null, reason: string) {
    super(`${url}: ${reason}`)
    this.name = 'FetchFailure'
  }
}

export interface BoundedRequest {
  readonly signal: AbortSignal
  readonly maxBytes: number
  readonly method?: 'GET' | 'POST'
  readonly headers?: Record<string, string>
  readonly body?: Buffer
}

/** The body of a 2xx answer; reading stops (and fails) as soon as it passes `maxBytes`. */
export async function fetchBounded (url: string, request: BoundedRequest): Promise<Buffer> {
  let response: Response
  try {
    response = await fetch(url, { method: request.method ?? 'GET', headers: request.headers, body: request.body, signal: request.signal, redirect: 'error' })
  } catch (error) {
    throw new FetchFailure(url, null, request.signal.aborted ? 'no answer in time' : `unreachable (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message})`)
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new FetchFailure(url, response.status, `HTTP ${response.status}`)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of response.body ?? []) {
      size += (chunk as Uint8Array).byteLength
      if (size > request.maxBytes) {
        await response.body?.cancel()
        throw new FetchFailure(url, response.status, `the answer is larger than ${request.maxBytes} bytes`)
      }
      chunks.push(Buffer.from(chunk as Uint8Array))
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error
    throw new FetchFailure(url, response.status, request.signal.aborted ? 'no complete answer in time' : `the answer broke off (${(error as Error).message})`)
  }
  return Buffer.concat(chunks)
}

export async function fetchJson (url: string, request: BoundedRequest): Promise<unknown> {
  const body = await fetchBounded(url, { ...request, headers: { accept: 'application/json', ...request.headers } })
  try {
    return JSON.parse(body.toString('utf8')) as unknown
  } catch {
    throw new FetchFailure(url, 200, 'the answer is not JSON')
  }
}
