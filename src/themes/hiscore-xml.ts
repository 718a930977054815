/**
 * The hiscore lines as EmulationStation themes read them (domain-notes §6.1): one `hiscoreline<i>`
 * extra text element per entry, `#<rank> <name> <score>`, in the views themes place them in.
 */
import { XMLBuilder } from 'fast-xml-parser'

export interface HiscoreLine {
  readonly Rank: number
  readonly Name: string
  readonly Score: string
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '\t', suppressBooleanAttributes: false })

export function hiscoreThemeXml (scores: readonly HiscoreLine[]): string {
  const lines = scores.map((entry, index) => ({
    '@name': `hiscoreline${index + 1}`,
    '@extra': 'true',
    text: `#${entry.Rank} ${entry.Name} ${entry.Score}`
  }))
  const body = builder.build({ theme: { view: { '@name': 'gamecarousel, detailed, grid', text: lines } } }) as string
  return `<?xml version="1.0" encoding="utf-8"?>\n${body}`
}
