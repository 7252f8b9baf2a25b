/**
 * A virtual card order confirmed by several calls at once (a double click, a retry racing its first
 * attempt, two tabs) issues one card and charges its fees once. cardConfirm is money-moving: the same
 * idempotency key answers the first call's outcome (or "still processing" while it runs), never a
 * second charge; different keys find the order confirmed (or being confirmed) and are refused. On
 * PGlite, on PostgreSQL and on two server processes sharing one PostgreSQL, where the calls really run
 * side by side.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startDeployment, TWO_PROCESSES, type TestDeployment } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

const CALLS = 6;

interface ConfirmAnswer {
  responseCode: string;
  responseDescription?: string;
  pinCode?: string;
  card?: { cardId: number; cardStatusId: number; maskedCardNumber?: string };
}

for (const backend of [...BACKENDS, TWO_PROCESSES]) {
  describe(`concurrent confirmations of a virtual card order on ${backend.name}`, () => {
    let test: TestDeployment;
    let client: ApiClient;
    let tokens: Tokens;
    let eur: number;
    const db = () => test.server.db;

    beforeAll(async () => {
      test = await startDeployment(backend);
      client = new ApiClient(test.url);
      const { customerId, email } = await createPersonalCustomer(db(), 'Orla');
      eur = await openAccount(db(), customerId, 'EUR');
      await fund(db(), eur, 500_00n);
      tokens = await client.signIn(email, TEST_PASSWORD);
    });
    afterAll(() => test?.close());

    const rpc = async <T>(method: string, params: object) => (await client.rpc<T>(method, params, { token: tokens.accessToken })).body;

    /** A virtual EUR card applied for (submitted), and what its confirmation will charge. */
    async function order() {
      const applied = await rpc<{ responseCode: string; cardId: number; accountId: number }>('cardApply', {
        productType: 2006,
        currencyCode: 'EUR',
        settlementAccountId: eur,
      });
      expect(applied.responseCode).toBe('00');
      const quote = await rpc<{ feeTotal: string }>('cardActivationQuote', { accountId: applied.accountId, feeAccountId: eur });
      return { ...applied, fees: BigInt(quote.feeTotal.replace('.', '')) };
    }

    /** What moved and what exists: the paying account's balance, fee transactions, cards issued by the processor. */
    async function counts(accountId: number) {
      const balance = (await db().selectFrom('accounts').select('balance').where('id', '=', eur).executeTakeFirstOrThrow()).balance;
      const fees = await db().selectFrom('ledger_transactions').select('id').where('operation_type', '=', 'Fees').execute();
      const issued = await db().selectFrom('sandbox_card_vault').select('processor_ref').execute();
      const cards = await db().selectFrom('cards').select(['id', 'status_id', 'role', 'processor_ref']).where('account_id', '=', accountId).execute();
      return { balance: BigInt(balance), fees: fees.length, issued: issued.length, cards };
    }

    /** Once the burst is over: one card, active, issued once, its fees charged once, the ledger whole. */
    async function expectOneOrder(accountId: number, fees: bigint, before: Awaited<ReturnType<typeof counts>>) {
      const after = await counts(accountId);
      expect(after.cards).toHaveLength(1);
      expect(after.cards[0]).toMatchObject({ role: 'current', status_id: 2 });
      expect(after.issued - before.issued).toBe(1);
      expect(after.fees - before.fees).toBe(1);
      expect(before.balance - after.balance).toBe(fees);
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    }

    it(`${CALLS} confirmations with the same idempotency key: one card, one charge, the PIN answered once`, async () => {
      const { cardId, accountId, fees } = await order();
      const before = await counts(accountId);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: CALLS }, () => rpc<ConfirmAnswer>('cardConfirm', { idempotencyKey: key, cardId })));
      // The first call's answer, or "still processing" (AE) for a retry that came while it ran: never a refusal.
      expect(answers.map((answer) => answer.responseCode).filter((code) => code !== '00' && code !== 'AE')).toEqual([]);
      const answered = answers.filter((answer) => answer.responseCode === '00');
      expect(answered.length).toBeGreaterThanOrEqual(1);
      expect(new Set(answered.map((answer) => answer.card!.cardId))).toEqual(new Set([cardId]));
      expect(answered.every((answer) => answer.card!.cardStatusId === 2)).toBe(true);
      expect(answers.filter((answer) => answer.pinCode !== undefined)).toHaveLength(1);
      await expectOneOrder(accountId, fees, before);
      // Asked again once the burst is over, the key answers the same card, without the PIN, and charges nothing.
      const replay = await rpc<ConfirmAnswer>('cardConfirm', { idempotencyKey: key, cardId });
      expect(replay).toMatchObject({ responseCode: '00', card: { cardId, cardStatusId: 2 } });
      expect(replay.pinCode).toBeUndefined();
      await expectOneOrder(accountId, fees, before);
    });

    it(`${CALLS} confirmations with different idempotency keys: one is confirmed, the others are refused, one charge`, async () => {
      const { cardId, accountId, fees } = await order();
      const before = await counts(accountId);
      const answers = await Promise.all(Array.from({ length: CALLS }, () => rpc<ConfirmAnswer>('cardConfirm', { idempotencyKey: randomUUID(), cardId })));
      const answered = answers.filter((answer) => answer.responseCode === '00');
      expect(answered).toHaveLength(1);
      expect(answered[0]).toMatchObject({ card: { cardId, cardStatusId: 2 } });
      expect(answered[0]!.pinCode).toMatch(/^[0-9]{4}$/);
      // The others are told, in words, that the order is confirmed already (or being confirmed): never a 500.
      const refused = answers.filter((answer) => answer.responseCode !== '00');
      expect(refused.map((answer) => answer.responseCode)).toEqual(Array.from({ length: CALLS - 1 }, () => 'TA1'));
      for (const answer of refused) expect(answer.responseDescription).toMatch(/already been confirmed|being activated already|already active/);
      expect(refused.every((answer) => answer.pinCode === undefined)).toBe(true);
      await expectOneOrder(accountId, fees, before);
    });
  });
}
