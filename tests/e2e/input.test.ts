/**
 * Input done right, in Chromium as a Spanish or Russian customer types: an amount with a decimal comma
 * sends the decimal the server expects (a real person-to-person transfer in es); the country of
 * residence is a picker named in the reader's language; every invalid field says its own message once,
 * in the UI language, tied to its input; and a first click on a button or link right after typing an
 * invalid value acts, as nothing moves under the pointer.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { codeSentAfter, newestOutboxId } from '../support/outbox.ts';
import { browserAndServer, signedInPage } from '../support/pages.ts';

const e2e = browserAndServer();
const ANNA_PHONE = '447700900123';

async function anonymousPage(language: string, width = 375): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  return context.newPage();
}

/** The newest transfer confirmation code texted to Anna after the message `after`. */
const smsCode = (after: number) => codeSentAfter(e2e.server.url, ANNA_PHONE, 'transferConfirmation', after);
const lastSmsId = () => newestOutboxId(e2e.server.url, ANNA_PHONE, 'transferConfirmation');

/** Each shown error list with the ids of the inputs it describes. */
function shownErrors(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.eng-field-errors')].map((list) => ({
      text: list.textContent ?? '',
      describes: [...document.querySelectorAll(`[aria-describedby~="${list.id}"]`)].map((element) => element.id || element.tagName.toLowerCase()),
    })),
  );
}

describe('input', () => {
  it('sends 12.50 for "12,50" typed in Spanish in a person-to-person transfer', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, 'personal@example.com', { width: 375, language: 'es' });
    await page.goto(`${e2e.server.url}/transfer/p2p`);
    const main = page.locator('main');
    const amount = main.locator('input[id$="_amount"]');
    await amount.waitFor();
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    const account = main.locator('select[id$="_accountId"]');
    const usd = await account.locator('option', { hasText: 'USD' }).first().getAttribute('value');
    await account.selectOption(usd!);
    await main.locator('input[id$="_toEmail"]').fill('business@example.com');
    await amount.fill('12,50');
    // The fee the server works out for 12.50, in Spanish figures.
    await expect.poll(() => main.locator('[data-field="fee"]').innerText(), { timeout: 15_000 }).toBe('0,25\u00a0US$');
    expect(await main.locator('[data-field="total"]').innerText()).toBe('12,75\u00a0US$');
    expect(await main.locator('.eng-field-errors').count()).toBe(0);
    await amount.press('Tab');
    expect(await amount.inputValue()).toBe('12,50');

    const before = await lastSmsId();
    await main.locator('button[type="submit"]').first().click();
    // The confirmation names the amount as the customer typed it, in Spanish figures.
    const review = page.getByRole('dialog', { name: 'Revise y confirme' });
    await review.waitFor();
    expect(await review.innerText()).toContain('12,50\u00a0US$');
    await review.getByRole('button', { name: 'Enviar', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input').first().waitFor();
    const code = await smsCode(before);
    await dialog.locator('input').first().fill(code);
    await dialog.locator('button[type="submit"]').click();
    // The server's answer: the transfer it took is of 12.50 dollars.
    const result = page.getByRole('alertdialog');
    await result.waitFor();
    expect(await result.innerText()).toContain('12,50\u00a0US$');
    await page.context().close();
  });

  it('registers a country picked by its Spanish name and shows each invalid field its own Spanish message once, on the first click', async () => {
    const page = await anonymousPage('es');
    await page.goto(`${e2e.server.url}/register/personal`);
    const country = page.locator('#register-personal_residenceCountryCode');
    await expect.poll(() => country.locator('option').allInnerTexts()).toContain('Rumanía');
    await country.selectOption({ label: 'Rumanía' });
    expect(await country.inputValue()).toBe('RO');

    // An invalid value typed, then one click on "Create account": the click acts (every error shows).
    await page.locator('#register-personal_firstName').fill('Elena');
    await page.locator('#register-personal_username').fill('elena@');
    await page.locator('#register-personal_password').fill('corta');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.poll(async () => (await shownErrors(page)).length).toBe(6);
    const errors = await shownErrors(page);
    expect(errors.map((error) => error.describes)).toEqual([
      ['register-personal_lastName'],
      ['register-personal_username'],
      ['register-personal_password'],
      ['register-personal_birthDay'],
      ['register-personal_registrationType'],
      ['fieldset'], // the terms to accept, a group of checkboxes
    ]);
    expect(errors.map((error) => error.text)).toEqual([
      'Complete este campo.',
      'Introduzca un correo electrónico válido, como nombre@ejemplo.com.',
      expect.stringMatching(/^(?!.*must).*(minúscula|caracteres)/),
      'Complete este campo.',
      'Complete este campo.',
      expect.stringMatching(/condiciones/),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('says validator messages in Russian, with the limits of the schema', async () => {
    const page = await anonymousPage('ru');
    await page.goto(`${e2e.server.url}/register/personal`);
    const first = page.locator('#register-personal_firstName');
    await first.fill('А'.repeat(61));
    await first.press('Tab');
    await expect.poll(async () => (await shownErrors(page)).map((error) => error.text)).toEqual(['Введите не более 60 символов.']);
    await page.context().close();
  });

  it('follows "Forgot password" on the first click right after an invalid e-mail is typed', async () => {
    const page = await anonymousPage('es');
    await page.goto(`${e2e.server.url}/login`);
    await page.locator('#login_username').fill('anna@');
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    await page.waitForURL('**/account-recovery');
    await page.context().close();
  });
});
