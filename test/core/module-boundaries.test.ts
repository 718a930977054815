/**
 * Modules know each other by their facts and services, never by their wire payloads: no module
 * compares an event type another module declares (the pages served to browsers and the venue's
 * reader of other cabinets are clients of the wire, and may), only a transport subscribes to every
 * event, and a module reaches only the services, events and tables it declared.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { EventPayload } from '../../src/core/envelope.js'
import type { Publisher } from '../../src/core/event-bus.js'
import { defineModule } from '../../src/core/module.js'
import { serviceKey } from '../../src/core/services.js'
import { coreMigrations } from '../../src/core/storage/migrations.js'
import { liveViewsService } from '../../src/dashboard/index.js'
import { domainModules } from '../../src/modules.js'
import { startHub } from '../support/hub.js'

const src = fileURLToPath(new URL('../../src/', import.meta.url))

/** Clients of the wire: the pages' scripts, which run in a browser, and the venue's reader of other cabinets' envelopes. */
const wireClients = [/^browser\//, /^venue\/listener\.ts$/]

function sourceFiles (): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => file.split(path.sep).join('/'))
}

describe('module boundaries', () => {
  it('no module reads an event type another module declares', () => {
    const files = sourceFiles().map((file) => ({ file, folder: file.split('/')[0]!, text: readFileSync(path.join(src, file), 'utf8') }))
    const owner = new Map<string, string>()
    for (const { folder, text } of files) for (const [, type] of text.matchAll(/define\(\s*'([a-z0-9.-]+)'/g)) owner.set(type!, folder)
    assert.ok(owner.size > 50, 'the event declarations were found')
    const reads = files
      .filter(({ file }) => !wireClients.some((client) => client.test(file)))
      .flatMap(({ file, folder, text }) => [...text.matchAll(/(?:===|!==|case)\s*'([a-z0-9.-]+)'/g)]
        .map(([, type]) => type!)
        .filter((type) => owner.has(type) && owner.get(type) !== folder)
        .map((type) => `${file} reads ${type} of ${owner.get(type)!}`))
    assert.deepEqual(reads, [])
  })

  it('refuses a module that subscribes to every event without being a transport', async () => {
    const listener = defineModule({ name: 'eavesdropper', gate: null, register: async (_scope, context) => { context.subscribe(() => {}) } })
    await assert.rejects(startHub({ modules: [listener] }), /module eavesdropper subscribes to every event without being declared a transport/)
  })

  it('gives a module exactly the services it declared in needs; one it did not declare does not compile', async () => {
    const reached: unknown[] = []
    const user = defineModule({
      name: 'declared-user',
      gate: null,
      needs: [liveViewsService],
      register: async (_scope, { deps }) => {
        reached.push(Object.keys(deps), typeof deps.liveViews.add)
        // @ts-expect-error: the current player is provided (by hiscores), but this module did not declare it in needs
        reached.push(deps.currentPlayer)
      }
    })
    const hub = await startHub({ modules: [user], skipStart: true })
    await hub.close()
    assert.deepEqual(reached, [['liveViews'], 'function', undefined])
  })

  it('refuses a module that provides a service it did not declare in provides', async () => {
    const stray = serviceKey<number>()('stray')
    // The compiler already refuses the key; the cast is what a module would need to get past it.
    const provider = defineModule({ name: 'stray-provider', gate: null, register: async (_scope, context) => { (context.provide as (key: typeof stray, service: number) => void)(stray, 1) } })
    await assert.rejects(startHub({ modules: [provider] }), /module stray-provider provides the service stray without declaring it in provides/)
    // @ts-expect-error: a module provides only what it declared in provides
    defineModule({ name: 'stray-provider', gate: null, register: async (_scope, context) => { context.provide(stray, 1) } })
  })

  it('refuses a module that publishes or relays an event it did not declare, or opens the database without tables of its own', async () => {
    // The compiler already refuses the type; the cast is what a module would need to get past it.
    const impostor = defineModule({ name: 'impostor', gate: null, register: async (_scope, context) => { (context.publisher as Publisher<Record<string, EventPayload>>).publish('ui.game.selected', {}) } })
    await assert.rejects(startHub({ modules: [impostor] }), /module impostor publishes ui\.game\.selected without declaring it in events/)
    // Relaying is publishing another node's envelope: the same gate.
    const envelope = { Type: 'ui.game.selected', Ts: '2026-11-21T20:00:00.000Z', NodeId: 'cab-02', CorrelationId: 'far', Payload: {} }
    const relayer = defineModule({ name: 'relayer', gate: null, register: async (_scope, context) => { context.relay(envelope) } })
    await assert.rejects(startHub({ modules: [relayer] }), /module relayer relays ui\.game\.selected without declaring it in events/)
    const reader = defineModule({ name: 'table-reader', gate: null, register: async (_scope, context) => { context.db.prepare('SELECT 1') } })
    await assert.rejects(startHub({ modules: [reader] }), /module table-reader opens the database without declaring migrations of its own tables/)
  })

  it('a module\'s SQL names only the tables its own migrations create, the core\'s SQL only the core\'s', () => {
    const created = (steps: readonly string[]): string[] => steps.flatMap((step) => [...step.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/g)].map(([, table]) => table!))
    const owners = [
      { folder: 'core', tables: [...created(coreMigrations.steps), 'schema_versions'] },
      ...domainModules.filter((m) => m.migrations !== undefined).map((m) => ({ folder: m.name, tables: created(m.migrations!) }))
    ]
    assert.ok(owners.length >= 5 && owners.every((o) => o.tables.length > 0), JSON.stringify(owners))
    const tableOwner = new Map(owners.flatMap(({ folder, tables }) => tables.map((table) => [table, folder] as const)))
    const named = sourceFiles().flatMap((file) => [...readFileSync(path.join(src, file), 'utf8').matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE(?: IF NOT EXISTS)?)\s+([a-z_][a-z0-9_]*)/g)]
      .map(([, table]) => ({ file, folder: file.split('/')[0]!, table: table! })))
    assert.ok(named.length > 40, 'the SQL was found')
    const foreign = named.filter(({ folder, table }) => tableOwner.get(table) !== folder).map(({ file, table }) => `${file} names ${table} (${tableOwner.get(table) ?? 'nobody'}'s)`)
    assert.deepEqual(foreign, [])
  })
})
