import swaggerUi from '@fastify/swagger-ui'
import { stringify as toYaml } from 'yaml'
import type { CoreModule } from '../registration.js'
import { buildAsyncApi } from './asyncapi.js'

/** `/openapi.json`, `/asyncapi.json|yaml` and the interactive reference at `/swagger` (assets served locally). */
export const apiReferenceModule: CoreModule = {
  name: 'api-reference',
  gate: 'apiReference',
  register: async (app, hub) => {
    const asyncApi = buildAsyncApi(hub.events, hub.streams)
    const asyncApiYaml = toYaml(asyncApi)
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
    app.get('/asyncapi.json', { schema: { hide: true } }, async () => asyncApi)
    app.get('/asyncapi.yaml', { schema: { hide: true } }, async (_request, reply) => reply.type('application/yaml').send(asyncApiYaml))
    await app.register(swaggerUi, { routePrefix: '/swagger', uiConfig: { docExpansion: 'list', deepLinking: true } })
  }
}
