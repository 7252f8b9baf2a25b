/**
 * Limits hold under concurrency (issue 11, item 1): a customer a little under a limit sends twenty
 * transfers at once, and what is held or sent never passes the limit, for every kind of transfer
 * (account, p2p, invoice, card load): exactly as many as fit are accepted, the others are refused
 * with TA1 on the amount, never a 500. The earlier transfers of the day are completed (posted) and
 * the burst waits for its code (held; a move between one's own accounts asks for none and
 * completes), so both count. The monthly limit is proved the same way, and the
 * single-transfer limit of each kind. On PostgreSQL the requests really run side by side; the check
 * locks the customer before it reads what was sent (`checkTransferLimits`).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinorUnits, toMinorUnits } from '../../server/ledger/money.ts';
import { transferLimits } from '../../server/pricing/pricing.ts';
import { pruneLimitUsage } from '../../server/transfers/limits.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startDeployment, TWO_PROCESSES, type TestDeployment } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

const BURST = 20;
/** Approval mode 4: a code by e-mail confirms each transfer, so an accepted transfer stays held. */
const CODE_BY_EMAIL = 4;

interface Payer {
  customerId: number;
  usd: number;
  eur: number;
  tokens: Tokens;
}
interface Answer {
  responseCode: string;
  status?: string;
  card?: { cardStatusId: number };
  validationErrors?: Array<{ field: string; description: string }>;
}
/** One kind of transfer: `prepare` does whatever must exist first (an invoice) and answers the call that sends `amount`. */
interface Kind {
  kind: string;
  method: string;
  /** False for moves between one's own accounts, which need no second factor and complete at once. */
  asksForCode: boolean;
  prepare(from: Payer, amount: string): Promise<() => Promise<Answer>>;
}

const major = (minor: bigint) => formatMinorUnits(minor, 2);
/** Dollars as the refusals write them in English ('$50,000.00'). */
const dollars = (minor: bigint) => Number(major(minor)).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

