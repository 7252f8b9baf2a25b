/**
 * Property-based proof of the ledger (fast-check): random sequences of transfers, exchanges, holds
 * later posted or voided, retries with a used idempotency key and different payloads under a used key, run against the real ledger and
 * against a model kept here. After every step the outcome is the one the model predicts (posted,
 * replayed or refused with its reason), a refusal changes nothing, and after every sequence the
 * balances equal the model's and the ledger's invariant holds. Runs on PGlite and PostgreSQL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerError, type LedgerRefusal } from '../../server/ledger/errors.ts';
import { holdLedgerTransaction, settleHeldTransaction } from '../../server/ledger/holds.ts';
import { postLedgerTransaction, type LedgerPosting, type PostedTransaction } from '../../server/ledger/post-transaction.ts';
import { systemAccountId } from '../../server/ledger/system-accounts.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { accountStates, createPersonalCustomer, fund, HEALTHY, ledgerHealth, openAccount, transactionCount } from './ledger-support.ts';

/** EUR per USD in the model's exchanges, as a fraction. */
const RATE = { numerator: 92n, denominator: 100n };

type Operation =
  | { kind: 'transfer'; from: number; to: number; amount: number; keyed: boolean }
  | { kind: 'exchange'; from: number; to: number; amount: number }
  | { kind: 'hold'; from: number; to: number; amount: number }
  | { kind: 'settle'; pick: number; post: boolean }
  | { kind: 'retry'; pick: number }
  | { kind: 'conflict'; pick: number; extra: number };

