/**
 * The hiscore lines as EmulationStation themes read them (domain-notes §6.1): one `hiscoreline<i>`
 * extra text element per entry, `#<rank> <name> <score>`, in the views themes place them in.
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser'

export interface HiscoreLine {
  readonly Rank: number
  readonly Name: string
  readonly Score: string
}

export const xmlDeclaration = '<?xml version="1.0" encoding="utf-8"?>'

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '\t', suppressBooleanAttributes: false })

function hiscoreView (scores: readonly HiscoreLine[]) {
  const lines = scores.map((entry, index) => ({
    '@name': `hiscoreline${index + 1}`,
    '@extra': 'true',
    text: `#${entry.Rank} ${entry.Name} ${entry.Score}`
  }))
  return { '@name': 'gamecarousel, detailed, grid', text: lines }
}

/** A theme file of its own: `<theme>` holding the view. */
export function hiscoreThemeXml (scores: readonly HiscoreLine[]): string {
  return `${xmlDeclaration}\n${builder.build({ theme: { view: hiscoreView(scores) } }) as string}`
}

/** The `<view>` element alone, one line per array item, for a block inside someone else's theme file. */
export function hiscoreViewLines (scores: readonly HiscoreLine[]): string[] {
  return (builder.build({ view: hiscoreView(scores) }) as string).split('\n').filter((line) => line !== '')
}

const parser = new XMLParser({ ignoreAttributes: true, isArray: (name) => name === 'text' })

/** How many lines a file of ours holds (an archived one being restored). */
export function hiscoreLineCount (xml: string): number {
  const doc = parser.parse(xml) as { theme?: { view?: { text?: unknown[] } } }
  return doc.theme?.view?.text?.length ?? 0
}
