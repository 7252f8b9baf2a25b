/**
 * The analyst's proofs (issue 12, item 4), in Chromium: a copy of the project whose schema, spec, brand and
 * wording files an analyst edits (no TypeScript), then codegen, the build and the server, all run from the
 * copy, and the change shows on the page: a history column, a brand, a field on the p2p transfer, a wizard step.
 *
 * Each proof is a case: `edit` changes files of the copy through `analyst.edit` (which refuses anything
 * but schemas/, screens/, brands/ and locales/), and its tests look at the running copy. Every case's edits go into
 * the one copy, built once, because a build is the slow part. A new proof adds a case with its tests.
 *
 * Already proven elsewhere: a profile field rendered, checked by browser and server and stored
 * (tests/integration/analyst.test.tsx).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { launchChromium } from '../support/browser.ts';
import { signedInPage } from '../support/pages.ts';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.ts';

/** The only folders an analyst's proof may edit: schemas, screen specs, brands and their wording. */
const ANALYST_FOLDERS = /^(schemas|screens|brands|locales)\//;

/** A copy of the project at `root`: the files git tracks, with the project's node_modules linked in. */
class AnalystCopy {
  readonly root = mkdtempSync(path.join(tmpdir(), 'analyst-proof-'));
  private readonly edited = new Set<string>();

