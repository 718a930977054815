/**
 * The OpenAPI document says what the router and the validator do, not more: a path parameter is
 * at most what the router takes (longer answers 414), and a field with a default may be left out.
 */
import type { FastifySchema } from 'fastify'

interface JsonSchema {
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: readonly string[]
  readonly type?: string
  readonly maxLength?: number
  readonly pattern?: string
  readonly enum?: readonly unknown[]
  readonly default?: unknown
  readonly anyOf?: readonly JsonSchema[]
}

/** A copy whose `required` leaves out the fields the validator fills with their default. */
function defaultsOptional (schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf?.map(defaultsOptional)
  const required = schema.required?.filter((name) => schema.properties?.[name]?.default === undefined)
  return { ...schema, ...(anyOf === undefined ? {} : { anyOf }), ...(required === undefined ? {} : { required }) }
}

/** A parameter whose length only the router bounds: not the wildcard (`*`, the rest of the path), not one a pattern or a list of values bounds. */
const isFreeText = (name: string, property: JsonSchema): boolean =>
  name !== '*' && property.type === 'string' && property.pattern === undefined && property.enum === undefined && property.anyOf === undefined

function lengthsAtMost (schema: JsonSchema, max: number): JsonSchema {
  if (schema.properties === undefined) return schema
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([name, property]) =>
    [name, isFreeText(name, property) && (property.maxLength ?? Infinity) > max ? { ...property, maxLength: max } : property]))
  return { ...schema, properties }
}

export function documentedRoute (maxParamLength: number) {
  return ({ schema, url }: { schema: FastifySchema, url: string }): { schema: FastifySchema, url: string } => {
    if (schema === undefined || schema === null) return { schema, url }
    const documented: Record<string, unknown> = { ...schema }
    if (schema.params !== undefined) documented.params = lengthsAtMost(schema.params as JsonSchema, maxParamLength)
    if (schema.querystring !== undefined) documented.querystring = defaultsOptional(schema.querystring as JsonSchema)
    if (schema.body !== undefined) documented.body = defaultsOptional(schema.body as JsonSchema)
    return { schema: documented as FastifySchema, url }
  }
}
