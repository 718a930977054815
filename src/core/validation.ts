/**
 * How request schemas are checked and how a failed check reads.
 *
 * Query strings and path parameters arrive as text, so their schemas are coerced (`?limit=5` is
 * the integer 5). JSON bodies are typed already: coercing them would let `{ "message": 5 }` pass
 * where a string is documented, so bodies are checked as sent.
 */
import AjvCompiler from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify'
import { HubError } from './errors.js'

type SchemaErrorFormatter = NonNullable<FastifyServerOptions['schemaErrorFormatter']>
type SchemaErrorDataVar = Parameters<SchemaErrorFormatter>[1]
type BuildValidator = AjvCompiler.BuildCompilerFromPool
type ValidatorOptions = Parameters<BuildValidator>[1]

/** One pool for the process: Fastify asks for a validator per scope, and equal options share one Ajv. */
const buildFromPool = AjvCompiler()

function withoutCoercion (options: ValidatorOptions): ValidatorOptions {
  return { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } } as ValidatorOptions
}

/**
 * A route's validator, compiled when it first checks a request. Compiling the validators and
 * serializers of every route took a third of a second of each start, most of it for routes a
 * cabinet never calls. Fastify reads a failed check's `errors` from the function it was given.
 */
function validatorOnFirstUse<V extends (data: unknown) => unknown> (compile: () => V): V {
  let compiled: V | undefined
  const validate = (data: unknown) => {
    compiled ??= compile()
    const result = compiled(data)
    validate.errors = (compiled as unknown as { errors?: unknown }).errors
    return result
  }
  validate.errors = undefined as unknown
  return validate as unknown as V
}

/**
 * Ajv coerces `1e309` in a query or path to Infinity and lets it through `integer`, `maximum`
 * included: a coerced part is refused when it holds a number that is not finite.
 */
function finiteCoercion<V extends (data: unknown) => unknown> (validate: V): V {
  const checked = (data: unknown) => {
    const result = validate(data)
    const infinite = result === true && data !== null && typeof data === 'object'
      ? Object.entries(data).find(([, value]) => typeof value === 'number' && !Number.isFinite(value))
      : undefined
    checked.errors = infinite === undefined
      ? (validate as unknown as { errors?: unknown }).errors
      : [{ instancePath: `/${infinite[0]}`, schemaPath: '#/type', keyword: 'type', params: {}, message: 'must be a finite number' }]
    return infinite === undefined ? result : false
  }
  checked.errors = undefined as unknown
  return checked as unknown as V
}

/** Fastify's validator builder, with a second Ajv that does not coerce, used for bodies. */
const buildValidator: BuildValidator = (externalSchemas, options) => {
  const coercing = buildFromPool(externalSchemas, options)
  const exact = buildFromPool(externalSchemas, withoutCoercion(options))
  // The declared type of a compiler takes a bare schema; Fastify really passes the route definition.
  type Compile = (route: AjvCompiler.RouteDefinition) => ReturnType<typeof coercing>
  const compileFor = (route: AjvCompiler.RouteDefinition) => validatorOnFirstUse(() => route.httpPart === 'body'
    ? (exact as unknown as Compile)(route)
    : finiteCoercion((coercing as unknown as Compile)(route)))
  return compileFor as unknown as ReturnType<BuildValidator>
}

type BuildSerializer = ReturnType<typeof SerializerSelector>

type Serialize = (data: unknown) => string

/**
 * Fastify's serializer builder; a response schema is compiled when a reply first uses it (see
 * validatorOnFirstUse), and once for every route and status that answer with it: the error
 * answers, and a readiness that answers 503 then 200 with one schema (each compile takes 10-20 ms).
 */
const buildSerializer: BuildSerializer = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options)
  const compiled = new WeakMap<object, Serialize>()
  const serializerOf = (route: Parameters<typeof compile>[0]): Serialize => {
    const schema = route.schema as object
    const known = compiled.get(schema)
    if (known !== undefined) return known
    const serialize = compile(route)
    compiled.set(schema, serialize)
    return serialize
  }
  return (route) => {
    let serialize: Serialize | undefined
    return (data: unknown) => (serialize ??= serializerOf(route))(data)
  }
}

/** For the `schemaController` option of Fastify. */
export const bodiesNotCoerced: NonNullable<FastifyServerOptions['schemaController']> = { compilersFactory: { buildValidator, buildSerializer } }

function describeError (error: FastifySchemaValidationError, dataVar: SchemaErrorDataVar): string {
  const text = `${dataVar}${error.instancePath} ${error.message ?? 'is invalid'}`
  // Ajv's message leaves out which property was not expected; that name is what the caller needs.
  return error.keyword === 'additionalProperties' ? `${text}: "${String(error.params.additionalProperty)}"` : text
}

/** Fastify's wording (`body/count must be >= 1`), naming unknown properties and query parameters. */
export const describeSchemaErrors: SchemaErrorFormatter = (errors, dataVar) => new Error(errors.map((e) => describeError(e, dataVar)).join(', '))

/**
 * A body rule stated in the schema that keeps the error code it had when only the handler checked
 * it (clients match on codes): a failure at `schemaPath` (JSON pointer into the body schema, as
 * Ajv reports it, e.g. `#/anyOf`) answers 400 `code` instead of VALIDATION_ERROR.
 */
export interface CodedBodyRule {
  readonly schemaPath: string
  readonly code: string
  readonly message: string
}

/** The error a handler throws for a rule its schema also states (callers that skip validation, like other modules, still get it). */
export function ruleViolation (rule: CodedBodyRule): HubError {
  return new HubError(400, rule.code, rule.message)
}

function failsAt (error: FastifySchemaValidationError, schemaPath: string): boolean {
  return error.schemaPath === schemaPath || error.schemaPath.startsWith(`${schemaPath}/`)
}

/** The `schemaErrorFormatter` of a route whose body schema carries coded rules. */
export function codedBodyRules (...rules: CodedBodyRule[]): SchemaErrorFormatter {
  return (errors, dataVar) => {
    const rule = dataVar === 'body' ? rules.find((r) => errors.some((e) => failsAt(e, r.schemaPath))) : undefined
    return rule === undefined ? describeSchemaErrors(errors, dataVar) : ruleViolation(rule)
  }
}
