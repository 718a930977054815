/**
 * Scores shown by arcade machines through outputs: `score3`, `digit3` or `counter0` carry one
 * decimal digit each, the trailing number being the power of ten. Lamps, LEDs, start and coin
 * outputs never count, whatever their names say.
 */
import type { ScorePart } from './live-board.js'

const scoreLike = /score|digit|counter/i
const notScore = /lamp|led|light|start|coin/i

export function isScoreOutput (key: string): boolean {
  return scoreLike.test(key) && !notScore.test(key)
}

/** Player from a `p2`/`player2` hint in the key, else 1. */
export function playerOfOutput (key: string): number {
  const match = /(?:^|[^a-z])p(?:layer)?_?([1-4])(?![0-9])/i.exec(key)
  return match === null ? 1 : Number(match[1])
}

/** Score parts of one player from the current output values. */
export function digitScoreParts (outputs: ReadonlyMap<string, number>, player: number): ScorePart[] {
  const parts: ScorePart[] = []
  for (const [key, value] of outputs) {
    if (!isScoreOutput(key) || playerOfOutput(key) !== player) continue
    const position = /(\d+)$/.exec(key)
    const isDigit = position !== null && value >= 0 && value <= 9
    const weight = isDigit ? 10 ** Number(position[1]) : 1
    parts.push({ Key: key, Address: null, RawValueHex: null, Encoding: isDigit ? 'digit' : 'integer', Value: value, Weight: weight, Contribution: value * weight, Description: `output ${key}` })
  }
  return parts.sort((a, b) => b.Weight - a.Weight)
}
