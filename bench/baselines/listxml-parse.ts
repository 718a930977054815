/**
 * Baseline for machines: MAME's full `-listxml` (argv[2] is the executable) through a plain saxes
 * parse that only counts the machines; prints `{ machines, ms, peakRssMb }` as JSON.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { SaxesParser } from 'saxes'
import { peakRssMb, round } from '../lib.js'

const started = performance.now()
const parser = new SaxesParser()
let depth = 0
let machines = 0
parser.on('opentag', (tag) => {
  depth++
  if (depth === 2 && tag.name === 'machine') machines++
})
parser.on('closetag', () => { depth-- })
const mame = spawn(process.argv[2]!, ['-listxml'], { stdio: ['ignore', 'pipe', 'inherit'] })
mame.stdout.setEncoding('utf8').on('data', (chunk: string) => { parser.write(chunk) })
await once(mame, 'close')
parser.close()
console.log(JSON.stringify({ machines, ms: round(performance.now() - started, 0), peakRssMb: peakRssMb('self') }))
