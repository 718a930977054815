/**
 * The setup page in Chromium, as an owner uses it on a fresh cabinet: a Batocera tree without our
 * hooks, one click installs them and the next hook reaches the service; each read-only link's QR
 * code, photographed off the screen, decodes to that page's LAN address with its token. At a phone's
 * size too, and by keyboard.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import jsqr from 'jsqr'
import { PNG } from 'pngjs'
import type { Browser } from 'playwright-core'
import { artifactsDir, browserPeer, launchBrowser } from '../../support/browser.js'
import { freePort, startCli, stopCli, waitForHealth } from '../../support/cli.js'
import { copyDemoTree } from '../../support/demo-tree.js'
import { tempDir } from '../../support/hub.js'

describe('the setup page, in Chromium', { skip: browserPeer.skip }, () => {
  let browser: Browser
  let root: string
  let dataDir: string
  let port: number
  let service: ReturnType<typeof startCli>
  const base = (): string => `http://127.0.0.1:${port}`
  const hookScripts = (): string[] => {
    const scripts = path.join(root, 'system', 'configs', 'emulationstation', 'scripts')
    return existsSync(scripts) ? readdirSync(scripts, { recursive: true }).map(String).filter((file) => file.endsWith('cabinet-hub-hook.sh')) : []
  }

  before(async () => {
    root = tempDir('cabinet-hub-setup-')
    await copyDemoTree(root, 'batocera')
    dataDir = tempDir()
    port = await freePort()
    // Open to the network, so the page has LAN addresses to show other screens.
    service = startCli(['serve', '--frontend-root', root, '--profile', 'batocera', '--host', '0.0.0.0', '--api-key', 'setup-secret-1', '--port', String(port), '--data-dir', dataDir, '--mame-exe', 'none'])
    await waitForHealth(port, service, '/api/v1/startup/ready')
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await stopCli(service)
  })

  it('lists the hooks as missing, installs them with one click, and the next hook reaches the service', async () => {
    assert.deepEqual(hookScripts(), [], 'a fresh tree has none of our hooks')
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${base()}/setup`)
    const hooks = page.locator('#setup-hooks')
    await hooks.locator('.state.fix').waitFor()
    await hooks.locator('.problems', { hasText: 'no cabinet-hub hook scripts are installed' }).waitFor()
    await hooks.getByRole('button', { name: 'Install hooks' }).click()
    await page.locator('#status', { hasText: 'hook scripts written' }).waitFor()
    // The list comes again over the socket: the hooks are there, what is left is the rom names sh cannot pass (Tetris(USA).nes).
    await hooks.getByRole('button', { name: 'Uninstall hooks' }).waitFor()
    assert.doesNotMatch(await hooks.innerText(), /no cabinet-hub hook scripts are installed/)
    assert.match(await hooks.innerText(), /Tetris\(USA\)\.nes/)
    assert.ok(hookScripts().some((file) => file.startsWith('game-selected')), hookScripts().join(', '))

    const script = path.join(root, 'system', 'configs', 'emulationstation', 'scripts', 'game-selected', 'cabinet-hub-hook.sh')
    const rom = path.join(root, 'roms', 'nes', 'Metroid (USA).nes')
    const ran = spawnSync('/bin/sh', [script, 'nes', rom, 'Metroid'], { encoding: 'utf8' })
    assert.equal(ran.status, 0, ran.stderr)
    let current: { path?: string } = {}
    for (let tries = 0; tries < 200 && current.path !== rom; tries++) {
      current = await (await fetch(`${base()}/api/v1/context/current-game`)).json() as { path?: string }
      if (current.path !== rom) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.equal(current.path, rom, 'the installed hook reached the service')
    assert.deepEqual(errors, [])
    await page.screenshot({ path: path.join(artifactsDir, 'setup-1280x720.png'), fullPage: true })
  })

  it('writes the MAME plugin and the start at boot with a click each, and removes the plugin with its undo', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    await page.goto(`${base()}/setup`)
    const plugin = path.join(dataDir, 'mame-plugins', 'cabinethub', 'init.lua')
    await page.locator('#setup-mame').getByRole('button', { name: 'Install the MAME plugin' }).click()
    await page.locator('#setup-mame').getByRole('button', { name: 'Remove the MAME plugin' }).waitFor()
    assert.ok(existsSync(plugin), plugin)
    await page.locator('#setup-mame').getByRole('button', { name: 'Remove the MAME plugin' }).click()
    await page.locator('#status', { hasText: 'MAME plugin removed' }).waitFor()
    assert.equal(existsSync(plugin), false)

    const service = path.join(root, 'system', 'services', 'cabinet_hub')
    await page.locator('#setup-boot').getByRole('button', { name: 'Start with the machine' }).click()
    await page.locator('#status', { hasText: service }).waitFor()
    assert.ok(readFileSync(service, 'utf8').includes(dataDir), 'the service it wrote starts on this data dir')
  })

  it('refuses every button to a page of another origin, before reading what it sent, and writes nothing', async () => {
    const page = await browser.newPage()
    // Another program's page on this machine: another port is another origin.
    const foreign = createServer((_request, response) => { response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>foreign</title>') })
    foreign.listen(0, '127.0.0.1')
    await once(foreign, 'listening')
    try {
      await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`)
      const before = hookScripts()
      for (const [method, route] of [['POST', 'hooks'], ['DELETE', 'hooks'], ['POST', 'mame-plugin'], ['POST', 'retroarch'], ['POST', 'service'], ['POST', 'read-link/revoke'], ['POST', 'frontend']]) {
        const answer = await page.evaluate(`fetch(${JSON.stringify(`${base()}/api/v1/setup/${route}`)}, { method: ${JSON.stringify(method)}, headers: { 'content-type': 'application/json' }, body: ${method === 'POST' ? "JSON.stringify({ root: '/tmp', profile: 'batocera' })" : 'undefined'} }).then(async (r) => ({ status: r.status, body: await r.json() }))`) as { status: number, body: { code: string, message: string } }
        assert.equal(answer.status, 403, `${method} ${route}: ${JSON.stringify(answer)}`)
        assert.ok(answer.body.code !== '' && answer.body.message !== '', JSON.stringify(answer.body))
      }
      assert.deepEqual(hookScripts(), before, 'nothing written')
    } finally {
      foreign.close()
    }
  })

  it('shows each read-only link as a QR code that decodes to the LAN address with the read token', async () => {
    const link = await (await fetch(`${base()}/api/v1/read-link`)).json() as { query: string, lanOrigins: string[] }
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    await page.goto(`${base()}/setup`)
    const codes = page.locator('#setup-links figure.read-link svg')
    await codes.first().waitFor()
    const overlay = page.locator('#setup-links figure.read-link', { has: page.locator('strong', { hasText: /^Score$/ }) }).locator('svg')
    const shot = PNG.sync.read(await overlay.screenshot())
    const decoded = jsqr.default(new Uint8ClampedArray(shot.data), shot.width, shot.height)
    assert.equal(decoded?.data, `${link.lanOrigins[0]!}/overlays/score?${link.query}`)
    assert.match(decoded.data, /^http:\/\/(?!127\.)/, 'a LAN address, not loopback')
  })

  it('fits a phone and works by keyboard: Tab reaches a button, Enter presses it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
    await page.goto(`${base()}/setup`)
    await page.locator('#setup-hooks').waitFor()
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as number
    assert.ok(overflow <= 0, `nothing wider than the phone (${overflow} px over)`)
    for (let tab = 0; tab < 40; tab++) {
      await page.keyboard.press('Tab')
      if (await page.evaluate("document.activeElement?.textContent === 'Uninstall hooks'")) break
    }
    assert.equal(await page.evaluate('document.activeElement?.textContent'), 'Uninstall hooks')
    await page.keyboard.press('Enter')
    await page.locator('#status', { hasText: 'hook scripts removed' }).waitFor()
    assert.deepEqual(hookScripts(), [])
    await page.screenshot({ path: path.join(artifactsDir, 'setup-phone.png'), fullPage: true })
  })
})
