import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now, each as
 * `rule: help (where)`, so a failing assertion says what to fix and on which element.
 *
 * @example
 * expect(await seriousViolations(page)).toEqual([]);
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, as a test tool is, rather than as an inline
  // <script>: the application's Content Security Policy rightly refuses inline script.
  // Colours are checked at rest: a button that was just pressed may still be fading between its two
  // states, and a colour half-way through a 120 ms transition is not what the user reads.
  // A spinner's endless animation never finishes, so only the ones with an end are awaited.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
