import { chromium, type Browser } from 'playwright-core';

/** Flags that keep Debian's Chromium quiet on a machine without outside network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launches Debian's Chromium headless through playwright-core (never a downloaded browser).
 *
 * @example
 * const browser = await launchChromium();
 * const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}
