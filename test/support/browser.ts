/** Real Chromium for page tests, through playwright-core (no browser download). */
import { chromium, type Browser } from 'playwright-core'
import { tempDir } from './hub.js'
import { findPeer } from './peers.js'

export const browserPeer = findPeer('Chromium', 'chromium', ['/usr/bin/chromium', '/usr/bin/chromium-browser'])

const browserArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']

/** Chromium keeps crash reports and desktop settings under HOME: a home of its own, so tests leave the user's alone. */
export function launchBrowser (): Promise<Browser> {
  const home = tempDir('cabinet-hub-chromium-home-')
  return chromium.launch({ executablePath: browserPeer.path!, args: browserArgs, env: { ...process.env, HOME: home, XDG_CONFIG_HOME: `${home}/.config`, XDG_CACHE_HOME: `${home}/.cache` } })
}

/** Screenshots the tests keep for people to look at. */
export const artifactsDir = new URL('../../test-artifacts/', import.meta.url).pathname
