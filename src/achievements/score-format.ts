/** Leaderboard values as the set's `Format` reads them, the way RetroArch shows them. */

const pad = (value: number, width = 2): string => String(Math.trunc(value)).padStart(width, '0')

/** `mm:ss.cc` (hours in front when there are any). */
function clock (totalCentiseconds: number): string {
  const centis = Math.abs(Math.trunc(totalCentiseconds))
  const hours = Math.floor(centis / 360_000)
  const minutes = Math.floor(centis / 6000) % 60
  const seconds = Math.floor(centis / 100) % 60
  const text = `${pad(minutes)}:${pad(seconds)}.${pad(centis % 100)}`
  return hours > 0 ? `${hours}:${text}` : text
}

function secondsClock (totalSeconds: number): string {
  const seconds = Math.abs(Math.trunc(totalSeconds))
  const hours = Math.floor(seconds / 3600)
  const text = `${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`
  return hours > 0 ? `${hours}:${text}` : text
}

const formats: Readonly<Record<string, (value: number) => string>> = {
  // TIME counts frames at 60 per second.
  TIME: (v) => clock(v * 100 / 60),
  FRAMES: (v) => clock(v * 100 / 60),
  SECS: secondsClock,
  TIMESECS: secondsClock,
  // The platform's "milliseconds" are hundredths.
  MILLISECS: clock,
  MINUTES: (v) => `${Math.floor(v / 60)}h${pad(v % 60)}`,
  SECS_AS_MINS: (v) => `${Math.floor(v / 3600)}h${pad(Math.floor(v / 60) % 60)}`,
  SCORE: (v) => `${pad(v, 6)}`,
  POINTS: (v) => `${pad(v, 6)}`,
  UNSIGNED: (v) => String(v >>> 0),
  TENS: (v) => String(v * 10),
  HUNDREDS: (v) => String(v * 100),
  THOUSANDS: (v) => String(v * 1000),
  FIXED1: (v) => (v / 10).toFixed(1),
  FIXED2: (v) => (v / 100).toFixed(2),
  FIXED3: (v) => (v / 1000).toFixed(3)
}

/** VALUE, OTHER and any format this list does not know read as the plain number. */
export function formatScore (value: number, format: string): string {
  return (formats[format.toUpperCase()] ?? String)(value)
}
