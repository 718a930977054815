/** `npm run bench`: runs every `bench/*.bench.ts` one after the other (they measure, so never in parallel). */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

const dir = new URL('.', import.meta.url).pathname
const only = process.argv.slice(2)
const benches = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).filter((f) => only.length === 0 || only.some((o) => f.startsWith(o))).sort()
let failed = 0
for (const file of benches) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' })
  if (result.status !== 0) {
    failed++
    console.error(`${file} failed with exit code ${String(result.status)}`)
  }
}
process.exit(failed === 0 ? 0 : 1)
