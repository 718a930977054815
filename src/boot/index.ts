import { defineModule } from '../core/module.js'
import { installServiceCommand } from './install-service.js'

/** Starting with the machine: `cabinet-hub install-service`. No routes, no events. */
export const bootModule = defineModule({
  name: 'boot',
  gate: null,
  commands: [installServiceCommand],
  register: async () => {}
})

export { defaultServiceTarget, installService, serviceFile, thisCommand } from './install-service.js'
