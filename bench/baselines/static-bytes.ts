/** Baseline for rest: a bare node:http server answering fixed paths with fixed bytes (given as JSON on argv[3]). */
import { createServer } from 'node:http'

const port = Number(process.argv[2])
const bodies = new Map(Object.entries(JSON.parse(process.argv[3] ?? '{}') as Record<string, string>))

createServer((request, response) => {
  const body = bodies.get(request.url ?? '') ?? (request.url === '/ready' ? 'ready' : undefined)
  if (body === undefined) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' }).end(body)
}).listen(port, '127.0.0.1')
