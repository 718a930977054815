/**
 * `npm run sim-frontend -- --profile es-de|recalbox --frontend-root DIR ...`: the simulated ES-DE or
 * Recalbox of the tests (test/support/sim), run by hand until SIGINT or SIGTERM. The product's own
 * `cabinet-hub sim` plays the EmulationStation of RetroBat and Batocera; these two are test support
 * and stay out of the bundles. `cabinet-hub demo-tree --profile es-de|recalbox` writes their trees.
 */
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import pino from 'pino'
import { SimulatedEsDe } from '../test/support/sim/es-de/frontend.js'
import { startEmbeddedBroker } from '../test/support/sim/recalbox/broker.js'
import { RecalboxSimulator } from '../test/support/sim/recalbox/simulator.js'

const usage = `usage: npm run sim-frontend -- --profile es-de --frontend-root HOME/ES-DE [--port P] [--play-seconds N] [--autoplay]
       npm run sim-frontend -- --profile recalbox --frontend-root SHARE [--broker mqtt://HOST:PORT]
                               [--port P] [--launch-port U] [--state-file F] [--play-seconds N] [--sleep-seconds N] [--autoplay]
Ports default to free ones; without --broker the simulated Recalbox brings an MQTT broker of its own (Aedes, in this process).`

function usageError (problem: string): never {
  console.error(`${problem}\n${usage}`)
  process.exit(2)
}

const { values } = parseArgs({
  options: {
    profile: { type: 'string' },
    'frontend-root': { type: 'string' },
    port: { type: 'string', default: '0' },
    'play-seconds': { type: 'string', default: '30' },
    autoplay: { type: 'boolean', default: false },
    broker: { type: 'string' },
    'launch-port': { type: 'string', default: '0' },
    'state-file': { type: 'string' },
    'sleep-seconds': { type: 'string', default: '0' }
  }
})

function numberFlag (name: 'port' | 'play-seconds' | 'launch-port' | 'sleep-seconds'): number {
  const value = Number(values[name])
  if (!Number.isFinite(value) || value < 0) usageError(`--${name} must be a number, not ${values[name]}`)
  return value
}

const root = values['frontend-root']
if (root === undefined || (values.profile !== 'es-de' && values.profile !== 'recalbox')) usageError('needs --profile es-de|recalbox and --frontend-root DIR')
const logger = pino({ level: 'info' })
const options = { playSeconds: numberFlag('play-seconds'), autoplay: values.autoplay, logger }

async function startEsDe (frontendRoot: string): Promise<() => Promise<void>> {
  const esDe = new SimulatedEsDe({ frontendRoot, port: numberFlag('port'), ...options })
  await esDe.start()
  return async () => esDe.stop()
}

async function startRecalbox (share: string): Promise<() => Promise<void>> {
  const broker = values.broker === undefined ? await startEmbeddedBroker() : null
  const brokerUrl = values.broker ?? broker!.url
  const recalbox = new RecalboxSimulator({
    root: share,
    brokerUrl,
    apiPort: numberFlag('port'),
    launchPort: numberFlag('launch-port'),
    ...(values['state-file'] === undefined ? {} : { stateFile: values['state-file'] }),
    sleepSeconds: numberFlag('sleep-seconds'),
    ...options
  })
  const stop = async (): Promise<void> => {
    await recalbox.stop()
    await broker?.close()
  }
  try {
    const { apiUrl, launchPort } = await recalbox.start()
    logger.info({ apiUrl, launchPort, brokerUrl, share }, 'simulated Recalbox running')
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}

const stop = values.profile === 'es-de' ? await startEsDe(root) : await startRecalbox(root)
await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')])
await stop()
