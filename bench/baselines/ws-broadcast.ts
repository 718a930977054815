/**
 * Baseline for ws-fanout: a bare node:http + ws server that takes the same POST /api/v1/events
 * body, wraps it in the same envelope, serializes it once and sends it to every client.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'

const port = Number(process.argv[2])
const wss = new WebSocketServer({ noServer: true })

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200).end('ready')
    return
  }
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { Type: string, Payload: unknown }
    const frame = Buffer.from(JSON.stringify({ Type: body.Type, Ts: new Date().toISOString(), NodeId: 'cab-01', CorrelationId: randomUUID(), Payload: body.Payload }))
    for (const client of wss.clients) client.send(frame, { binary: false })
    response.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}')
  })
})
server.on('upgrade', (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request)))
server.listen(port, '127.0.0.1')
