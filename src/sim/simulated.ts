/** The simulated frontend of a profile: the EmulationStation of RetroBat and Batocera, or ES-DE. */
import type { FrontendProfile } from '../frontends/index.js'
import { SimulatedEsDe } from './es-de/frontend.js'
import { SimulatedFrontend, type SimulatedFrontendOptions } from './frontend.js'

export function simulatedFrontend (options: Omit<SimulatedFrontendOptions, 'profile'> & { readonly profile?: FrontendProfile }): SimulatedFrontend | SimulatedEsDe {
  const { profile = 'retrobat', ...rest } = options
  return profile === 'es-de' ? new SimulatedEsDe(rest) : new SimulatedFrontend({ ...rest, profile })
}
