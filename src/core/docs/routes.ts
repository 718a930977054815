import swaggerUi from '@fastify/swagger-ui'
import type { FastifyRequest } from 'fastify'
import { stringify as toYaml } from 'yaml'
import type { CoreModule } from '../registration.js'
import { buildAsyncApi, documentedHost } from './asyncapi.js'

/**
 * Served documents name the server the request came in on, so "Try it out" and generated clients
 * reach this service on whatever address and port it listens; the committed copies (the CLI's
 * `openapi` and `asyncapi`) keep the default. The security hook has refused a foreign Host already.
 */
const servedOpenApi = <D extends object> (document: D): D =>
  ({ ...document, servers: [{ url: '/', description: 'This service: the address this document was fetched from.' }] })

const requestHost = (request: FastifyRequest): string => request.headers.host ?? documentedHost

/** `/openapi.json`, `/asyncapi.json|yaml` and the interactive reference at `/swagger` (assets served locally). */
export const apiReferenceModule: CoreModule = {
  name: 'api-reference',
  gate: 'apiReference',
  register: async (app, hub) => {
    const asyncApiAt = (request: FastifyRequest) => buildAsyncApi(hub.events, hub.streams, requestHost(request))
    app.get('/openapi.json', { schema: { hide: true } }, async () => servedOpenApi(app.swagger()))
    app.get('/asyncapi.json', { schema: { hide: true } }, async (request) => asyncApiAt(request))
    app.get('/asyncapi.yaml', { schema: { hide: true } }, async (request, reply) => reply.type('application/yaml').send(toYaml(asyncApiAt(request))))
    await app.register(swaggerUi, {
      routePrefix: '/swagger',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      transformSpecification: (document) => servedOpenApi(document),
      transformSpecificationClone: false
    })
  }
}
