/**
 * A venue on a broker that speaks only MQTT 3.1.1: Aedes 1, a real broker, refuses MQTT 5 with
 * "unacceptable protocol version" as the 3.1.1 standard says. The venue says so in one line, speaks
 * 3.1.1 on its next attempt, and relays the cabinets' events as on an MQTT 5 broker.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { capturedLogger } from '../../support/achievements.js'
import { startHub } from '../../support/hub.js'
import { startEmbeddedBroker } from '../../support/sim/recalbox/broker.js'
import { eventually } from '../../support/sim.js'
import { ingestHook as hook, startVenue, statusSection, venueCabinet } from '../../support/venue.js'
import { RecordingClient } from '../../support/ws-client.js'

describe('a venue on a broker that speaks only MQTT 3.1.1', () => {
  it('speaks 3.1.1 to it after the refusal, says so once, and relays a cabinet\'s selection', async () => {
    const broker = await startEmbeddedBroker()
    const log = capturedLogger()
    const venue = await startVenue(broker.url, {}, { listen: true, logger: log.logger })
    const cabinet = await startHub({ listen: true, options: { mqttUrl: broker.url, nodeId: 'cab-old' } })
    const client = await RecordingClient.connect(`${venue.wsBase}/ws/venue`)
    try {
      const status = await eventually(async () => statusSection(venue.baseUrl, 'venue'), (s) => s.connected === true, 'the venue connected')
      assert.equal(status.mqttVersion, '3.1.1')
      const fallbacks = log.text().split('\n').filter((line) => line.includes('does not speak MQTT 5'))
      assert.equal(fallbacks.length, 1, log.text())
      assert.match(fallbacks[0]!, /Unacceptable protocol version.*speaking 3\.1\.1/)
      assert.deepEqual(log.text().split('\n').filter((line) => line.includes('Unacceptable protocol version')), fallbacks, 'the refusal is said once, as the fallback')
      assert.equal(status.lastError, null, 'a refusal answered by 3.1.1 is no broker error')

      // Its status reaches the venue once the venue's subscription is in place: a selection before it would go to no one.
      await eventually(async () => venueCabinet(venue.baseUrl, 'cab-old'), (tile) => tile?.online === true, 'the cabinet online in the venue')
      await hook(cabinet, 'game-selected', 'snes', '/cab/roms/snes/smw.sfc', 'Super Mario World')
      await client.until((c) => c.frames.some((f) => f.Type === 'ui.game.selected' && f.NodeId === 'cab-old'))
      const relayed = client.frames.find((f) => f.Type === 'ui.game.selected' && f.NodeId === 'cab-old')!
      assert.equal(relayed.Payload.GameName, 'Super Mario World')
    } finally {
      client.socket.close()
      await cabinet.close()
      await venue.close()
      await broker.close()
    }
  })
})
