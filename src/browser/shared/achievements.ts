/** Badges and icons of achievements come from this service's achievements media only, never from elsewhere in a payload. */
export const achievementBadge = (url: string | null | undefined): string | null => typeof url === 'string' && url.startsWith('/api/achievements/media/') ? url : null
