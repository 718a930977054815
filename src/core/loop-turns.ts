/**
 * Long loops over a big library (150,000 media files, 50,000 games) give the event loop a turn
 * now and then, so hooks, requests and WebSocket frames are not held up behind them.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'

/** A step to await once per item: every `every`-th call waits for the next turn of the loop. */
export function loopTurns (every = 1000): () => Promise<void> | undefined {
  let calls = 0
  return () => ++calls % every === 0 ? nextTurn() : undefined
}
