/**
 * docs/reference/routes.md and events.md from the committed API documents (docs/api/, which a test
 * keeps in step with the code): every route with its summary and the statuses it answers, every
 * stream with the event types it carries and which of them are retained.
 */
import { cell, generatedNotice } from './markdown.js'

interface Operation { readonly summary?: string, readonly tags?: readonly string[], readonly responses?: Readonly<Record<string, unknown>> }
interface OpenApi { readonly tags?: readonly { readonly name: string, readonly description?: string }[], readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>> }
interface Channel { readonly address: string, readonly description?: string, readonly messages: Readonly<Record<string, unknown>>, readonly 'x-aliases'?: readonly string[], readonly 'x-retained-event-types'?: readonly string[] }
interface AsyncApi { readonly channels: Readonly<Record<string, Channel>>, readonly components: { readonly messages: Readonly<Record<string, { readonly summary?: string }>> } }

const methods = ['get', 'head', 'post', 'put', 'patch', 'delete']

export function routesPage (openApi: OpenApi): string {
  const operations = Object.entries(openApi.paths).flatMap(([route, byMethod]) => methods.filter((method) => byMethod[method] !== undefined)
    .map((method) => ({ route, method: method.toUpperCase(), operation: byMethod[method]! })))
  // The statuses every route answers (bad input, the API key, foreign pages, the Host check) would only repeat.
  const statuses = (operation: Operation) => Object.keys(operation.responses ?? {})
  const everywhere = statuses(operations[0]!.operation).filter((status) => operations.every(({ operation }) => statuses(operation).includes(status)))
  const tags = [...(openApi.tags ?? []).map((tag) => tag.name), 'Other']
  const sections = tags.map((tag) => [tag, operations.filter(({ operation }) => (operation.tags?.[0] ?? 'Other') === tag)] as const).filter(([, rows]) => rows.length > 0)
  return [
    '# REST routes',
    '',
    generatedNotice('`docs/api/openapi.json`'),
    '',
    'Every route of the build, by group. Bodies, parameters, answers and error codes are in the',
    'OpenAPI document (`/openapi.json`, `/swagger` on a running service, `docs/api/openapi.json` here).',
    `Errors are \`{ message, code }\`; every route may also answer ${everywhere.join(', ')}, not repeated below.`,
    '',
    ...sections.flatMap(([tag, rows]) => [
      `## ${tag}`,
      '',
      '| route | | answers |',
      '|---|---|---|',
      ...rows.map(({ route, method, operation }) => `| \`${method} ${route}\` | ${cell(operation.summary ?? '')} | ${statuses(operation).filter((status) => !everywhere.includes(status)).join(' ')} |`),
      ''
    ])
  ].join('\n')
}

export function eventsPage (asyncApi: AsyncApi): string {
  const messages = asyncApi.components.messages
  return [
    '# WebSocket streams and events',
    '',
    generatedNotice('`docs/api/asyncapi.json`'),
    '',
    'Every message is the envelope `{ Type, Ts, NodeId, CorrelationId, Payload }`; the stream is chosen',
    'by the path and a client never needs to send anything. Retained events are replayed to a client',
    'right after it connects. Payload schemas and examples are in the AsyncAPI document',
    '(`/asyncapi.json` on a running service, `docs/api/asyncapi.json` here).',
    '',
    ...Object.entries(asyncApi.channels).flatMap(([name, channel]) => {
      // The firehose carries the events of every other stream: listing them again would double the page.
      if (name === 'firehose') return [`## \`${channel.address}\``, '', cell(channel.description ?? ''), '']
      const retained = new Set(channel['x-retained-event-types'] ?? [])
      const aliases = (channel['x-aliases'] ?? []).map((alias) => `\`/ws/${alias}\``)
      return [
        `## \`${channel.address}\``,
        '',
        `${cell(channel.description ?? '')}${aliases.length > 0 ? ` Also at ${aliases.join(', ')}.` : ''}`,
        '',
        '| event | | |',
        '|---|---|---|',
        ...Object.keys(channel.messages).map((type) => `| \`${type}\` | ${retained.has(type) ? 'retained' : ''} | ${cell(messages[type]?.summary ?? '')} |`),
        ''
      ]
    })
  ].join('\n')
}
