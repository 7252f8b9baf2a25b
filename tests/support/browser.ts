import { chromium, type Browser } from 'playwright-core';
import { CONSENT_STORAGE_KEY } from '../../src/analytics/consent.ts';

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
 * Puts a declined analytics choice in the page's storage before its scripts run, unless a choice is there:
 * the consent banner is for the tests about consent, not in the way of every other test.
 */
function declineAnalytics(key: string): void {
  try {
    if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ choice: 'declined', until: Date.now() + 86_400_000 }));
  } catch {
    // about:blank and other opaque origins have no storage.
  }
}

/**
 * Launches Debian's Chromium headless through playwright-core (never a downloaded browser). Its pages have
 * analytics declined, so the consent banner does not show; `askConsent` leaves the choice to the test.
 *
 * @example
 * const browser = await launchChromium();
 * const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
 */
export async function launchChromium({ askConsent = false }: { askConsent?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  if (askConsent) return browser;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(declineAnalytics, CONSENT_STORAGE_KEY);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await page.context().addInitScript(declineAnalytics, CONSENT_STORAGE_KEY);
    return page;
  };
  return browser;
}
