/** Options and helpers shared by the game events tests. */

/**
 * Options that keep a test hub away from the default emulator ports (8000, 55355), where a real
 * emulator of another test may be running.
 */
export const quietPeers: Record<string, string | boolean> = { cabemuEnabled: false, cabemu2Enabled: false, multiemuEnabled: false }

export async function putDefinition (baseUrl: string, system: string, rom: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/ingame/definitions/${encodeURIComponent(system)}/${encodeURIComponent(rom)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
}
