/**
 * A broker for the simulated Recalbox run by hand (scripts/sim-frontend.ts): Recalbox runs its own
 * Mosquitto, a developer's machine may have none, so the script brings one (Aedes, in its process,
 * loopback only). The tests use a real Mosquitto (test/support/mosquitto.ts), and Aedes 1 where
 * a broker must speak only MQTT 3.1.1 (the venue's fallback).
 */
import { createServer, type AddressInfo } from 'node:net'
import { Aedes } from 'aedes'

export interface EmbeddedBroker {
  /** `mqtt://127.0.0.1:<port>` (`--recalbox-host` takes `127.0.0.1:<port>`). */
  readonly url: string
  close (): Promise<void>
}

export async function startEmbeddedBroker (): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker()
  const server = createServer(broker.handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      // Closing the broker ends its clients' connections; then the server can close.
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
