/**
 * The broker of the embedded Recalbox demo: Recalbox runs its own Mosquitto, a machine running
 * only the demo has none, so the demo brings one (Aedes, in this process, loopback only).
 */
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface EmbeddedBroker {
  /** `127.0.0.1:<port>`, as `--recalbox-host` takes it. */
  readonly hostPort: string
  readonly url: string
  close (): Promise<void>
}

export async function startEmbeddedBroker (): Promise<EmbeddedBroker> {
  // Loaded by the demo that needs it only, not at every start.
  const { Aedes } = await import('aedes')
  const broker = await Aedes.createBroker()
  const server = createServer(broker.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    hostPort,
    url: `mqtt://${hostPort}`,
    close: async () => {
      // Closing the broker ends its clients' connections; then the server can close.
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
