/**
 * Baseline of the `outputs` benchmark: a bare `ws` server relaying each line of an output server
 * (the MAME network output protocol) as one frame to every client. What cabinet-hub does, minus
 * parsing into events, the envelope, streams and retention.
 * Usage: outputs-relay.ts <http/ws port> <output server port>
 */
import { createServer } from 'node:http'
import { createConnection } from 'node:net'
import { WebSocketServer } from 'ws'

const port = Number(process.argv[2])
const outputPort = Number(process.argv[3])

const http = createServer((request, response) => response.writeHead(request.url === '/ready' ? 200 : 404).end())
const wss = new WebSocketServer({ server: http })
let partial = ''
const upstream = createConnection({ host: '127.0.0.1', port: outputPort })
upstream.setEncoding('utf8')
upstream.on('data', (chunk: string) => {
  const lines = (partial + chunk).split(/\r\n|\r|\n/)
  partial = lines.pop() ?? ''
  for (const line of lines) {
    const equals = line.indexOf('=')
    if (equals < 0) continue
    const frame = JSON.stringify({ Key: line.slice(0, equals).trim(), Value: Number(line.slice(equals + 1)) })
    for (const client of wss.clients) client.send(frame)
  }
})
http.listen(port, '127.0.0.1')
