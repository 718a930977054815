/** A parsed document's value as an object to read fields of: anything else reads as an empty one. */
export const record = (value: unknown): Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {}
