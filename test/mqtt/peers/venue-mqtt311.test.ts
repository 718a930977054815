/**
 * A venue on a broker that speaks only MQTT 3.1.1: Aedes 1, a real broker, refuses MQTT 5 with
 * "unacceptable protocol version" as the 3.1.1 standard says. The venue says so in one line, speaks
 * 3.1.1 on its next attempt, and reads the cabinets there as on an MQTT 5 broker.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { capturedLogger } from '../../support/achievements.js'
import { startHub } from '../../support/hub.js'
import { startEmbeddedBroker } from '../../support/sim/recalbox/broker.js'
import { eventually } from '../../support/sim.js'
import { startVenue, statusSection, venueCabinet } from '../../support/venue.js'
import { RecordingClient } from '../../support/ws-client.js'

describe('a venue on a broker that speaks only MQTT 3.1.1', () => {
  it('speaks 3.1.1 to it after the refusal, says so once, and shows the cabinets it reads there', async () => {
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

      // What the cabinet publishes reaches the venue through the 3.1.1 broker: its retained status makes it a tile, online.
      const tile = await eventually(async () => venueCabinet(venue.baseUrl, 'cab-old'), (found) => found?.online === true, 'the cabinet online in the venue')
      assert.equal(tile?.nodeId, 'cab-old')
    } finally {
      client.socket.close()
      await cabinet.close()
      await venue.close()
      await broker.close()
    }
  })
})
