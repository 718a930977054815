/**
 * The player's own best, as a player at the cabinet sees it: a console score that beats their best
 * on a game raises `hiscore.personal.best` and a toast, even when the table (here one entry long,
 * topped by someone else) does not keep it; a score below their best raises neither. The
 * new-hiscore toasts are off here, so the personal-best toast is not queued behind them.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { personalBestToast } from '../../../src/notifications/auto-toasts.js'
import { startFrontendHub, type FrontendHub } from '../../support/frontend-hub.js'
import { LiveScoreEmulator } from '../../support/live-score.js'
import { RecordingClient, type Frame } from '../../support/ws-client.js'

const personalBests = (client: RecordingClient): Frame[] => client.frames.filter((f) => f.Type === 'hiscore.personal.best')
const toasts = (client: RecordingClient): Frame[] => client.frames.filter((f) => f.Type === 'notifications.toast')

describe('personal bests', () => {
  let f: FrontendHub
  let emulator: LiveScoreEmulator
  let hiscore: RecordingClient
  let system: RecordingClient
  const rom = (): string => f.tree.rom('snes', 'Super Mario World (USA).sfc')

  async function send (method: string, route: string, body: unknown): Promise<void> {
    const response = await fetch(`${f.hub.baseUrl}${route}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    assert.equal(response.status < 300, true, await response.text())
  }

  /** One console session of `player` whose best live score is `score`, up to its capture. */
  async function play (player: string, score: number): Promise<void> {
    await send('PUT', '/api/v1/players/current', { name: player })
    const captured = hiscore.frames.filter((fr) => fr.Type === 'hiscore.console.score.captured').length
    await emulator.setScore(0)
    await f.hook('game-selected', 'snes', rom(), 'Super Mario World')
    await f.hook('game-start', rom(), 'Super Mario World (USA)', 'Super Mario World')
    await emulator.setScore(score)
    await f.hook('game-end')
    await hiscore.until((c) => c.frames.filter((fr) => fr.Type === 'hiscore.console.score.captured').length === captured + 1)
  }

  before(async () => {
    emulator = await LiveScoreEmulator.start()
    f = await startFrontendHub({ maxHiscores: '1', toastOnMyHiscore: false, ...emulator.options }, () => {}, { listen: true })
    await emulator.watch(f.hub, 'snes', 'Super Mario World (USA)')
    hiscore = await RecordingClient.connect(`${f.hub.wsBase}/ws/hiscore`)
    system = await RecordingClient.connect(`${f.hub.wsBase}/ws/system`)
  })
  after(async () => {
    hiscore.socket.close()
    system.socket.close()
    await f.close()
    emulator.close()
  })

  it('a first score is no personal best: there was none to beat', async () => {
    await play('Alice', 1200)
    await play('Bob', 5000)
    assert.deepEqual(personalBests(hiscore), [])
  })

  it('a better score that the full table does not keep is still a personal best, with its toast', async () => {
    await play('Alice', 1500)
    await hiscore.until((c) => personalBests(c).length === 1)
    assert.deepEqual(personalBests(hiscore)[0]!.Payload, { System: 'snes', Rom: 'Super Mario World (USA)', Game: 'Super Mario World', Player: 'Alice', Value: 1500, Previous: 1200, EnteredTable: false })
    const table = await f.get('/api/v1/hiscores/snes/Super%20Mario%20World%20(USA)')
    assert.deepEqual(table.body.scores.map((s: { name: string }) => s.name), ['Bob'], 'Bob keeps the one place of the table')
    await system.until((c) => toasts(c).some((t) => String(t.Payload.Title).startsWith('Personal best')))
    const toast = toasts(system).find((t) => String(t.Payload.Title).startsWith('Personal best'))!
    assert.equal(toast.Payload.Title, 'Personal best on Super Mario World')
    assert.equal(toast.Payload.Message, 'Alice: 1500 (previous best 1200)')
  })

  it('a score below the player\'s best is none; one that enters the table says so', async () => {
    await play('Alice', 1400)
    await play('Alice', 6000)
    await hiscore.until((c) => personalBests(c).length === 2)
    assert.deepEqual(personalBests(hiscore).map((fr) => [fr.Payload.Value, fr.Payload.Previous, fr.Payload.EnteredTable]), [[1500, 1200, false], [6000, 1500, true]])
  })
})

describe('the personal-best toast rule', () => {
  const best = (enteredTable: boolean) => ({ game: 'Super Mario Bros.', player: 'Alice', value: 42100, previous: 30500, enteredTable })
  const rules = { achievementUnlock: true, myHiscore: true, personalBest: true, isMe: () => true }

  it('toasts a best that did not enter the table, and leaves one that did to the new-hiscore toast', () => {
    assert.equal(personalBestToast(best(false), rules)?.message, 'Alice: 42100 (previous best 30500)')
    assert.equal(personalBestToast(best(true), rules), null)
  })

  it('toasts a best that entered the table when the new-hiscore toast is off, and none when switched off', () => {
    assert.equal(personalBestToast(best(true), { ...rules, myHiscore: false })?.title, 'Personal best on Super Mario Bros.')
    assert.equal(personalBestToast(best(false), { ...rules, personalBest: false }), null)
  })
})
