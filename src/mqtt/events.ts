/** The bridge's own events: acknowledgements of commands received over MQTT, on /ws/control. */
import { Type } from 'typebox'
import { define, int, open, str, type EventMap } from '../core/events/definition.js'

export const mqttEvents = [
  define('commands.mqtt.received', 'A command arrived over MQTT; CorrelationId is the request\'s correlationId.', open({
    Command: str('launch, notify, tap, combo or hiscore-player.'),
    Topic: str('The topic it came on.')
  }, 'MQTT command received'), { example: { Command: 'tap', Topic: 'cabinethub/cab-01/commands/tap' } }),
  define('commands.mqtt.completed', 'A command received over MQTT was answered (its result is on .../commands/<name>/result); CorrelationId is the request\'s.', open({
    Command: str('The command.'),
    Ok: Type.Boolean({ description: 'The REST route answered 2xx.' }),
    Status: int('HTTP status of the REST route.'),
    Code: str('Error code, when not Ok.')
  }, 'MQTT command answered'), { example: { Command: 'tap', Ok: true, Status: 200 } })
]

export type MqttEvents = EventMap<typeof mqttEvents>
