/**
 * The wire of RetroArch's achievement traffic: `/dorequest.php` takes form fields (in the body of
 * a POST, or the query of a GET) and answers JSON whose `Success` and `Error` rcheevos reads.
 */

/** What a host answers, passed to RetroArch as is. */
export interface HostAnswer {
  readonly status: number
  readonly contentType: string
  readonly body: Buffer
  /** A redirect's target, passed back for RetroArch to follow itself (the service never follows one). */
  readonly location?: string
}

/** One `/dorequest.php` call as RetroArch made it. */
export interface DoRequestCall {
  readonly method: 'GET' | 'POST'
  /** The raw query string, without `?` (empty when none). */
  readonly query: string
  /** The raw body of a POST, byte for byte. */
  readonly body: Buffer | null
  readonly contentType: string | null
  readonly userAgent: string | null
  /** Query and body fields together (body wins), as the platform reads them. */
  readonly fields: URLSearchParams
}

/** Form fields that carry credentials: they are forwarded, never logged, published or stored. */
export const secretFields = ['p', 't'] as const

export function formFields (query: string, body: Buffer | null): URLSearchParams {
  const fields = new URLSearchParams(query)
  if (body !== null) for (const [key, value] of new URLSearchParams(body.toString('utf8'))) fields.set(key, value)
  return fields
}

export function jsonAnswer (value: unknown, status = 200): HostAnswer {
  return { status, contentType: 'application/json; charset=utf-8', body: Buffer.from(JSON.stringify(value)) }
}

/**
 * A failure of the host itself (upstream unreachable, a request it cannot answer): the house's
 * `{ message, code }` with an HTTP error status, which rcheevos reports as a failed request.
 */
export function failureAnswer (status: number, code: string, message: string): HostAnswer {
  return jsonAnswer({ message, code }, status)
}

export type JsonObject = Record<string, unknown>

/** The answer as a JSON object, or null when it is not one (an image, an HTML error page ...). */
export function answerObject (answer: HostAnswer): JsonObject | null {
  const text = answer.body.toString('utf8').trim()
  if (!text.startsWith('{')) return null
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as JsonObject : null
  } catch {
    return null
  }
}

export const integerField = (fields: URLSearchParams, name: string): number | null => {
  const raw = fields.get(name)
  return raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null
}

export const numberOf = (value: unknown): number | null => typeof value === 'number' && Number.isFinite(value) ? value : null
