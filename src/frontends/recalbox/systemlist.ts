/**
 * Reads Recalbox's systems file. Since 8.0 it is `systemlist.xml`: a system's name and full name are
 * attributes, its folder, theme and extensions sit on `<descriptor>`, its kind and release date on
 * `<properties>`, and `<defaults command>` serves every system (wiki.recalbox.com, "Systems display").
 * Older releases wrote ES's `es_systems.cfg` shape, which reads here too.
 */
import { XMLParser } from 'fast-xml-parser'
import type { SystemInfo } from '../adapter.js'
import { record } from './record.js'

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false, trimValues: true, isArray: (name) => name === 'system' })

function firstText (...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '')?.trim()
}

export function parseRecalboxSystems (xml: string): SystemInfo[] {
  const list = record(record(parser.parse(xml)).systemList)
  const defaults = record(list.defaults)
  const systems = Array.isArray(list.system) ? list.system.map(record) : []
  return systems.flatMap((system): SystemInfo[] => {
    const name = firstText(system.name)
    if (name === undefined) return []
    const descriptor = record(system.descriptor)
    const properties = record(system.properties)
    const fields = {
      fullname: firstText(system.fullname),
      release: firstText(properties.releasedate, system.release),
      hardware: firstText(properties.type, system.hardware),
      path: firstText(descriptor.path, system.path),
      extension: firstText(descriptor.extensions, system.extension),
      command: firstText(system.command, defaults.command),
      platform: firstText(system.platforms, system.platform),
      theme: firstText(descriptor.theme, system.theme)
    }
    return [{ name, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) }]
  })
}