const amount = fc.integer({ min: 1, max: 30_000 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(3), to: fc.nat(3), amount, keyed: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('exchange' as const), from: fc.nat(1), to: fc.nat(1), amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hold' as const), from: fc.nat(3), to: fc.nat(3), amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), post: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('conflict' as const), pick: fc.nat(), extra: fc.integer({ min: 1, max: 500 }) }) },
);

for (const backend of BACKENDS) {
  describe(`ledger properties on ${backend.name}`, () => {
    let test: TestServer;
    const db = () => test.server.db;
    /** Customer accounts: [USD of one customer, USD of another (may go to -20.00), EUR, EUR]. */
    let customer: number[] = [];
    let fx: { USD: number; EUR: number };
    let run = 0;

    beforeAll(async () => {
      test = await startTestServer(backend);
      const first = await createPersonalCustomer(db(), 'Lena');
      const second = await createPersonalCustomer(db(), 'Marek');
      customer = [
        await openAccount(db(), first.customerId, 'USD'),
        await openAccount(db(), second.customerId, 'USD', -2_000n),
        await openAccount(db(), first.customerId, 'EUR'),
        await openAccount(db(), second.customerId, 'EUR'),
      ];
      fx = { USD: await systemAccountId(db(), 'fx', 'USD'), EUR: await systemAccountId(db(), 'fx', 'EUR') };
    }, 120_000);
    afterAll(() => test?.close());

    it('every sequence of operations ends where the model says, refusals change nothing, the invariant holds', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
          run += 1;
          // Top the accounts up so each sequence starts with money to move.
          for (const id of customer) {
            const state = (await accountStates(db(), [id])).get(id)!;
            const available = state.balance - state.pending;
            if (available < 40_000n) await fund(db(), id, 40_000n - available);
          }
          const tracked = [...customer, fx.USD, fx.EUR];
          const start = await accountStates(db(), tracked);
          const model = new Map([...start].map(([id, state]) => [id, { ...state }]));
          /** Keys used in this sequence: their posting and, once posted, its transaction. */
          const keys: Array<{ posting: LedgerPosting; held: boolean; transactionId?: bigint }> = [];
          /** Holds made in this sequence, and whether each is still open. */
          const holds: Array<{ posting: LedgerPosting; transactionId: bigint; open: boolean }> = [];

          const currencyOf = (id: number) => (id === customer[0] || id === customer[1] || id === fx.USD ? 'USD' : 'EUR');
          /** What the ledger must answer for `posting`, judged on the model; applies it when it posts. */
          const predict = (posting: LedgerPosting, held = false): LedgerRefusal | 'posted' => {
            const seen = new Set<number>();
            for (const leg of posting.legs) {
              if (leg.amount === 0n || seen.has(leg.accountId)) return 'invalidEntries';
              seen.add(leg.accountId);
            }
            const sums = new Map<string, bigint>();
            for (const leg of posting.legs) sums.set(currencyOf(leg.accountId), (sums.get(currencyOf(leg.accountId)) ?? 0n) + leg.amount);
            if ([...sums.values()].some((sum) => sum !== 0n)) return 'unbalanced';
            for (const leg of posting.legs) {
              const state = model.get(leg.accountId)!;
              const isCustomer = customer.includes(leg.accountId);
              if (isCustomer && leg.amount < 0n && state.balance + leg.amount - state.pending < state.balanceMin) return 'insufficientFunds';
            }
            for (const leg of posting.legs) {
              const state = model.get(leg.accountId)!;
              // A hold reserves what customer accounts give; a posting moves every balance.
              if (!held) state.balance += leg.amount;
              else if (leg.amount < 0n && customer.includes(leg.accountId)) state.pending -= leg.amount;
            }
            return 'posted';
          };

          const submit = async (posting: LedgerPosting, expected: LedgerRefusal | 'posted' | 'replayed', held = false) => {
            const count = await transactionCount(db());
            let outcome: LedgerRefusal | 'posted' | 'replayed';
            let transactionId: bigint | undefined;
            try {
              const result: PostedTransaction = held
                ? await db()
                    .transaction()
                    .execute((trx) => holdLedgerTransaction(trx, posting))
                : await postLedgerTransaction(db(), posting);
              outcome = result.replayed ? 'replayed' : 'posted';
              transactionId = result.transactionId;
            } catch (error) {
              if (!(error instanceof LedgerError)) throw error;
              outcome = error.reason;
            }
            expect(
              outcome,
              JSON.stringify(posting, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
            ).toBe(expected);
            expect(await transactionCount(db())).toBe(count + (outcome === 'posted' ? 1 : 0));
            return transactionId;
          };

          for (const [index, op] of operations.entries()) {
            const key = `property-${backend.name}-${run}-${index}`;
            if (op.kind === 'transfer' || op.kind === 'exchange' || op.kind === 'hold') {
              const value = BigInt(op.amount);
              const held = op.kind === 'hold';
              const posting: LedgerPosting =
                op.kind !== 'exchange'
                  ? {
                      operationType: 'Transfer',
                      description: `Property ${op.kind} ${index}`,
                      legs: [
                        { accountId: customer[op.from]!, amount: -value },
                        { accountId: customer[op.to]!, amount: value },
                      ],
                      ...(op.kind === 'hold' || op.keyed ? { idempotencyKey: key } : {}),
                    }
                  : {
                      operationType: 'Exchange',
                      description: `Property exchange ${index}`,
                      idempotencyKey: key,
                      legs: [
                        { accountId: customer[op.from]!, amount: -value },
                        { accountId: fx.USD, amount: value },
                        { accountId: fx.EUR, amount: -(value * RATE.numerator) / RATE.denominator },
                        { accountId: customer[2 + op.to]!, amount: (value * RATE.numerator) / RATE.denominator },
                      ],
                    };
              const transactionId = await submit(posting, predict(posting, held), held);
              if (posting.idempotencyKey) keys.push({ posting, held, ...(transactionId !== undefined ? { transactionId } : {}) });
              if (held && transactionId !== undefined) holds.push({ posting, transactionId, open: true });
            } else if (op.kind === 'settle') {
              if (!holds.length) continue;
              const hold = holds[op.pick % holds.length]!;
              const count = await transactionCount(db());
              let refusal: LedgerRefusal | undefined;
              try {
                await db()
                  .transaction()
                  .execute((trx) => settleHeldTransaction(trx, hold.transactionId, op.post ? 'post' : 'void'));
              } catch (error) {
                if (!(error instanceof LedgerError)) throw error;
                refusal = error.reason;
              }
              // A hold settles once; settling it again is refused.
              expect(refusal).toBe(hold.open ? undefined : 'invalidEntries');
              expect(await transactionCount(db())).toBe(count);
              if (hold.open) {
                hold.open = false;
                for (const leg of hold.posting.legs) {
                  const state = model.get(leg.accountId)!;
                  if (op.post) state.balance += leg.amount;
                  if (leg.amount < 0n && customer.includes(leg.accountId)) state.pending += leg.amount;
                }
              }
            } else if (keys.length) {
              const used = keys[op.pick % keys.length]!;
              if (op.kind === 'retry') {
                // The same request again: the first answer if it posted, otherwise judged afresh.
                const transactionId = await submit(used.posting, used.transactionId !== undefined ? 'replayed' : predict(used.posting, used.held), used.held);
                if (used.transactionId !== undefined) expect(transactionId).toBe(used.transactionId);
                else if (transactionId !== undefined) {
                  used.transactionId = transactionId;
                  if (used.held) holds.push({ posting: used.posting, transactionId, open: true });
                }
              } else if (used.transactionId !== undefined) {
                // Another request under a key that already posted: refused, nothing written. For a
                // hold, the same legs posted outright are another request too.
                const extra = used.held ? 0n : BigInt(op.extra);
                const legs = used.posting.legs.map((leg, i) => ({
                  ...leg,
                  amount: leg.amount + (i === 0 ? -extra : i === used.posting.legs.length - 1 ? extra : 0n),
                }));
                await submit({ ...used.posting, legs }, 'idempotencyConflict');
              }
            }
          }

          const end = await accountStates(db(), tracked);
          const view = (states: typeof end) => new Map([...states].map(([id, state]) => [id, { balance: state.balance, pending: state.pending }]));
          expect(view(end)).toEqual(view(model));
          expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  });
}
