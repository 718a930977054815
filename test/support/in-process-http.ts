/**
 * HTTP peers answered in this process: a fake peer stays an `http.Server` (its own request handling,
 * status lines and headers as the real peer sends them), but it never listens. The service's
 * `node:http` requests to its `http://<name>.in-process` address get one end of a duplex pair from
 * the global agent, and the server the other, so the fast tier needs no port.
 * Only node:http clients go through the agent: `fetch` (undici) does not, which is why a peer a
 * test reaches with `fetch` listens (an io/ test).
 */
import http from 'node:http'
import { duplexPair, type Duplex } from 'node:stream'

interface Peer {
  readonly server: http.Server
  /** Both ends of the connections made to it, which its close ends as a listening server's would. */
  readonly connections: Set<Duplex>
}

/** The in-process peers by host; a closed one stays, as null, refusing connections as a closed port does. */
const peers = new Map<string, Peer | null>()

/**
 * The socket calls node:http makes beyond a stream's (the agent's keep-alive and idle timeout): a
 * pair in one process has no TCP to tune, and a request's own deadline is its abort signal.
 */
function socketLike<T extends Duplex> (end: T): T {
  return Object.assign(end, { setTimeout: () => end, setNoDelay: () => end, setKeepAlive: () => end, ref: () => end, unref: () => end })
}

class InProcessAgent extends http.Agent {
  override createConnection (options: http.ClientRequestArgs, callback?: (error: Error | null, socket: Duplex) => void): Duplex | null | undefined {
    const peer = peers.get(options.host ?? '')
    if (peer === undefined) return super.createConnection(options, callback)
    const [client, served] = duplexPair().map(socketLike) as [Duplex, Duplex]
    if (peer === null) {
      // Refused a turn later, as a real connect is: the request listens for its socket's errors
      // only once it has the socket (on Node.js 22 an error before that is lost, and it waits forever).
      const refused = Object.assign(new Error(`connect ECONNREFUSED ${options.host ?? ''}`), { code: 'ECONNREFUSED' })
      setImmediate(() => client.destroy(refused))
    } else {
      // Both ends: on Node.js 22 one end's destroy does not reach the other, and the agent would reuse a dead socket.
      const ends = [client, served]
      for (const end of ends) {
        peer.connections.add(end)
        end.once('close', () => peer.connections.delete(end))
      }
      peer.server.emit('connection', served)
    }
    return client
  }
}

let nextPeer = 1

/** The address `server` answers at from now on, in this process; `name` makes the address tell which peer it is. */
export function serveInProcess (server: http.Server, name: string): string {
  if (!(http.globalAgent instanceof InProcessAgent)) http.globalAgent = new InProcessAgent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 })
  const host = `${name}-${nextPeer++}.in-process`
  const peer: Peer = { server, connections: new Set() }
  peers.set(host, peer)
  server.once('close', () => {
    peers.set(host, null)
    for (const connection of peer.connections) connection.destroy()
  })
  return `http://${host}`
}
