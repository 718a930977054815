/**
 * Baseline for hook-latency: the least a hook relay can do. `POST /hook` with a JSON body is sent
 * as is to every WebSocket client; `GET /ready` answers 200. Port from argv[2].
 */
import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'

const port = Number(process.argv[2])
const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/ready') {
    response.end('ok')
    return
  }
  const chunks: Buffer[] = []
  request.on('data', (c: Buffer) => chunks.push(c))
  request.on('end', () => {
    const frame = Buffer.concat(chunks)
    for (const client of sockets.clients) client.send(frame)
    response.writeHead(202).end()
  })
})
const sockets = new WebSocketServer({ server })
server.listen(port, '127.0.0.1')
