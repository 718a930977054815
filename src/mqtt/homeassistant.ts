/**
 * Home Assistant MQTT discovery: the cabinet as one device whose entities read the retained
 * summary topic, available while the status topic says `online`, with buttons for the MQTT
 * commands when those are on. Uninstalling sends the same config topics empty.
 */
import { serviceVersion } from '../version.js'
import type { OutgoingMessage } from './outbox.js'
import type { CabinetTopics } from './topics.js'

const discoveryPrefix = 'homeassistant'

const taps = ['up', 'down', 'left', 'right', 'a', 'b'] as const

interface Entity {
  readonly component: 'sensor' | 'binary_sensor' | 'image' | 'button'
  readonly key: string
  readonly config: Record<string, unknown>
}

export interface DiscoveryOptions {
  readonly topics: CabinetTopics
  /** Where Home Assistant fetches media from (`http://cabinet:12345`). */
  readonly publicUrl: string
  /** The read-only link's query its media requests carry, when the cabinet listens beyond loopback. */
  readonly readQuery: string | null
  readonly commands: boolean
}

/** Home Assistant's object ids are `[a-zA-Z0-9_-]`. */
const objectIdOf = (nodeId: string): string => `cabinethub_${nodeId.replace(/[^a-zA-Z0-9_-]/g, '_')}`

function entities ({ topics, publicUrl, readQuery, commands }: DiscoveryOptions): Entity[] {
  const summary = { state_topic: topics.summary }
  const list: Entity[] = [
    { component: 'sensor', key: 'state', config: { name: 'Frontend state', icon: 'mdi:gamepad-variant', ...summary, value_template: '{{ value_json.state }}' } },
    { component: 'sensor', key: 'system', config: { name: 'Current system', icon: 'mdi:view-carousel', ...summary, value_template: '{{ value_json.system or "none" }}' } },
    { component: 'sensor', key: 'game', config: { name: 'Current game', icon: 'mdi:controller-classic', ...summary, value_template: '{{ value_json.gameName or value_json.game or "none" }}', json_attributes_topic: topics.summary } },
    {
      component: 'image',
      key: 'game_art',
      config: { name: 'Current game art', url_topic: topics.summary, url_template: `{% set i = value_json.image %}{% if i and i.startswith('/') %}${publicUrl}{{ i }}${readQuery === null ? '' : `?${readQuery}`}{% else %}{{ i or '' }}{% endif %}` }
    },
    { component: 'sensor', key: 'score', config: { name: 'Live score', icon: 'mdi:scoreboard', ...summary, value_template: '{{ value_json.score if value_json.score is not none else "unknown" }}' } },
    { component: 'binary_sensor', key: 'frontend_running', config: { name: 'Frontend running', device_class: 'running', ...summary, value_template: "{{ 'ON' if value_json.frontendRunning else 'OFF' }}" } }
  ]
  if (commands) {
    for (const input of taps) {
      list.push({ component: 'button', key: `tap_${input}`, config: { name: `Tap ${input}`, icon: 'mdi:gesture-tap-button', command_topic: topics.command('tap'), payload_press: JSON.stringify({ input }) } })
    }
  }
  return list
}

function configTopic (objectId: string, entity: Entity): string {
  return `${discoveryPrefix}/${entity.component}/${objectId}/${entity.key}/config`
}

/** The retained discovery configs of the cabinet's entities. */
export function discoveryMessages (options: DiscoveryOptions): OutgoingMessage[] {
  const { topics, publicUrl } = options
  const objectId = objectIdOf(topics.nodeId)
  const device = { identifiers: [objectId], name: `Cabinet ${topics.nodeId}`, manufacturer: 'cabinet-hub', model: 'EmulationStation cabinet', sw_version: serviceVersion, configuration_url: publicUrl }
  return entities(options).map((entity) => ({
    topic: configTopic(objectId, entity),
    payload: JSON.stringify({
      ...entity.config,
      unique_id: `${objectId}_${entity.key}`,
      object_id: `${objectId}_${entity.key}`,
      availability_topic: topics.status,
      payload_available: 'online',
      payload_not_available: 'offline',
      device
    }),
    retain: true,
    coalesceKey: null
  }))
}

/** Empty retained messages on every config topic the cabinet may have published: Home Assistant removes the entities. */
export function uninstallMessages (options: DiscoveryOptions): OutgoingMessage[] {
  return discoveryMessages({ ...options, commands: true }).map((message) => ({ ...message, payload: '' }))
}
