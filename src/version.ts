import { createRequire } from 'node:module'

const packageJson = createRequire(import.meta.url)('../package.json') as { name: string, version: string }

/** The running service version, as published in package.json. */
export const serviceVersion: string = packageJson.version

/** The version of the WebSocket contract (AsyncAPI document) this build implements. */
export const eventsContractVersion = '1.3.3'

export const serviceName = 'cabinet-hub'
