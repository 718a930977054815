/** Real Chromium for page tests, through playwright-core (no browser download). */
import { chromium, type Browser } from 'playwright-core'
import { findPeer } from './peers.js'

export const browserPeer = findPeer('Chromium', 'chromium', ['/usr/bin/chromium', '/usr/bin/chromium-browser'])

const browserArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']

export function launchBrowser (): Promise<Browser> {
  return chromium.launch({ executablePath: browserPeer.path!, args: browserArgs })
}

/** Screenshots the tests keep for people to look at. */
export const artifactsDir = new URL('../../test-artifacts/', import.meta.url).pathname
