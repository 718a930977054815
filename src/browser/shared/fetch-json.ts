/** The public REST API as the pages read it. */

/**
 * The JSON body of a GET of this service, typed by the route's response schema (`T`); null when
 * it answered another status than 2xx or `alsoStatus` (whose body has the same schema).
 */
export async function getJson<T> (path: string, alsoStatus?: number): Promise<T | null> {
  const response = await fetch(path)
  return response.ok || response.status === alsoStatus ? await response.json() as T : null
}
