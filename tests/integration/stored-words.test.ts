/**
 * Stored texts worded when read (issue 13, Words), against the real server on PGlite and PostgreSQL: a
 * card load keeps its card as a keyed text, so the history words the card's product in the reader's
 * language (and a row written before, converted by migration 0028, too); the profile names business
 * documents in Spanish; the news is shown in the reader's language when it is published in it; the approval queue names an own account by currency, kind and masked number,
 * never by its database id.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { up as cardLabels } from '../../server/db/migrations/0028_card_labels.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { writeLedgerTransaction } from '../../server/ledger/post-transaction.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

interface Account {
  accountId: number;
  currencyCode: string;
  type: number;
}

interface HistoryRow {
  transactionId: number;
  description: string;
  counterparty?: string;
}

for (const backend of BACKENDS) {
  describe(`stored texts worded when read on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    /** One RPC call as the application makes it, in `language` (its Accept-Language), or with none. */
    const call = async (tokens: Tokens, method: string, params: Record<string, unknown>, language?: string) =>
      (
        await client.post(
          `/api?method=${method}`,
          { method, ...params },
          { authorization: `Bearer ${tokens.accessToken}`, ...(language ? { 'accept-language': language } : {}) },
        )
      ).body;
    const accounts = async (tokens: Tokens): Promise<Account[]> => (await call(tokens, 'balanceInquiry', {})).accounts as Account[];
    const history = async (tokens: Tokens, accountId: number, language?: string): Promise<HistoryRow[]> =>
      (await call(tokens, 'transactionHistory', { accountId, pageSize: 100 }, language)).transactions as HistoryRow[];

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    it("shows a card load's card in Russian and Spanish in the history, its English without a language", async () => {
      const anna = await client.signIn(DEMO_LOGINS.personal);
      const eur = (await accounts(anna)).find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
      const load = (rows: HistoryRow[], pattern: RegExp) => rows.find((row) => pattern.test(row.description));

      const russian = load(await history(anna, eur.accountId, 'ru'), /^Пополнение карты: /);
      expect(russian).toMatchObject({
        description: expect.stringMatching(/^Пополнение карты: Виртуальная предоплаченная Mastercard •\d{4}$/),
        counterparty: expect.stringMatching(/^Виртуальная предоплаченная Mastercard •\d{4}$/),
      });
      const spanish = load(await history(anna, eur.accountId, 'es'), /^Recarga de tarjeta: /);
      expect(spanish?.description).toMatch(/^Recarga de tarjeta: Mastercard prepago virtual •\d{4}$/);
      const english = load(await history(anna, eur.accountId), /^Card load: /);
      expect(english?.description).toMatch(/^Card load: Virtual prepaid Mastercard •\d{4}$/);
      expect(english?.transactionId).toBe(russian?.transactionId);

      const details = await call(anna, 'transferDetails', { transactionId: russian!.transactionId }, 'ru');
      expect(details.transaction.description).toBe(russian!.description);
    });

    it("words the demo's top-up from the customer's own bank in the reader's language, as a real posting is", async () => {
      const anna = await client.signIn(DEMO_LOGINS.personal);
      const eur = (await accounts(anna)).find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
      const descriptions = async (language?: string) => new Set((await history(anna, eur.accountId, language)).map((row) => row.description));
      expect(await descriptions('es')).toContain('Recarga desde su propia cuenta bancaria');
      expect(await descriptions('es')).not.toContain('Top-up from own bank account');
      expect(await descriptions('ru')).toContain('Пополнение со своего банковского счёта');
      expect(await descriptions()).toContain('Top-up from own bank account');
    });

    it('words a card load written before the card was keyed, once migration 0028 has converted it', async () => {
      const anna = await client.signIn(DEMO_LOGINS.personal);
      const own = await accounts(anna);
      const eur = own.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
      const card = own.find((account) => account.currencyCode === 'EUR' && account.type !== 1001)!;
      // As the server wrote it before: the English product name inside the words, and as the counterparty.
      await test.server.db.transaction().execute((trx) =>
        writeLedgerTransaction(trx, {
          operationType: 'Transfer',
          description: 'Card load: Visa debit •4321',
          legs: [
            { accountId: eur.accountId, amount: -1n, counterparty: 'Visa debit •4321' },
            { accountId: card.accountId, amount: 1n, counterparty: 'EUR account' },
          ],
        }),
      );
      const written = (await history(anna, eur.accountId, 'ru'))[0]!;
      expect(written.description).toBe('Card load: Visa debit •4321');

      await cardLabels(test.server.db as unknown as Kysely<unknown>);
      const newest = (language?: string) => history(anna, eur.accountId, language).then((rows) => rows[0]!);
      expect(await newest('ru')).toMatchObject({ description: 'Пополнение карты: Дебетовая Visa •4321', counterparty: 'Дебетовая Visa •4321' });
      expect(await newest('es')).toMatchObject({ description: 'Recarga de tarjeta: Visa de débito •4321' });
      expect(await newest()).toMatchObject({ description: 'Card load: Visa debit •4321', counterparty: 'Visa debit •4321' });
    });

    it("names a business's documents in Spanish on the profile", async () => {
      const business = await client.signIn(DEMO_LOGINS.business);
      const spanish = (await call(business, 'documentsInquiry', {}, 'es')).documents as Array<{ documentTypeId: number; documentType: string }>;
      const named = (id: number) => spanish.find((document) => document.documentTypeId === id)?.documentType;
      expect(named(30)).toBe('Certificado de constitución');
      expect(named(31)).toBeDefined();
      expect(named(31)).not.toBe('Proof of business address');
      const english = (await call(business, 'documentsInquiry', {})).documents as Array<{ documentTypeId: number; documentType: string }>;
      expect(english.find((document) => document.documentTypeId === 30)?.documentType).toBe('Certificate of incorporation');
    });

    it("shows the news in the reader's language when it is published in it, as written otherwise", async () => {
      const anna = await client.signIn(DEMO_LOGINS.personal);
      type Listed = { id: number; title: string; summary: string };
      const list = async (language?: string) => (await call(anna, 'announcementList', {}, language)).announcements as Listed[];
      const english = await list();
      const terms = english.find((item) => item.title === 'Updated terms of the multi-currency account')!;
      const spanish = (await list('es')).find((item) => item.id === terms.id)!;
      expect(spanish.title).toBe('Nuevas condiciones de la cuenta multidivisa');
      const russian = await call(anna, 'announcementGet', { id: terms.id }, 'ru');
      expect(russian.announcement.title).toBe('Новые условия мультивалютного счёта');
      expect(russian.announcement.body).toContain('Ежемесячная плата за счёт не меняется.');
      expect(russian.announcement.body).not.toMatch(/Monthly account fee/);

      // One the bank wrote in English only is shown as written in every language.
      const [written] = await test.server.db
        .insertInto('announcements')
        .values({ title: 'Only in English', summary: 'Written once.', body: 'No translation.', audience: 'all' })
        .returning('id')
        .execute();
      expect((await list('ru')).find((item) => item.id === written!.id)).toMatchObject({ title: 'Only in English', summary: 'Written once.' });
    });

    it('names an own account in the approval queue by currency, kind and masked number, never its id', async () => {
      const clerk = await client.signIn(APPROVALS_DEMO_LOGIN);
      const approver = await client.signIn(DEMO_LOGINS.business);
      const own = await accounts(clerk);
      const usd = own.find((account) => account.currencyCode === 'USD')!;
      const eur = own.find((account) => account.currencyCode === 'EUR')!;
      const sent = await call(clerk, 'accountTransfer', { idempotencyKey: randomUUID(), fromAccount: eur.accountId, toAccount: usd.accountId, amount: '2.00' });
      expect(sent).toMatchObject({ responseCode: '00', status: 'awaitingApproval' });

      const requests = (await call(approver, 'transactionRequestList', {}, 'es')).requests as Array<{ transactionId: number; payee: string }>;
      const request = requests.find((candidate) => candidate.transactionId === sent.operationId)!;
      expect(request.payee).toBe(`USD · Pagos · ••\u00a0${String(usd.accountId).padStart(4, '0').slice(-4)}`);
      for (const { payee } of requests) expect(payee).not.toMatch(/account \d+|Account \d+/);
    });
  });
}