for (const backend of [...BACKENDS, TWO_PROCESSES]) {
  describe(`limits under concurrency on ${backend.name}`, () => {
    let test: TestDeployment;
    let client: ApiClient;
    /** Someone to pay and to send invoices: a customer with a USD account, signed in. */
    let payee: { email: string; tokens: Tokens };

    beforeAll(async () => {
      test = await startDeployment(backend, { schedulerIntervalMs: 0 });
      client = new ApiClient(test.url);
      const created = await createPersonalCustomer(test.server.db, 'payee');
      await openAccount(test.server.db, created.customerId, 'USD');
      payee = { email: created.email, tokens: await client.signIn(created.email, TEST_PASSWORD) };
    });
    afterAll(() => test?.close());

    const rpc = async (method: string, params: object, tokens: Tokens): Promise<Answer> =>
      (await client.rpc(method, params, { token: tokens.accessToken })).body;

    /** A fresh payer with 150,000.00 USD and an empty EUR account, signed in; transfers complete at once until `holdFromNowOn`. */
    const newPayer = async (name: string): Promise<Payer> => {
      const db = test.server.db;
      const { customerId, email } = await createPersonalCustomer(db, name);
      const usd = await openAccount(db, customerId, 'USD');
      const eur = await openAccount(db, customerId, 'EUR');
      await fund(db, usd, 150_000_00n);
      return { customerId, usd, eur, tokens: await client.signIn(email, TEST_PASSWORD) };
    };
    const holdFromNowOn = (from: Payer) =>
      test.server.db.updateTable('customers').set({ transaction_approve_mode: CODE_BY_EMAIL }).where('id', '=', from.customerId).execute();

    /** What the test itself counts as sent since `since`: every transfer of the kind not declined, canceled or failed, by status. */
    const sentSince = async (customerId: number, kind: string, since: Date) => {
      const rows = await test.server.db
        .selectFrom('transfers')
        .select(['status', 'amount'])
        .where('customer_id', '=', customerId)
        .where('kind', '=', kind)
        .where('status', 'not in', ['declined', 'canceled', 'failed'])
        .where('created_at', '>=', since)
        .execute();
      const sum = (status?: string) => rows.filter((row) => !status || row.status === status).reduce((total, row) => total + BigInt(row.amount), 0n);
      return { total: sum(), held: sum('awaitingConfirmation'), completed: sum('completed') };
    };
    const startOfTodayUtc = () => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    };

    /** Sends `total` in transfers the single limit allows, each completed at once; `after` runs after each (to move it to another day). */
    const fill = async (kind: Kind, from: Payer, total: bigint, after?: () => Promise<void>) => {
      const { perTransactionMax } = transferLimits(kind.kind, 2);
      for (let left = total; left > 0n;) {
        const step = left > perTransactionMax ? perTransactionMax : left;
        const send = await kind.prepare(from, major(step));
        expect(await send(), `${kind.method} of ${major(step)} to fill the limit`).toMatchObject({ responseCode: '00', status: 'completed' });
        await after?.();
        left -= step;
      }
    };

    /** Prepares BURST transfers of `amount`, then sends them all at once. */
    const burst = async (kind: Kind, from: Payer, amount: string) => {
      const sends = [];
      for (let i = 0; i < BURST; i += 1) sends.push(await kind.prepare(from, amount));
      const answers = await Promise.all(sends.map((send) => send()));
      return {
        answers,
        accepted: answers.filter((answer) => answer.responseCode === '00'),
        refused: answers.filter((answer) => answer.responseCode === 'TA1'),
      };
    };

    const kinds: Kind[] = [
      {
        kind: 'account',
        asksForCode: false,
        method: 'accountTransfer',
        prepare: async (from, amount) => () =>
          rpc('accountTransfer', { idempotencyKey: randomUUID(), fromAccount: from.usd, toAccount: from.eur, amount }, from.tokens),
      },
      {
        kind: 'p2p',
        asksForCode: true,
        method: 'p2pTransfer',
        prepare: async (from, amount) => () =>
          rpc('p2pTransfer', { idempotencyKey: randomUUID(), accountId: from.usd, amount, toEmail: payee.email }, from.tokens),
      },
      {
        kind: 'invoice',
        asksForCode: true,
        method: 'invoicePay',
        prepare: async (from, amount) => {
          const payerEmail = (await test.server.db.selectFrom('users').select('email').where('customer_id', '=', from.customerId).executeTakeFirstOrThrow())
            .email;
          const created = (await client.rpc('invoiceCreate', { toEmail: payerEmail, amount, currency: 'USD' }, { token: payee.tokens.accessToken })).body;
          expect(created.responseCode, JSON.stringify(created)).toBe('00');
          return () => rpc('invoicePay', { idempotencyKey: randomUUID(), invoiceId: created.invoiceId, accountId: from.usd }, from.tokens);
        },
      },
      {
        kind: 'cardLoad',
        asksForCode: true,
        method: 'cardLoad',
        prepare: async (from, amount) => {
          const cardAccount = (cardOf[from.customerId] ??= activeCard(from));
          const accountId = await cardAccount;
          return () => rpc('cardLoad', { idempotencyKey: randomUUID(), accountId, fromAccountId: from.usd, amount }, from.tokens);
        },
      },
    ];
    const cardOf: Record<number, Promise<number>> = {};
    /** A virtual USD card applied for and confirmed, active with its order (its fees paid from the USD account): its account id. */
    const activeCard = async (from: Payer): Promise<number> => {
      const applied = (
        await client.rpc('cardApply', { productType: 2006, currencyCode: 'USD', settlementAccountId: from.usd }, { token: from.tokens.accessToken })
      ).body;
      expect(applied.responseCode, JSON.stringify(applied)).toBe('00');
      const confirmed = await rpc('cardConfirm', { idempotencyKey: randomUUID(), cardId: applied.cardId }, from.tokens);
      expect(confirmed.responseCode, JSON.stringify(confirmed)).toBe('00');
      expect(confirmed.card?.cardStatusId).toBe(2);
      return applied.accountId;
    };

    /**
     * Where each kind's burst starts: what is left of today's limit and what each of the burst asks
     * for. p2p and invoices replay the attack of issue 11 (23,663.60 USD left, 2,000.10 each).
     */
    const edges: Record<string, { left: string; each: string }> = {
      account: { left: '23663.60', each: '2000.10' },
      p2p: { left: '23663.60', each: '2000.10' },
      invoice: { left: '23663.60', each: '2000.10' },
      cardLoad: { left: '2663.60', each: '200.10' },
    };

    for (const kind of kinds) {
      it(`never lets ${BURST} concurrent ${kind.method} calls pass the ${kind.kind} daily limit`, async () => {
        const from = await newPayer(`limit-${kind.kind}`);
        const { perTransactionMax, dailyMax } = transferLimits(kind.kind, 2);
        const left = toMinorUnits(edges[kind.kind]!.left, 2);
        const each = toMinorUnits(edges[kind.kind]!.each, 2);

        // The single-transfer limit, for the kinds whose amount the payer chooses (an invoice cannot ask for more).
        if (kind.kind !== 'invoice') {
          const tooMuch = await (await kind.prepare(from, major(perTransactionMax + 1n)))();
          expect(tooMuch).toMatchObject({
            responseCode: 'TA1',
            validationErrors: [{ field: 'amount', description: `The most you can send at once is ${dollars(perTransactionMax)}.` }],
          });
        }

        await fill(kind, from, dailyMax - left);
        await holdFromNowOn(from);
        const { answers, accepted, refused } = await burst(kind, from, major(each));
        const sent = await sentSince(from.customerId, kind.kind, startOfTodayUtc());
        const fits = Number(left / each);
        console.log(
          `[${backend.name}] ${kind.method}: ${BURST} sent at once with ${major(left)} of ${major(dailyMax)} USD left today: ${accepted.length} accepted, ${refused.length} refused; ` +
            `today ${major(sent.total)} of ${major(dailyMax)} USD (completed ${major(sent.completed)}, held ${major(sent.held)})`,
        );
        expect(answers.map((answer) => answer.responseCode).sort()).toEqual([...Array(fits).fill('00'), ...Array(BURST - fits).fill('TA1')]);
        for (const answer of accepted) expect(answer.status).toBe(kind.asksForCode ? 'awaitingConfirmation' : 'completed');
        for (const answer of refused) {
          expect(answer.validationErrors).toEqual([
            { field: 'amount', description: expect.stringMatching(/^This is over your daily limit of \$[0-9,.]+: you can send \$[0-9,.]+ more today\.$/) },
          ]);
        }
        expect(sent.total).toBeLessThanOrEqual(dailyMax);
        const burstTotal = each * BigInt(fits);
        expect(sent).toEqual({
          total: dailyMax - left + burstTotal,
          completed: dailyMax - left + (kind.asksForCode ? 0n : burstTotal),
          held: kind.asksForCode ? burstTotal : 0n,
        });
      });
    }

    // Earlier days of this month exist only from the 2nd (UTC): on the 1st the month is today, and the daily limit is the stricter.
    it.skipIf(new Date().getUTCDate() === 1)(`never lets ${BURST} concurrent p2pTransfer calls pass the p2p monthly limit`, async () => {
      const kind = kinds.find((k) => k.kind === 'p2p')!;
      const from = await newPayer('limit-monthly');
      const { dailyMax, monthlyMax } = transferLimits('p2p', 2);
      const left = toMinorUnits('3663.60', 2);
      const each = toMinorUnits('600.10', 2);
      // Each filler is moved to the first moment of the month, so the month fills while today stays empty.
      const toStartOfMonth = async () => {
        // Raw SQL: the schema types keep created_at out of updates, as the server never moves it.
        await sql`update transfers set created_at = date_trunc('month', now() at time zone 'utc') at time zone 'utc' where customer_id = ${from.customerId}`.execute(
          test.server.db,
        );
      };
      await fill(kind, from, monthlyMax - left, toStartOfMonth);
      await holdFromNowOn(from);
      const { answers, accepted, refused } = await burst(kind, from, major(each));
      const now = new Date();
      const month = await sentSince(from.customerId, 'p2p', new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
      const today = await sentSince(from.customerId, 'p2p', startOfTodayUtc());
      const fits = Number(left / each);
      console.log(
        `[${backend.name}] p2pTransfer monthly: ${BURST} sent at once with ${major(left)} of ${major(monthlyMax)} USD left this month: ${accepted.length} accepted, ${refused.length} refused; ` +
          `month ${major(month.total)} of ${major(monthlyMax)} USD, today ${major(today.total)} of ${major(dailyMax)} USD`,
      );
      expect(answers.map((answer) => answer.responseCode).sort()).toEqual([...Array(fits).fill('00'), ...Array(BURST - fits).fill('TA1')]);
      for (const answer of refused) {
        expect(answer.validationErrors).toEqual([
          {
            field: 'amount',
            description: `This is over your monthly limit of ${dollars(monthlyMax)}: you can send ${dollars(left - each * BigInt(fits))} more this month.`,
          },
        ]);
      }
      expect(month.total).toBeLessThanOrEqual(monthlyMax);
      expect(month.total).toBe(monthlyMax - left + each * BigInt(fits));
      expect(today.total).toBe(each * BigInt(fits));
      // The lookup the screens ask shows the same: what is left today is what is left of the month.
      const limits = await client.rpc('customerLimits', { type: 'p2p', fromAccountId: from.usd }, { token: from.tokens.accessToken });
      const remaining = major(left - each * BigInt(fits));
      expect(limits.body).toMatchObject({
        responseCode: '00',
        monthlyMax: major(monthlyMax),
        monthlyUsed: major(month.total),
        monthlyLeft: remaining,
        dailyUsed: major(today.total),
        dailyLeft: remaining,
      });
    });

    // What was sent is kept as daily sums (migration 0068): a cancel must free its amount, and a transfer moved to another day counts there.
    it('frees what a canceled transfer held of the limits, and counts a transfer on the day it was made', async () => {
      const from = await newPayer('limit-cancel');
      await holdFromNowOn(from);
      const send = (amount: string) => rpc('p2pTransfer', { idempotencyKey: randomUUID(), accountId: from.usd, amount, toEmail: payee.email }, from.tokens);
      const used = async () => {
        const limits = (await client.rpc('customerLimits', { type: 'p2p', fromAccountId: from.usd }, { token: from.tokens.accessToken })).body;
        return { today: limits.dailyUsed, month: limits.monthlyUsed };
      };
      const first = (await send('700.00')) as Answer & { operationId: number };
      const second = (await send('300.00')) as Answer & { operationId: number };
      expect([first, second]).toMatchObject([
        { responseCode: '00', status: 'awaitingConfirmation' },
        { responseCode: '00', status: 'awaitingConfirmation' },
      ]);
      expect(await used()).toEqual({ today: '1000.00', month: '1000.00' });

      expect(await rpc('transferCancel', { trxid: first.operationId }, from.tokens)).toMatchObject({ responseCode: '00', status: 'canceled' });
      expect(await used()).toEqual({ today: '300.00', month: '300.00' });

      // Moved to the first moment of the month: still this month's, and today's only on the 1st.
      await sql`update transfers set created_at = date_trunc('month', now() at time zone 'utc') at time zone 'utc' where id = ${second.operationId}`.execute(
        test.server.db,
      );
      expect(await used()).toEqual({ today: new Date().getUTCDate() === 1 ? '300.00' : '0.00', month: '300.00' });
    });

    // The daily sums would grow for ever: the scheduler forgets the days before last month, which no limit reads.
    it('forgets the daily sums of the months before the last and keeps what the limits read', async () => {
      const from = await newPayer('limit-prune');
      await holdFromNowOn(from);
      const send = async (amount: string) =>
        (
          (await rpc('p2pTransfer', { idempotencyKey: randomUUID(), accountId: from.usd, amount, toEmail: payee.email }, from.tokens)) as Answer & {
            operationId: number;
          }
        ).operationId;
      const db = test.server.db;
      const days = async () =>
        (await db.selectFrom('transfer_limit_usage').select(['day', 'amount']).where('customer_id', '=', from.customerId).orderBy('day').execute()).map(
          (row) => [String(row.day).slice(0, 10), String(row.amount)],
        );
      const [old, lastMonth] = [await send('40.00'), await send('20.00')];
      await send('10.00');
      const now = new Date();
      const utcDay = (months: number, day: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, day, 12)).toISOString();
      await sql`update transfers set created_at = ${utcDay(-2, 28)}::timestamptz where id = ${old}`.execute(db);
      await sql`update transfers set created_at = ${utcDay(-1, 1)}::timestamptz where id = ${lastMonth}`.execute(db);
      const today = now.toISOString().slice(0, 10);
      expect(await days()).toEqual([
        [utcDay(-2, 28).slice(0, 10), '4000'],
        [utcDay(-1, 1).slice(0, 10), '2000'],
        [today, '1000'],
      ]);

      // A wake-up forgets at most a batch; the demo data's history may fill more than one.
      let forgotten = 0;
      for (let batch = await pruneLimitUsage(db, now); batch > 0; batch = await pruneLimitUsage(db, now)) forgotten += batch;
      expect(forgotten).toBeGreaterThanOrEqual(1);
      expect(await days()).toEqual([
        [utcDay(-1, 1).slice(0, 10), '2000'],
        [today, '1000'],
      ]);
      const limits = (await client.rpc('customerLimits', { type: 'p2p', fromAccountId: from.usd }, { token: from.tokens.accessToken })).body;
      expect({ today: limits.dailyUsed, month: limits.monthlyUsed }).toEqual({ today: '10.00', month: '10.00' });
      // Nothing left to forget: the next wake-up forgets nothing.
      expect(await pruneLimitUsage(db, now)).toBe(0);
    });
  });
}
