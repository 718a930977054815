/**
 * The frontend's own settings as plain key/value text (es_settings.cfg on EmulationStation), read
 * at start by the frontend adapter. The core reads its manager switches from them.
 */
export interface FrontendSettings {
  /** The file read, or null when no frontend is configured. */
  readonly path: string | null
  readonly state: 'not-configured' | 'missing' | 'loaded' | 'unreadable'
  readonly error: string | null
  readonly values: ReadonlyMap<string, string>
  /** The theme the frontend shows (its folder name), under whatever key its family keeps it; null when unset or not read. */
  readonly theme: string | null
  /** The RetroAchievements user signed in to the frontend, under whatever key its family keeps it; null when none. */
  readonly retroAchievementsUser: string | null
  /** The same file read again, the way its family reads it (after an edit the owner made). */
  readAgain (): Promise<FrontendSettings>
}

export const noFrontendSettings: FrontendSettings = { path: null, state: 'not-configured', error: null, values: new Map(), theme: null, retroAchievementsUser: null, readAgain: async () => noFrontendSettings }
