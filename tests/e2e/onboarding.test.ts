/**
 * Getting in as a person does it, in Debian's Chromium: open /register, register a personal account,
 * read the activation e-mail in the sandbox outbox, activate and land home signed in; recover a
 * forgotten password to a new one and sign in with it; see that a brand without registration says so.
 * axe-core finds no serious violation on these screens.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { solvedChallenge, solveChallengeOnPage } from '../support/bot-challenge.ts';

let browser: Browser;
let paxum: RunningServer;
let paydek: RunningServer;

beforeAll(async () => {
  browser = await launchChromium();
  [paxum, paydek] = await Promise.all([startServer({ BRAND: 'paxum' }), startServer({ BRAND: 'paydek' })]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([paxum?.stop(), paydek?.stop()]);
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  return context.newPage();
}

/** The newest code sent to `to` for `purpose`, read from the sandbox outbox as a tester would. */
async function codeFromOutbox(server: RunningServer, to: string, purpose: string): Promise<string> {
  const query = new URLSearchParams({ to, purpose });
  let body = '';
  await expect
    .poll(
      async () => {
        const answer = await new ApiClient(server.url).get(`/sandbox/outbox/messages?${query}`);
        body = JSON.parse(answer.text).messages[0]?.body ?? '';
        return body;
      },
      { timeout: 10_000 },
    )
    .toMatch(/\b[0-9]{6}\b/);
  return /\b([0-9]{6})\b/.exec(body)![1]!;
}

describe('getting in', () => {
  it('registers, activates with the e-mailed code and lands home signed in', async () => {
    const email = `e2e.${Date.now()}@example.com`;
    const page = await newPage(375);
    await page.goto(`${paxum.url}/register`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /Personal account/ }).click();
    await page.waitForURL('**/register/personal');
    await page.locator('#register-personal_firstName').fill('Elena');
    await page.locator('#register-personal_lastName').fill('Popa');
    await page.locator('#register-personal_username').fill('personal@example.com');
    await page.locator('#register-personal_username').press('Tab');
    await expect.poll(() => page.locator('form').innerText()).toContain('This e-mail already has an account.');
    await page.locator('#register-personal_username').fill(email);
    await page.locator('#register-personal_password').fill('weak');
    await page.locator('#register-personal_residenceCountryCode').selectOption({ label: 'Romania' });
    await page.locator('#register-personal_birthDay').fill('1988-02-29');
    await page.locator('#register-personal_phoneCountryCode').selectOption({ label: 'Romania (+40)' });
    await page.locator('#register-personal_phone').fill('721 000 222');
    await page.locator('#register-personal_registrationType').selectOption('developers');
    await page.locator('#register-personal_acceptedTerms_privacyPolicy').check();
    await page.locator('#register-personal_acceptedTerms_userAgreement').check();
    await solveChallengeOnPage(page);
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.locator('form').innerText()).toContain('at least one lower-case letter');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('#register-personal_password').fill('Elena-pass-2026');
    await page.locator('form button[type="submit"]').click();

    await page.waitForURL('**/activate?**');
    expect(await page.locator('#activate_username').inputValue()).toBe(email);
    expect(await seriousViolations(page)).toEqual([]);
    const code = await codeFromOutbox(paxum, email, 'activation');
    await page.locator('#activate_activationCode').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => page.locator('form').innerText()).toContain('This code is wrong');
    await page.locator('#activate_activationCode').fill(code);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.locator('body').innerText()).toContain('Your Account has been activated.');
    const tokens = await page.evaluate(() => sessionStorage.getItem('session.accessToken'));
    const profile = await new ApiClient(paxum.url).rpc('profileInquiry', {}, { token: tokens! });
    expect(profile.body.profile).toMatchObject({ firstName: 'Elena', lastName: 'Popa', birthDay: '1988-02-29', residenceCountryCode: 'RO' });
  });

  it('asks for the robot check again after the server refuses the e-mail, whose token the refused call used up', async () => {
    const taken = `taken.${Date.now()}@example.com`;
    const email = `e2e.robot.${Date.now()}@example.com`;
    const page = await newPage();
    await page.goto(`${paxum.url}/register/personal`);
    await page.locator('#register-personal_firstName').fill('Ana');
    await page.locator('#register-personal_lastName').fill('Lupu');
    await page.locator('#register-personal_username').fill(taken);
    await page.locator('#register-personal_password').fill('Ana-pass-2026');
    await page.locator('#register-personal_residenceCountryCode').selectOption({ label: 'Romania' });
    await page.locator('#register-personal_birthDay').fill('1990-05-17');
    await page.locator('#register-personal_registrationType').selectOption('developers');
    await page.locator('#register-personal_acceptedTerms_privacyPolicy').check();
    await page.locator('#register-personal_acceptedTerms_userAgreement').check();
    await solveChallengeOnPage(page);
    // Someone registers the address while the form is filled: only the server can say so.
    await new ApiClient(paxum.url).rpc('accountCreate', {
      firstName: 'Other',
      lastName: 'Person',
      username: taken,
      password: 'Other-pass-2026',
      residenceCountryCode: 'RO',
      birthDay: '1980-01-01',
      registrationType: 'others',
      acceptedTerms: ['privacyPolicy', 'userAgreement'],
      challengeToken: await solvedChallenge(paxum.url),
    });
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.locator('form').innerText()).toContain('An account with this e-mail already exists.');
    // The refused call spent the token: the check is asked for again, not said to be passed.
    await page.getByRole('button', { name: 'I am not a robot' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'you are not a robot' }).count()).toBe(0);

    await page.locator('#register-personal_username').fill(email);
    await solveChallengeOnPage(page);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/activate?**');
    expect(await page.locator('#activate_username').inputValue()).toBe(email);
  });

  it('recovers a forgotten password by e-mail, then signs in with the new one', async () => {
    const email = `recover.${Date.now()}@example.com`;
    const client = new ApiClient(paxum.url);
    await client.rpc('accountCreate', {
      firstName: 'Ion',
      lastName: 'Rusu',
      username: email,
      password: 'Old-pass-2026',
      residenceCountryCode: 'MD',
      birthDay: '1985-07-01',
      registrationType: 'others',
      acceptedTerms: ['privacyPolicy', 'userAgreement'],
      challengeToken: await solvedChallenge(paxum.url),
    });
    await client.rpc('accountActivate', { username: email, activationCode: await codeFromOutbox(paxum, email, 'activation') });

    const page = await newPage();
    await page.goto(`${paxum.url}/account-recovery`);
    await page
      .locator('#recovery_email')
      .waitFor({ timeout: 10_000 })
      .catch(async (error) => {
        throw new Error(`${String(error)}\n${page.url()}\n${await page.locator('body').innerText()}`);
      });
    await page.locator('#recovery_email').fill(email);
    await solveChallengeOnPage(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL('**/account-recovery/reset');
    await page.locator('#recovery_code').fill(await codeFromOutbox(paxum, email, 'recovery'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/account-recovery/password');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('#recovery_password').fill('New-pass-2027');
    await page.locator('#recovery_passwordRepeat').fill('New-pass-2027');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/account-recovery/success');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await page.locator('#login_username').fill(email);
    await page.locator('#login_password').fill('New-pass-2027');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/home');
  });

  it('tells the visitors of a brand without registration that it is not offered', async () => {
    const page = await newPage();
    await page.goto(`${paydek.url}/register/personal`);
    await page.waitForURL('**/register');
    await expect.poll(() => page.locator('main').innerText()).toContain('Paydek does not offer registration here.');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
