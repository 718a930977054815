/** Navigation pressed on the cabinet's panel leaves the selection uncertain until the frontend reports one. */
import assert from 'node:assert/strict'
import { after, before, describe, it, mock } from 'node:test'
import { writeFrontendTree, type FrontendTree } from '../support/frontend-tree.js'
import { sendHook, startHub, type TestHub } from '../support/hub.js'

describe('panel navigation and the uncertain selection', () => {
  let hub: TestHub
  let tree: FrontendTree
  before(async () => {
    tree = writeFrontendTree()
    hub = await startHub({ options: { frontendRoot: tree.root } })
  })
  after(async () => hub.close())

  const press = async (body: Record<string, unknown>): Promise<void> => {
    const response = await hub.app.inject({ method: 'POST', url: '/api/v1/panels/input', payload: { player: 1, pressed: true, ...body } })
    assert.equal(response.statusCode, 202, response.body)
  }
  const uncertain = async (): Promise<boolean> => (await hub.app.inject({ url: '/api/v1/context/state' })).json<{ selectionUncertain: boolean }>().selectionUncertain

  /** Runs `steps` with the clock stopped: only `mock.timers.tick` moves it. */
  const withStoppedClock = async (steps: () => Promise<void>): Promise<void> => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.now() })
    try {
      await steps()
    } finally {
      mock.timers.reset()
    }
  }

  for (const system of ['DOWN', 'UP', 'LEFT', 'RIGHT', 'OK', 'BACK']) {
    it(`marks the selection uncertain 500 ms after ${system} with no selection report, and a game selection clears it`, async () => {
      await sendHook(hub, 'game-selected', 'nes', tree.rom('nes', 'Super Mario Bros. (World).nes'), 'Super Mario Bros.')
      await withStoppedClock(async () => {
        await press({ system })
        mock.timers.tick(499)
        assert.equal(await uncertain(), false, 'the frontend still has time to report')
        mock.timers.tick(1)
        assert.equal(await uncertain(), true)
      })
      await sendHook(hub, 'game-selected', 'nes', tree.rom('nes', 'Metroid (USA).nes'), 'Metroid')
      assert.equal(await uncertain(), false)
    })
  }

  it('leaves the selection certain after a button, START or COIN: they move no cursor', async () => {
    await sendHook(hub, 'game-selected', 'nes', tree.rom('nes', 'Metroid (USA).nes'), 'Metroid')
    await withStoppedClock(async () => {
      for (const body of [{ slot: 1 }, { system: 'START' }, { system: 'COIN' }]) await press(body)
      mock.timers.tick(1000)
      assert.equal(await uncertain(), false)
    })
  })
})
