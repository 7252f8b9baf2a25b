/**
 * The screen catalogue (issue 13) in the suite: its text check finds what must never reach a customer, and
 * a few routes, pictured in two languages against the real server, show none of it, and axe-core finds
 * no serious or critical violation on them in the light theme nor in each brand's dark one. The whole
 * catalogue runs on demand: `npm run catalogue`, and in the dark theme with axe: `npm run catalogue -- --dark --axe`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildCatalogue } from '../../scripts/catalogue/run.ts';
import { brokenAddress, plannedScreens, routePattern, routesOf, statesOf } from '../../scripts/catalogue/screens.ts';
import { findOffenders, textRules } from '../../scripts/catalogue/text-check.ts';
import { cumulativeLayoutShift } from '../../scripts/layout-shift.ts';
import { launchChromium } from '../support/browser.ts';
import { repoRoot } from '../support/server-process.ts';

describe('the text check', () => {
  const english = textRules(repoRoot, 'en');
  const russian = textRules(repoRoot, 'ru');

  it('finds a raw key, known or shaped like one, and leaves e-mails, hosts, files and amounts alone', () => {
    expect(findOffenders(['Balances, Transfers, session.rights.transfersApprove, Documents'], english)).toEqual([
      { kind: 'raw key', text: 'session.rights.transfersApprove' },
    ]);
    expect(findOffenders(['authorizeUrl needs client_id.'], english)).toEqual([
      { kind: 'raw key', text: 'authorizeUrl' },
      { kind: 'raw key', text: 'client_id' },
    ]);
    expect(findOffenders(['Pay with your iPhone, ask Mary-Jane', 'Linux x86_64, Chrome 131'], english)).toEqual([]);
    expect(findOffenders(['See nav.history'], english)).toEqual([{ kind: 'raw key', text: 'nav.history' }]);
    expect(findOffenders(['Shown as verification.fatca.somethingNew'], english)).toEqual([{ kind: 'raw key', text: 'verification.fatca.somethingNew' }]);
    expect(findOffenders(['Write to support@paxum.example or visit www.paxum.example/fees.', 'statement.pdf, 1,234.50 EUR, v1.2, e.g. Ltd.'], english)).toEqual(
      [],
    );
  });

  it('finds a validator message, a regular expression and a raw error', () => {
    expect(findOffenders(['Invalid params\nmust be a valid uuid'], english)).toEqual([{ kind: 'validator text', text: 'must be a valid uuid' }]);
    expect(findOffenders(['id: ^vij_[A-Za-z0-9_-]{10,40}$'], english).map((o) => o.kind)).toContain('regular expression');
    expect(findOffenders(['Something happened: Failed to fetch'], english)).toEqual([{ kind: 'raw error', text: 'Something happened: Failed to fetch' }]);
    expect(findOffenders(['Balance: NaN', 'Hello [object Object]'], english).map((o) => o.kind)).toEqual(['raw error', 'raw error']);
    // A validator's English on a Russian or Spanish page is caught as such, a translated message is not.
    expect(findOffenders(['Телефон: must match pattern "^[0-9 ]{4,16}$"'], russian).map((o) => o.kind)).toContain('validator text');
    expect(findOffenders(['Teléfono: must NOT have more than 16 characters'], textRules(repoRoot, 'es')).map((o) => o.kind)).toContain('validator text');
    expect(findOffenders(['Телефон: допустимы только цифры и пробелы.'], russian)).toEqual([]);
  });

  it('finds English sentences of the locale files on a page in another language, not their translations', () => {
    const sentence = 'The application that sent you here is not registered with us.';
    expect(findOffenders([`Ошибка. ${sentence}`], russian)).toEqual([{ kind: 'English text', text: sentence }]);
    expect(findOffenders(['Приложение, которое вас сюда направило, у нас не зарегистрировано.'], russian)).toEqual([]);
    expect(findOffenders([sentence], english)).toEqual([]);
  });
});

describe('the plan', () => {
  it('pictures each route in the states that matter, and breaks the parameters of an error state', () => {
    expect(statesOf('/home', 'authenticated')).toEqual(['loaded', 'business', 'empty']);
    expect(statesOf('/cards/:accountId', 'cardDetail')).toEqual(['loaded', 'error']);
    expect(statesOf('/login', 'anonymous')).toEqual(['signed out']);
    expect(statesOf('/video-identity-job/:id', '')).toEqual(['error']);
    expect(brokenAddress('/identity-verification/:workflowRunId/:token')).toBe('/identity-verification/999999999/no-such-link');
    expect(routePattern('/cards/:accountId/load').test('/cards/12/load')).toBe(true);
    expect(routePattern('/cards/:accountId/load').test('/cards/12')).toBe(false);
  });

  it('pictures each listed value of a route (routeValues) as a page of its own, and a value not listed as the error', () => {
    expect(routesOf('mass-rail', '/transfer/mass/:rail', 'authenticated', { rail: { wire: {}, oct: { params: { transferType: 'creditCard' } } } })).toEqual([
      { id: 'mass-rail', route: '/transfer/mass/wire', guard: 'authenticated', states: ['loaded', 'business', 'empty'] },
      { id: 'mass-rail', route: '/transfer/mass/oct', guard: 'authenticated', states: ['loaded', 'business', 'empty'] },
      { id: 'mass-rail', route: '/transfer/mass/:rail', guard: 'authenticated', states: ['error'] },
    ]);
    expect(brokenAddress('/transfer/mass/:rail')).toBe('/transfer/mass/no-such-link');
    const planned = plannedScreens(repoRoot).map((screen) => `${screen.route} ${screen.states.join(',')}`);
    expect(planned).toContain('/transfer/mass/interac loaded,business,empty');
    expect(planned).toContain('/transfer/mass/:rail error');
  });
});

describe('layout shift', () => {
  it('is the largest session window: shifts under 1 s apart and within 5 s of the first', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
    expect(
      cumulativeLayoutShift([
        { value: 0.05, startTime: 100 },
        { value: 0.05, startTime: 900 },
        { value: 0.02, startTime: 3000 },
      ]),
    ).toBeCloseTo(0.1);
    const steady = Array.from({ length: 12 }, (_, i) => ({ value: 0.01, startTime: i * 600 }));
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.09);
  });
});

describe('the catalogue on a few routes', () => {
  let browser: Browser;
  const out = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('pictures them in every state and finds no raw key, validator text, regular expression or raw error', { timeout: 600_000 }, async () => {
    const result = await buildCatalogue({
      root: repoRoot,
      out,
      browser,
      routes: ['/login', '/company-selection', '/self-certification', '/auth/sei', '/identity-verification/:workflowRunId/:token'],
      cases: [
        { brand: 'paxum', language: 'en' },
        { brand: 'paxum', language: 'ru' },
      ],
      widths: [375],
      axe: true,
    });
    const offenders = result.offending.flatMap((shot) =>
      shot.offenders.map((o) => `${shot.brand}/${shot.language} ${shot.route} (${shot.state}): ${o.kind}: ${o.text}`),
    );
    expect(offenders).toEqual([]);
    expect(result.gaps).toEqual([]);
    const pictured = new Set(result.shots.map((shot) => `${shot.route} ${shot.state}`));
    expect([...pictured].sort()).toEqual([
      '/auth/sei loaded',
      '/auth/sei signed out',
      '/company-selection business',
      '/company-selection empty',
      '/company-selection loaded',
      '/identity-verification/:workflowRunId/:token error',
      '/login signed out',
      '/self-certification business',
      '/self-certification empty',
      '/self-certification loaded',
    ]);
    for (const shot of result.shots) expect(existsSync(path.join(out, shot.file))).toBe(true);
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(index).toContain('paxum/ru');
    expect(index).toContain('self-certification--business--375.png');
  });
});

describe('the catalogue in the dark theme', () => {
  let browser: Browser;
  const out = mkdtempSync(path.join(tmpdir(), 'catalogue-dark-'));
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('shows each brand its dark palette with no serious or critical axe violation and no offending text', { timeout: 600_000 }, async () => {
    const routes = [
      '/login',
      '/register/personal',
      '/cards',
      '/accounts',
      '/add-card',
      '/transfer/invoices',
      '/transfer/invoices/:invoiceId',
      '/video-identity-job/:id',
    ];
    const result = await buildCatalogue({
      root: repoRoot,
      out,
      browser,
      routes,
      cases: [
        { brand: 'aplus', language: 'es' },
        { brand: 'paxumbank', language: 'ru' },
      ],
      widths: [375],
      colorScheme: 'dark',
      axe: true,
    });
    const offenders = result.offending.flatMap((shot) =>
      shot.offenders.map((o) => `${shot.brand}/${shot.language} ${shot.route} (${shot.state}): ${o.kind}: ${o.text}`),
    );
    expect(offenders).toEqual([]);
    expect(result.gaps).toEqual([]);
    expect(new Set(result.shots.map((shot) => shot.colorScheme))).toEqual(new Set(['dark']));
    expect(new Set(result.shots.map((shot) => shot.route))).toEqual(new Set(routes));
    for (const shot of result.shots) expect(shot.file.startsWith(`${shot.brand}-${shot.language}-dark/`)).toBe(true);
  });
});
