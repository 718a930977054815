/**
 * The venue's outputs at a view's rate: a venue view needs each cabinet's lamps as they are, not
 * every blink (100 cabinets at 20 changes a second are 2,000 events a second per client). /ws/venue
 * clients get `venue.outputs`, the latest value of every output that changed, at most `outputsHz`
 * times a second; `?outputsHz=every` keeps each change as its own event.
 */
import type { Envelope } from '../core/envelope.js'
import type { EventDefinition } from '../core/events/definition.js'
import type { LatestValuesRule } from '../core/ws/latest-values.js'

/** The cabinets' output events (`cabemu.output.changed` and the normalized `arcade.output.changed`) by their shared suffix. */
const isOutputEvent = (definition: EventDefinition): boolean => definition.type.endsWith('.output.changed')

interface Signal { readonly Key?: unknown, readonly Value?: unknown, readonly Ts?: unknown }

/** An output event carries its changes as `Signals` (an emulator instance's) or as one `Key`/`Value` (the normalized one). */
function signalsOf (payload: Record<string, unknown>): readonly Signal[] {
  return Array.isArray(payload.Signals) ? payload.Signals as Signal[] : [payload]
}

function outputValues (envelope: Envelope): Array<readonly [string, Record<string, unknown>]> {
  const { Payload: payload, NodeId, CorrelationId } = envelope
  const source = typeof payload.Source === 'string' ? payload.Source : envelope.Type.split('.')[0]!
  return signalsOf(payload).flatMap((signal) => typeof signal.Key !== 'string'
    ? []
    : [[`${NodeId}\n${source}\n${signal.Key}`, { NodeId, Source: source, Key: signal.Key, Value: signal.Value, Ts: signal.Ts ?? envelope.Ts, CorrelationId }] as const])
}

export function venueOutputsRule (cabinetEvents: readonly EventDefinition[]): LatestValuesRule {
  return {
    parameter: 'outputsHz',
    defaultHz: 10,
    minHz: 1,
    maxHz: 50,
    everyChange: 'every',
    types: cabinetEvents.filter(isOutputEvent).map((d) => d.type),
    batchType: 'venue.outputs',
    valuesOf: outputValues,
    batchPayload: (values) => ({ Outputs: values })
  }
}
