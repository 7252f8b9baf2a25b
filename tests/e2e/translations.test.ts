/**
 * Translations in Chromium: the sign-in page downloads the visitor's language as one JSON file, no other
 * language and no texts inside JavaScript (they stay out of the JavaScript budget of `npm run bench`), and
 * shows those texts.
 */
import { describe, expect, it } from 'vitest';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

describe('translations', () => {
  it("downloads only the chosen language's texts, as one file, and shows them", async () => {
    const context = await e2e.browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(() => localStorage.setItem('language', 'es'));
    const page = await context.newPage();
    const texts: string[] = [];
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/\/locale-[a-z]+-[\w-]+\.json$/.test(pathname)) texts.push(pathname);
      if (pathname.endsWith('.js')) scripts.push(response.text());
    });
    await page.goto(`${e2e.server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }).waitFor();
    await page.getByText('Introduzca el correo electrónico y la contraseña de su cuenta.').waitFor();

    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/\/locale-es-/);
    const javascript = await Promise.all(scripts);
    expect(javascript.length).toBeGreaterThan(0);
    expect(javascript.filter((code) => code.includes('Introduzca el correo electrónico'))).toEqual([]);
    await context.close();
  });
});
