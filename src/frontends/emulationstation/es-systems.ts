/** Reads the frontend's `es_systems.cfg`: `<systemList><system><name/><fullname/>...</system></systemList>`. */
import { XMLParser } from 'fast-xml-parser'
import type { SystemInfo } from '../adapter.js'

const systemFields = ['fullname', 'manufacturer', 'release', 'hardware', 'path', 'extension', 'command', 'platform', 'theme', 'group'] as const

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, isArray: (name) => name === 'system' })

/** Picks the known string fields of a system object (es_systems.cfg node or ES `/systems` entry). */
export function toSystemInfo (node: unknown): SystemInfo | null {
  if (node === null || typeof node !== 'object') return null
  const record = node as Record<string, unknown>
  const name = record.name
  if (typeof name !== 'string' || name.trim() === '') return null
  const info: Record<string, string> = { name: name.trim() }
  for (const field of systemFields) {
    const value = record[field]
    if (typeof value === 'string' || typeof value === 'number') info[field] = String(value)
  }
  return info as unknown as SystemInfo
}

export function parseEsSystems (xml: string): SystemInfo[] {
  const document = parser.parse(xml) as Record<string, unknown>
  const list = document.systemList
  if (list === null || typeof list !== 'object') return []
  const systems = (list as Record<string, unknown>).system
  return Array.isArray(systems) ? systems.map(toSystemInfo).filter((s) => s !== null) : []
}
