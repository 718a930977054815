/** Options and helpers shared by the game events tests. */
import Value from 'typebox/value'
import type { TestHub } from './hub.js'
import { DefinitionBody, type DefinitionBodyType } from '../../src/game-events/schemas.js'

/**
 * Options that keep a test hub away from the default emulator ports (8000, 55355), where a real
 * emulator of another test may be running, from the public achievements host (a test that wants the
 * proxy names its own upstream), and off MAME (tests that drive MAME name it with `mameExe`): every
 * hub asking it would add seconds of CPU to the suite.
 */
export const quietPeers: Record<string, string | boolean> = { cabemuEnabled: false, cabemu2Enabled: false, multiemuEnabled: false, achievementsMode: 'local', mameExe: 'none' }

export async function putDefinition (hub: Pick<TestHub, 'fetch'>, system: string, rom: string, body: unknown): Promise<Response> {
  return hub.fetch(`/api/v1/ingame/definitions/${encodeURIComponent(system)}/${encodeURIComponent(rom)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
}

/**
 * A watch definition body for calling the service directly (no route to validate it): checked
 * against the route's schema here, since the schema's literal unions give `never` as static types.
 */
export function definitionBody (body: unknown): DefinitionBodyType {
  if (!Value.Check(DefinitionBody, body)) throw new Error(`not a valid definition body: ${JSON.stringify(body)}`)
  return body as DefinitionBodyType
}
