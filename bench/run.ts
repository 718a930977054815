/**
 * `npm run bench [-- NAME...]`: runs every `bench/*.bench.ts` (or those whose name starts with a
 * NAME) one after the other (they measure, so never in parallel), then checks the bars
 * (bench/bars.ts) of those that ran; exits non-zero when a bench failed or a bar was missed.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { failedBars } from './bars.js'

const dir = new URL('.', import.meta.url).pathname
const only = process.argv.slice(2)
const benches = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).filter((f) => only.length === 0 || only.some((o) => f.startsWith(o))).sort()
if (benches.length === 0) {
  console.error(`no bench matches ${only.join(', ')}`)
  process.exit(2)
}
const startedAt = Date.now()
let failed = 0
for (const file of benches) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' })
  if (result.status !== 0) {
    failed++
    console.error(`${file} failed with exit code ${String(result.status)}`)
  }
}
const missed = failedBars(benches.map((f) => f.replace(/\.bench\.ts$/, '')), `${dir}results/`, startedAt)
for (const bar of missed) console.error(`bar missed: ${bar}`)
process.exit(failed === 0 && missed.length === 0 ? 0 : 1)
