/**
 * How a refused collection body reads. Its schema is a union told apart by `from`, and Ajv reports
 * every branch's failure; the caller needs only the failures of the branch its `from` names (or,
 * when `from` names none, that `from` is wrong), each named once. A branch refuses the fields of
 * the others as unexpected before it looks at `from`, so such refusals count only when no branch
 * has a more telling one.
 */
import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify'
import { describeSchemaErrors } from '../core/validation.js'

type SchemaErrorFormatter = NonNullable<FastifyServerOptions['schemaErrorFormatter']>

const branchOf = (error: FastifySchemaValidationError): string | undefined => /^#\/anyOf\/(\d+)\//.exec(error.schemaPath)?.[1]
const failsOnFrom = (error: FastifySchemaValidationError): boolean => /^#\/anyOf\/\d+\/properties\/from\//.test(error.schemaPath)

export function sourceErrors (sources: readonly string[]): SchemaErrorFormatter {
  return (errors, dataVar) => {
    const otherSources = new Set(errors.filter(failsOnFrom).map(branchOf))
    const candidates = errors.filter((error) => branchOf(error) !== undefined && !otherSources.has(branchOf(error)))
    const telling = candidates.filter((error) => error.keyword !== 'additionalProperties')
    const chosen = telling.length > 0 ? telling : candidates
    if (chosen.length === 0 && otherSources.size === sources.length) return new Error(`${dataVar}/from must be one of: ${sources.join(', ')}`)
    const described = describeSchemaErrors(chosen.length > 0 ? chosen : errors, dataVar).message.split(', ')
    return new Error([...new Set(described)].join(', '))
  }
}
