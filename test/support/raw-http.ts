/** Raw HTTP exchanges on a loopback socket, for requests no client library would send. */
import { connect } from 'node:net'

/**
 * Sends the bytes and resolves with everything the server answered once it closes. `halfSent`
 * keeps the client's side open after the bytes, as a client that stopped mid-request does.
 */
export function rawExchange (port: number, bytes: string, { halfSent = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      if (halfSent) socket.write(bytes)
      else socket.end(bytes)
    })
    let answer = ''
    socket.on('data', (chunk) => { answer += chunk.toString() })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}