  constructor() {
    const files = spawnSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
    // node_modules is linked below, never copied (a worktree's link to it may be tracked by mistake).
    for (const file of files.filter((name) => name !== 'node_modules')) {
      mkdirSync(path.dirname(path.join(this.root, file)), { recursive: true });
      copyFileSync(path.join(repoRoot, file), path.join(this.root, file));
    }
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(this.root, 'node_modules'));
  }

  /** Rewrites one file of the copy as an analyst would; a file outside schemas/, screens/ and brands/ is refused. */
  edit(file: string, change: (text: string) => string): void {
    if (!ANALYST_FOLDERS.test(file) || /\.tsx?$/.test(file))
      throw new Error(`An analyst's proof edits schemas/, screens/, brands/ and locales/ only, not ${file}`);
    const absolute = path.join(this.root, file);
    const before = readFileSync(absolute, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`The edit of ${file} changed nothing: its anchor is stale`);
    writeFileSync(absolute, after);
    this.edited.add(file);
  }

  /** Copies a folder of the copy to a new name, as an analyst starts a brand from another. */
  copyFolder(from: string, to: string): void {
    if (!ANALYST_FOLDERS.test(`${to}/`)) throw new Error(`An analyst's proof adds folders under schemas/, screens/, brands/ and locales/ only, not ${to}`);
    cpSync(path.join(this.root, from), path.join(this.root, to), { recursive: true });
    this.edited.add(`${to}/`);
  }

  /** The files edited, for the record. */
  editedFiles(): string[] {
    return [...this.edited].sort();
  }

  /** Runs a command in the copy, failing with its output. */
  run(command: string, args: string[]): void {
    const result = spawnSync(command, args, { cwd: this.root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in the copy:\n${result.stdout}\n${result.stderr}`);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A proof: what the analyst edits, and (as tests below) what then shows. */
interface AnalystCase {
  name: string;
  edit: (copy: AnalystCopy) => void;
}

/** (a) History's lines get a value the answer already carries: the account of each transaction, beside its time. */
const historyColumn: AnalystCase = {
  name: 'a new column in history',
  edit: (copy) =>
    copy.edit('screens/history.yaml', (yaml) =>
      yaml
        .replace('    - field: description\n', '    - field: accountId\n      label: history.fields.accountId\n    - field: description\n')
        .replace('    meta: transactionDate\n', '    meta: [transactionDate, accountId]\n'),
    ),
};

/** (b) A new brand folder, copied from another with its own name and colour. */
const NEW_BRAND = { id: 'northwind', projectName: 'Northwind Pay', colorPrimary: '#7a1fa2' };
const newBrand: AnalystCase = {
  name: 'a new brand folder',
  edit: (copy) => {
    copy.copyFolder('brands/paxum', `brands/${NEW_BRAND.id}`);
    copy.edit(`brands/${NEW_BRAND.id}/brand.json`, (json) => {
      const brand = JSON.parse(json);
      brand.id = NEW_BRAND.id;
      brand.projectName = NEW_BRAND.projectName;
      brand.theme.colorPrimary = NEW_BRAND.colorPrimary;
      return `${JSON.stringify(brand, null, 2)}\n`;
    });
  },
};

/** (d) The self-certification wizard gets a step of its own: an occupation, between the US questions and the residencies. */
const OCCUPATION = { title: 'Your occupation', label: 'Occupation' };
const wizardStep: AnalystCase = {
  name: 'a new step in a wizard',
  edit: (copy) => {
    copy.edit('schemas/entities/verification.schema.json', (json) => {
      const schema = JSON.parse(json);
      schema.$defs.FatcaCrsCertification.properties.occupation = { type: 'string', title: OCCUPATION.label, minLength: 2, maxLength: 60 };
      return `${JSON.stringify(schema, null, 2)}\n`;
    });
    copy.edit('screens/self-certification.yaml', (yaml) =>
      yaml.replace(
        '    - id: residencies\n',
        '    - id: occupation\n      title: verification.fatca.occupation\n      fields: [occupation]\n    - id: residencies\n',
      ),
    );
    copy.edit('locales/en/verification.json', (json) => {
      const texts = JSON.parse(json);
      texts.verification.fatca.occupation = OCCUPATION.title;
      return `${JSON.stringify(texts, null, 2)}\n`;
    });
  },
};

/**
 * (c) The p2p transfer gets an optional purpose of payment, chosen from a list, and a short purpose text the
 * browser checks (at least 5 characters); both are declared in the request and in the transaction details,
 * listed in the p2p form and the details screen, and worded in English. The server keeps them with the
 * transfer (its attributes) and answers them in the details.
 */
const PURPOSE = {
  label: 'Purpose of payment',
  noteLabel: 'Purpose details',
  values: { family: 'Family support', rent: 'Rent', gift: 'Gift', services: 'Services' },
};
const purposeField: AnalystCase = {
  name: 'a field on the p2p transfer',
  edit: (copy) => {
    const purpose = { type: 'string', enum: Object.keys(PURPOSE.values), title: PURPOSE.label };
    const purposeNote = { type: 'string', minLength: 5, maxLength: 60, title: PURPOSE.noteLabel };
    copy.edit('schemas/api/methods/p2pTransfer.json', (json) => {
      const method = JSON.parse(json);
      Object.assign(method.request.properties, { purposeOfPayment: purpose, purposeNote });
      return `${JSON.stringify(method, null, 2)}\n`;
    });
    copy.edit('schemas/entities/transaction-details.schema.json', (json) => {
      const entity = JSON.parse(json);
      Object.assign(entity.properties, { purposeOfPayment: purpose, purposeNote });
      return `${JSON.stringify(entity, null, 2)}\n`;
    });
    copy.edit('screens/transfer-p2p.yaml', (yaml) =>
      yaml.replace(
        'fields: [accountId, currency, amount, toEmail, note, reference, templateName]',
        'fields: [accountId, currency, amount, toEmail, note, reference, purposeOfPayment, purposeNote, templateName]',
      ),
    );
    copy.edit('screens/history-details.yaml', (yaml) =>
      yaml.replace(
        '    - { field: reference, label: history.fields.reference }\n',
        '    - { field: reference, label: history.fields.reference }\n    - { field: purposeOfPayment, label: history.fields.purposeOfPayment }\n    - { field: purposeNote, label: history.fields.purposeNote }\n',
      ),
    );
    copy.edit('locales/en/history.json', (json) => {
      const texts = JSON.parse(json);
      Object.assign(texts.history.fields, { purposeOfPayment: PURPOSE.label, purposeNote: PURPOSE.noteLabel });
      texts.enums.purposeOfPayment = PURPOSE.values;
      return `${JSON.stringify(texts, null, 2)}\n`;
    });
  },
};

const ANNA_PHONE = '447700900123';

/** The newest second-factor code sent to Anna by the sandbox, after the message numbered `after`. */
async function smsCode(after: number): Promise<string> {
  const answer = await fetch(`${server.url}/sandbox/outbox/messages?${new URLSearchParams({ to: ANNA_PHONE, purpose: 'transferConfirmation' })}`);
  const [latest] = ((await answer.json()) as { messages: Array<{ id: number; body: string }> }).messages;
  return latest && latest.id !== after ? (/^([0-9]{6}) is your code/.exec(latest.body)?.[1] ?? '') : '';
}
const lastSmsId = async (): Promise<number> => {
  const answer = await fetch(`${server.url}/sandbox/outbox/messages?${new URLSearchParams({ to: ANNA_PHONE, purpose: 'transferConfirmation' })}`);
  return ((await answer.json()) as { messages: Array<{ id: number }> }).messages[0]?.id ?? 0;
};

const cases: AnalystCase[] = [historyColumn, newBrand, purposeField, wizardStep];

let copy: AnalystCopy;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  copy = new AnalystCopy();
  for (const proof of cases) proof.edit(copy);
  copy.run('npx', ['tsx', 'codegen/run.ts']);
  copy.run('npx', ['vite', 'build', '--logLevel', 'warn']);
  server = await startServer({ BRAND: NEW_BRAND.id }, { root: copy.root });
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  copy?.remove();
});

describe("the analyst's proofs", () => {
  it("edited only schema, spec, brand and wording files; every TypeScript file of the copy is the project's own", () => {
    expect(copy.editedFiles()).toEqual([
      `brands/${NEW_BRAND.id}/`,
      `brands/${NEW_BRAND.id}/brand.json`,
      'locales/en/history.json',
      'locales/en/verification.json',
      'schemas/api/methods/p2pTransfer.json',
      'schemas/entities/transaction-details.schema.json',
      'schemas/entities/verification.schema.json',
      'screens/history-details.yaml',
      'screens/history.yaml',
      'screens/self-certification.yaml',
      'screens/transfer-p2p.yaml',
    ]);
    const sources = spawnSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: repoRoot, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    expect(sources.length).toBeGreaterThan(100);
    const changed = sources.filter((file) => !readFileSync(path.join(copy.root, file)).equals(readFileSync(path.join(repoRoot, file))));
    expect(changed).toEqual([]);
  });

  describe(historyColumn.name, () => {
    it('shows the account of every transaction on its line', async () => {
      expect(readFileSync(path.join(repoRoot, 'screens/history.yaml'), 'utf8')).not.toContain('field: accountId');
      const api = await signIn(server.url, 'personal@example.com');
      const accountIds = new Set((await api.call('balanceInquiry', {})).accounts.map((account: { accountId: number }) => String(account.accountId)));
      const page = await signedInPage(browser, server.url, 'personal@example.com');
      await page.goto(`${server.url}/history`);
      // Real lines, not the placeholders a loading list shows.
      const lines = page.locator('main .eng-row-list__item:not(.eng-skeleton *)');
      await expect.poll(() => lines.count()).toBeGreaterThan(1);
      // Each line's small values are its time, then its account: ids are numbers, which the list groups
      // by the locale's way ("1,001"): compare the digits.
      const cells = await lines.evaluateAll((items) => items.map((item) => item.querySelectorAll('.eng-row-list__meta')[1]?.textContent ?? ''));
      const digits = cells.map((text) => text.replace(/\D/g, ''));
      expect(
        digits.every((cell) => accountIds.has(cell)),
        `${digits.join(', ')} are not all of ${[...accountIds].join(', ')}`,
      ).toBe(true);
      await page.context().close();
    });
  });

  describe(newBrand.name, () => {
    it('dresses the application in the new brand: its name in the title, its colour on the primary button', async () => {
      const page = await browser.newPage();
      await page.goto(`${server.url}/login`);
      await page.locator('form button[type="submit"]').waitFor();
      expect(await page.locator('meta[name="brand"]').getAttribute('content')).toBe(NEW_BRAND.id);
      await expect.poll(() => page.title()).toBe(`Sign in · ${NEW_BRAND.projectName}`);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())).toBe(NEW_BRAND.colorPrimary);
      expect(await page.locator('form button[type="submit"]').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(122, 31, 162)');
      await page.close();
    });
  });

  describe(purposeField.name, () => {
    it('renders the fields; the browser and the server refuse what the schema refuses, on its field', async () => {
      expect(readFileSync(path.join(repoRoot, 'schemas/api/methods/p2pTransfer.json'), 'utf8')).not.toContain('purposeOfPayment');
      const page = await signedInPage(browser, server.url, 'personal@example.com');
      await page.goto(`${server.url}/transfer/p2p`);
      const purpose = page.getByLabel(PURPOSE.label, { exact: true });
      await purpose.waitFor();
      expect(await purpose.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(Object.values(PURPOSE.values)));
      await page.getByLabel("Recipient's e-mail").fill('business@example.com');
      await page.getByLabel('Amount (USD)').fill('1.00');
      await page.getByLabel(PURPOSE.noteLabel, { exact: true }).fill('abc');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('Enter at least 5 characters.').waitFor();
      expect(await page.getByRole('dialog', { name: 'Confirm the transfer' }).count()).toBe(0);
      await page.context().close();

      const api = await signIn(server.url, 'personal@example.com');
      const usd = (await api.call('balanceInquiry', {})).accounts.find(
        (account: { currencyCode: string; type: number }) => account.currencyCode === 'USD' && account.type === 1001,
      );
      const send = (extra: Record<string, unknown>) =>
        api.call('p2pTransfer', { idempotencyKey: crypto.randomUUID(), accountId: usd.accountId, amount: '1.00', toEmail: 'business@example.com', ...extra });
      const shortNote = await send({ purposeNote: 'abc' });
      expect(shortNote.responseCode).toBe('TA1');
      expect(shortNote.validationErrors).toEqual([{ field: 'purposeNote', description: expect.stringMatching(/fewer than 5 characters/) }]);
      const unknownPurpose = await send({ purposeOfPayment: 'bribe' });
      expect(unknownPurpose.responseCode).toBe('TA1');
      expect(unknownPurpose.validationErrors).toEqual([
        { field: 'purposeOfPayment', description: `must be one of: ${Object.keys(PURPOSE.values).join(', ')}` },
      ]);
    });

    it("stores the chosen purpose with the transfer and shows it in the transfer's details", async () => {
      const note = `Flat share ${Date.now()}`;
      const before = await lastSmsId();
      const page = await signedInPage(browser, server.url, 'personal@example.com');
      await page.goto(`${server.url}/transfer/p2p`);
      const main = page.locator('main');
      await page.getByLabel(PURPOSE.label, { exact: true }).selectOption({ label: PURPOSE.values.rent });
      await page.getByLabel("Recipient's e-mail").fill('business@example.com');
      await main.getByText('This person has an account').waitFor();
      await page.getByLabel('Amount (USD)').fill('2.00');
      await page.getByLabel('Note').fill(note);
      await page.getByLabel(PURPOSE.noteLabel, { exact: true }).fill('March, flat 4B');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByRole('dialog', { name: 'Check and confirm' }).getByRole('button', { name: 'Send', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm the transfer' });
      await dialog.waitFor();
      let code = '';
      await expect.poll(async () => (code = await smsCode(before)), { timeout: 15_000 }).toMatch(/^[0-9]{6}$/);
      await dialog.getByLabel('Confirmation code').fill(code);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('alertdialog', { name: 'Transfer sent' }).waitFor();

      await page.goto(`${server.url}/history`);
      await main.getByText(note).first().click();
      await page.getByRole('heading', { name: 'Transaction details', level: 1 }).waitFor();
      await main.getByText(PURPOSE.label, { exact: true }).waitFor();
      // Worded by the locale's enums.purposeOfPayment, not the stored value.
      expect(await main.locator('dd[data-field="purposeOfPayment"]').innerText()).toBe(PURPOSE.values.rent);
      expect(await main.locator('dd[data-field="purposeNote"]').innerText()).toBe('March, flat 4B');
      expect(await main.locator('dd[data-field="note"]').innerText()).toBe(note);
      await page.context().close();
    });
  });
  describe(wizardStep.name, () => {
    it('shows the step between the others, refuses a value its schema refuses, and carries the answer to the review', async () => {
      const page = await signedInPage(browser, server.url, 'unverified@example.com');
      await page.goto(`${server.url}/self-certification`);
      await page.getByRole('heading', { name: /Step 1 of 5/ }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: new RegExp(`Step 2 of 5.*${OCCUPATION.title}`) }).waitFor();
      const occupation = page.getByRole('textbox', { name: OCCUPATION.label });
      await occupation.fill('A');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Enter at least 2 characters.').waitFor();
      await occupation.fill('Airline pilot');
      // Leaving the field first, as a keyboard user does: the message goes, and Next stays where it is clicked.
      await occupation.press('Tab');
      await page.getByText('Enter at least 2 characters.').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Next' }).click();
      const residency = page.locator('[data-item="0"]');
      await residency.locator('select').selectOption('PT');
      await residency.getByLabel('Tax identification number').fill('123456789');
      await residency.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('[data-step="occupation"]', { hasText: 'Airline pilot' }).waitFor();
      await page.context().close();
    });
  });
});
