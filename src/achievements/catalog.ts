/**
 * The catalog of a game, read from a `patch` answer's `PatchData` (the platform's or ours). The
 * proxy passes whatever the upstream said, so every field is read defensively.
 */
import { createHash } from 'node:crypto'
import { badgeUrl, mediaUrl } from './media.js'
import { numberOf, type JsonObject } from './wire.js'

interface CatalogAchievement {
  readonly id: number
  readonly title: string
  readonly description: string
  readonly points: number
  readonly badgeName: string
  readonly flags: number
}

interface CatalogLeaderboard {
  readonly id: number
  readonly title: string
  readonly description: string
  readonly format: string
  readonly lowerIsBetter: boolean
  readonly hidden: boolean
}

export interface Catalog {
  readonly gameId: number
  readonly title: string
  readonly hash: string | null
  readonly consoleId: number
  readonly imageIconUrl: string | null
  readonly revision: string
  readonly achievements: ReadonlyMap<number, CatalogAchievement>
  readonly leaderboards: ReadonlyMap<number, CatalogLeaderboard>
}

const text = (value: unknown): string => typeof value === 'string' ? value : ''
const objects = (value: unknown): JsonObject[] => Array.isArray(value) ? value.filter((v): v is JsonObject => typeof v === 'object' && v !== null) : []
/** The platform writes booleans as true/false or 1/0. */
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1'
const safeName = (value: unknown): string => /^[A-Za-z0-9_-]{1,60}$/.test(text(value)) ? text(value) : '00000'

function iconUrl (imageIcon: unknown): string | null {
  const match = /\/Images\/([A-Za-z0-9_-]{1,64}\.png)$/.exec(text(imageIcon))
  return match === null ? null : mediaUrl('images', match[1]!)
}

/** null when the answer carries no usable PatchData. */
export function catalogOf (patchData: unknown, hash: string | null): Catalog | null {
  if (typeof patchData !== 'object' || patchData === null) return null
  const data = patchData as JsonObject
  const gameId = numberOf(data.ID)
  if (gameId === null) return null
  const achievements = new Map<number, CatalogAchievement>()
  for (const entry of objects(data.Achievements)) {
    const id = numberOf(entry.ID)
    if (id === null) continue
    achievements.set(id, { id, title: text(entry.Title), description: text(entry.Description), points: numberOf(entry.Points) ?? 0, badgeName: safeName(entry.BadgeName), flags: numberOf(entry.Flags) ?? 0 })
  }
  const leaderboards = new Map<number, CatalogLeaderboard>()
  for (const entry of objects(data.Leaderboards)) {
    const id = numberOf(entry.ID)
    if (id === null) continue
    leaderboards.set(id, { id, title: text(entry.Title), description: text(entry.Description), format: text(entry.Format) || 'VALUE', lowerIsBetter: flag(entry.LowerIsBetter), hidden: flag(entry.Hidden) })
  }
  return {
    gameId,
    title: text(data.Title),
    hash,
    consoleId: numberOf(data.ConsoleID) ?? 0,
    imageIconUrl: iconUrl(data.ImageIcon),
    revision: createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16),
    achievements,
    leaderboards
  }
}

export function catalogPayload (catalog: Catalog) {
  return {
    GameId: catalog.gameId,
    GameTitle: catalog.title,
    GameHash: catalog.hash,
    ConsoleId: catalog.consoleId,
    ImageIconUrl: catalog.imageIconUrl,
    Revision: catalog.revision,
    AchievementCount: catalog.achievements.size,
    LeaderboardCount: catalog.leaderboards.size,
    AchievementsById: Object.fromEntries([...catalog.achievements.values()].map((a) => [String(a.id), {
      Id: a.id, Title: a.title, Description: a.description, Points: a.points, BadgeName: a.badgeName, BadgeUrl: badgeUrl(a.badgeName), BadgeLockedUrl: badgeUrl(a.badgeName, true), Flags: a.flags
    }])),
    LeaderboardsById: Object.fromEntries([...catalog.leaderboards.values()].map((l) => [String(l.id), {
      Id: l.id, Title: l.title, Description: l.description, Format: l.format, LowerIsBetter: l.lowerIsBetter, Hidden: l.hidden
    }]))
  }
}
