/**
 * The OpenAPI document says what the service does: each documented path parameter length is
 * taken and one more is refused, and a query parameter listed as required is refused when missing.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startHub, type TestHub } from '../support/hub.js'

interface Parameter { readonly in: string, readonly name: string, readonly required?: boolean, readonly schema: { readonly maxLength?: number, readonly type?: string } }
type Operations = Record<string, { parameters?: Parameter[] }>

describe('documented limits', () => {
  let hub: TestHub
  let paths: Record<string, Operations>
  before(async () => {
    hub = await startHub()
    paths = (hub.app.swagger() as { paths: Record<string, Operations> }).paths
  })
  after(async () => hub.close())

  const fill = (route: string, name: string, value: string): string => route.replace(/\{([^}]+)\}/g, (_, param: string) => param === name ? value : 'x')

  it('takes every path parameter at its documented maxLength and refuses one character more', async () => {
    let checked = 0
    for (const [route, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation.parameters ?? []) {
          const max = parameter.schema.maxLength
          if (parameter.in !== 'path' || max === undefined) continue
          const inside = await hub.app.inject({ method: method.toUpperCase() as 'GET', url: fill(route, parameter.name, 'a'.repeat(max)), payload: method === 'get' ? undefined : {} })
          assert.ok(inside.statusCode !== 414 && !(inside.statusCode === 400 && inside.body.includes(`params/${parameter.name}`)), `${method} ${route} ${parameter.name} at ${max}: ${inside.statusCode} ${inside.body}`)
          const over = await hub.app.inject({ method: method.toUpperCase() as 'GET', url: fill(route, parameter.name, 'a'.repeat(max + 1)), payload: method === 'get' ? undefined : {} })
          // 404 where a wildcard route (/api/v1/media/*) takes what the parameter does not.
          assert.ok([400, 404, 414].includes(over.statusCode), `${method} ${route} ${parameter.name} at ${max + 1}: ${over.statusCode}`)
          checked++
        }
      }
    }
    assert.ok(checked >= 18, `${checked} path parameters checked`)
  })

  it('refuses a GET without a query parameter it documents as required, naming it', async () => {
    let checked = 0
    for (const [route, operations] of Object.entries(paths)) {
      for (const parameter of operations.get?.parameters ?? []) {
        if (parameter.in !== 'query' || parameter.required !== true) continue
        const response = await hub.app.inject({ url: fill(route, '', 'x') })
        assert.equal(response.statusCode, 400, `${route} without ${parameter.name}`)
        assert.match(response.json().message, new RegExp(parameter.name), route)
        checked++
      }
    }
    assert.ok(checked >= 2, `${checked} required query parameters checked`)
  })

  it('refuses unknown query parameters and numbers that are not finite integers on the scores routes', async () => {
    for (const url of ['/api/v1/scores/index?x=1', '/api/v1/scores/anchors?x=1', '/api/v1/scores/anchor-proof?generation=1e309', '/api/v1/scores/anchor-proof?generation=1.5']) {
      const response = await hub.app.inject({ url })
      assert.equal(response.statusCode, 400, url)
      assert.equal(response.json().code, 'VALIDATION_ERROR', url)
    }
  })
})
