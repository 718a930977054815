/**
 * The demo's achievements: every game the simulated frontend starts gets a session, played as
 * RetroArch would play it (login, identification, catalog, session start, rich presence, one
 * award) against this service's own local host, so the streams, the session and the live page
 * show what a real one looks like. The demo player's unlocks of a game are forgotten when it
 * starts again, so every play unlocks something.
 */
import { createHash } from 'node:crypto'
import { badgePng } from './badge-art.js'
import type { PatchDataType } from './schemas.js'
import type { AchievementsService } from './service.js'
import { formFields } from './wire.js'

const player = 'demo'
const badges: ReadonlyArray<readonly [string, readonly [number, number, number]]> = [['demo-start', [245, 166, 35]], ['demo-steady', [63, 185, 80]], ['demo-master', [88, 166, 255]]]

/** The demo's set for a game: three achievements (RetroArch never runs them here; the demo awards the first). */
function demoSet (gameId: number, title: string): PatchDataType {
  return {
    ID: gameId,
    Title: title,
    ConsoleID: 0,
    RichPresencePatch: 'Display:\nPlaying\n',
    Achievements: [
      { ID: gameId * 10 + 1, MemAddr: '0xH0000=1', Title: 'Press Start', Description: `Start ${title}`, Points: 5, BadgeName: badges[0]![0], Flags: 3 },
      { ID: gameId * 10 + 2, MemAddr: '0xH0000=2', Title: 'Steady Hands', Description: 'Play for a whole minute', Points: 10, BadgeName: badges[1]![0], Flags: 3 },
      { ID: gameId * 10 + 3, MemAddr: '0xH0000=3', Title: 'Master', Description: 'Finish the game', Points: 25, BadgeName: badges[2]![0], Flags: 3 }
    ],
    Leaderboards: []
  }
}

export class DemoSession {
  #timers: NodeJS.Timeout[] = []

  constructor (private readonly service: AchievementsService, private readonly stepMs = 3000) {}

  /** Draws the demo badges once; later runs keep what is there. */
  async writeBadges (): Promise<void> {
    for (const [name, colour] of badges) {
      for (const locked of [false, true]) {
        const ref = { category: 'badge', file: `${name}${locked ? '_lock' : ''}.png` } as const
        if (await this.service.hasMedia(ref)) continue
        await this.service.putMedia(ref, badgePng(colour, locked))
      }
    }
  }

  gameStarted (gamePath: string, title: string): void {
    this.#cancel()
    void this.#play(gamePath, title)
  }

  stop (): void {
    this.#cancel()
  }

  #cancel (): void {
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers = []
  }

  async #play (gamePath: string, title: string): Promise<void> {
    // The demo's roms are not real content: the set is keyed by the MD5 of the rom path.
    const hash = createHash('md5').update(gamePath).digest('hex')
    const gameId = 900_000 + (parseInt(hash.slice(0, 5), 16) % 99_999)
    if (await this.service.sets.byHash(hash) === null) await this.service.installSet(hash, demoSet(gameId, title))
    this.service.store.forget(player, gameId)
    const login = await this.#ask(`r=login&u=${player}&p=${player}`)
    const token = String(login.Token ?? '')
    const auth = `u=${player}&t=${token}`
    for (const form of [`r=gameid&m=${hash}`, `r=patch&${auth}&g=${gameId}`, `r=unlocks&${auth}&g=${gameId}&h=0`, `r=postactivity&${auth}&a=3&m=${gameId}`, `r=ping&${auth}&g=${gameId}&m=${encodeURIComponent(`Starting ${title}`)}`]) await this.#ask(form)
    this.#later(1, `r=awardachievement&${auth}&a=${gameId * 10 + 1}&h=0&m=${hash}`)
    this.#later(2, `r=ping&${auth}&g=${gameId}&m=${encodeURIComponent(`${title}: 1 of 3 badges`)}`)
  }

  #later (steps: number, form: string): void {
    this.#timers.push(setTimeout(() => { void this.#ask(form) }, steps * this.stepMs))
  }

  async #ask (form: string): Promise<Record<string, unknown>> {
    const body = Buffer.from(form)
    const answer = await this.service.request({ method: 'POST', query: '', body, contentType: 'application/x-www-form-urlencoded', userAgent: 'cabinet-hub demo', fields: formFields('', body) })
    return JSON.parse(answer.body.toString()) as Record<string, unknown>
  }
}
