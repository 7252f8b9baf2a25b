/**
 * Translations in Chromium: the sign-in page downloads the visitor's language as one JSON file, no other
 * language and no texts inside JavaScript (they stay out of the JavaScript budget of `npm run bench`), and
 * shows those texts; texts the server words (a tax number's name on /profile) come in the language chosen,
 * and follow a new choice without a reload.
 */
import { describe, expect, it } from 'vitest';
import { browserAndServer, signedInPage } from '../support/pages.ts';

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

  it("shows the tax number's name the server words in the chosen language, and in the next one picked", async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, 'business@example.com', { language: 'es' });
    await page.goto(`${e2e.server.url}/profile`);
    await page.getByText('Número de registro del IVA', { exact: true }).waitFor();
    const language = page.locator('header select').filter({ has: page.locator('option[value="ru"]') });
    await language.selectOption('ru');
    await page.getByText('Регистрационный номер плательщика НДС', { exact: true }).waitFor();
    expect(await page.getByText('Número de registro del IVA').count()).toBe(0);
    expect(await page.getByText('VAT registration number').count()).toBe(0);
    await page.context().close();
  });
});
