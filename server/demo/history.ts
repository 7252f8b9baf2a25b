import type { OperationType } from '../ledger/post-transaction.ts';
import type { SystemPurpose } from '../ledger/system-accounts.ts';
import { accountName, keyedDescription } from '../ledger/descriptions.ts';
import { wordText, type KeyedText } from '../i18n/texts.ts';

const BANK_FEES = { key: 'server.ledger.bankFees' };

/** The demo customers' account ids by currency. */
export interface DemoAccounts {
  anna: { name: string; USD: number; EUR: number; GBP: number };
  northwind: { name: string; USD: number; EUR: number; RON: number; CAD: number };
}

/** A customer account by id, or a system account by purpose and currency. */
type AccountRef = number | { purpose: SystemPurpose; currency: string };

/** One demo movement, ready to become a ledger posting. */
export interface DemoMovement {
  operationType: OperationType;
  description: string;
  /** The description's locale key and values when the bank words it (a card payment, a fee), worded for each reader. */
  descriptionText?: KeyedText;
  postedAt: Date;
  legs: Array<{ account: AccountRef; amount: bigint; counterparty?: string; counterpartyText?: KeyedText }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The history covers about four months before the first start. */
const HISTORY_DAYS = 120;

const CARD_MERCHANTS = ['Coffee Corner', 'Metro Market', 'City Books', 'Green Grocer', 'Cinema Lumiere', 'Rail Tickets', 'Pharmacy Plus', 'Noodle Bar'];
const BUSINESS_MERCHANTS = ['Cloud Hosting Co', 'Design Tools Pro', 'Stock Images Ltd', 'Office Supplies Direct'];

/**
 * A small seeded generator (mulberry32): the same amounts and merchants on every first start, so
 * the demo reads the same for everyone; only the dates follow the day it was created.
 */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const system = (purpose: SystemPurpose, currency: string): AccountRef => ({ purpose, currency });

/**
 * About four months of deterministic history for the two demo customers, oldest first: monthly
 * incoming wires to the business, the business paying Anna's invoices (with a transfer fee), Anna
 * paying the business back now and then, card spending, monthly fees, exchanges, withdrawals.
 * Income always precedes spending, so every customer balance stays positive throughout.
 *
 * @example
 * for (const movement of demoHistory(accounts, new Date())) await writeLedgerTransaction(trx, await toPosting(trx, movement));
 */
export function demoHistory(accounts: DemoAccounts, now: Date): DemoMovement[] {
  const random = seededRandom(20_260_101);
  // Midnight UTC, HISTORY_DAYS ago: day HISTORY_DAYS - 1 is yesterday, so every movement is in the past.
  const start = Math.floor(now.getTime() / DAY_MS) * DAY_MS - HISTORY_DAYS * DAY_MS;
  // Business hours (UTC), minutes from the generator: distinct, plausible times.
  const at = (day: number) => new Date(start + day * DAY_MS + (9 * 60 + Math.floor(random() * 9 * 60)) * 60_000);
  const cents = (min: number, max: number) => BigInt(Math.round((min + random() * (max - min)) * 100));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const { anna, northwind } = accounts;
  const movements: DemoMovement[] = [];

  const deposit = (
    rail: 'clearing:wire' | 'clearing:deposit',
    day: number,
    account: number,
    currency: string,
    amount: bigint,
    payer: string,
    description: string | ReturnType<typeof keyedDescription>,
  ) =>
    movements.push({
      operationType: 'Deposit',
      // The payer's reference as they wrote it, or words the bank says itself, keyed for each reader.
      ...(typeof description === 'string' ? { description } : description),
      postedAt: at(day),
      legs: [
        { account: system(rail, currency), amount: -amount },
        { account, amount, counterparty: payer },
      ],
    });
  const fee = (day: number, account: number, currency: string, amount: bigint, described: ReturnType<typeof keyedDescription>) =>
    movements.push({
      operationType: 'Fees',
      ...described,
      postedAt: at(day),
      legs: [
        { account, amount: -amount, counterparty: wordText('en', BANK_FEES), counterpartyText: BANK_FEES },
        { account: system('fees', currency), amount },
      ],
    });
  const card = (day: number, account: number, currency: string, amount: bigint, merchant: string) =>
    movements.push({
      operationType: 'Card',
      ...keyedDescription('server.ledger.cardPayment', { merchant }),
      postedAt: at(day),
      legs: [
        { account, amount: -amount, counterparty: merchant },
        { account: system('clearing:card', currency), amount },
      ],
    });
  const transfer = (day: number, from: { id: number; name: string }, to: { id: number; name: string }, amount: bigint, description: string) =>
    movements.push({
      operationType: 'Transfer',
      description,
      postedAt: at(day),
      legs: [
        { account: from.id, amount: -amount, counterparty: to.name },
        { account: to.id, amount, counterparty: from.name },
      ],
    });
  const exchange = (day: number, from: [number, string, bigint], to: [number, string, bigint]) =>
    movements.push({
      operationType: 'Exchange',
      ...keyedDescription('server.ledger.exchange', { from: from[1], to: to[1] }),
      postedAt: at(day),
      legs: [
        { account: from[0], amount: -from[2], counterparty: wordText('en', accountName(to[1])), counterpartyText: accountName(to[1]) },
        { account: system('fx', from[1]), amount: from[2] },
        { account: system('fx', to[1]), amount: -to[2] },
        { account: to[0], amount: to[2], counterparty: wordText('en', accountName(from[1])), counterpartyText: accountName(from[1]) },
      ],
    });
  const withdrawal = (day: number, account: number, currency: string, amount: bigint, payee: string, description: string) =>
    movements.push({
      operationType: 'Withdrawal',
      description,
      postedAt: at(day),
      legs: [
        { account, amount: -amount, counterparty: payee },
        { account: system('clearing:wire', currency), amount },
      ],
    });

  for (let month = 0; month < 4; month++) {
    const base = month * 30;
    const invoice = `NS-${String(month + 1).padStart(3, '0')}`;
    deposit('clearing:wire', base + 1, northwind.USD, 'USD', 1_850_000n + BigInt(month) * 75_000n, 'Contoso Media Inc.', 'Incoming wire: campaign production');
    deposit('clearing:wire', base + 1, northwind.EUR, 'EUR', 980_000n, 'Fabrikam GmbH', 'Incoming SEPA transfer: retainer');
    deposit('clearing:wire', base + 2, northwind.RON, 'RON', 2_400_000n, 'Tailspin SRL', 'Incoming transfer: localisation project');
    deposit('clearing:wire', base + 2, northwind.CAD, 'CAD', 620_000n, 'Adatum Corp.', 'Incoming wire: licence fees');
    deposit('clearing:deposit', base + 3, anna.EUR, 'EUR', 35_000n, 'Anna Novak (Sparkasse)', keyedDescription('history.deposits.ownBankTopUp'));
    transfer(base + 5, { id: northwind.USD, name: northwind.name }, { id: anna.USD, name: anna.name }, 320_000n, `Invoice ${invoice}: illustration work`);
    fee(base + 5, northwind.USD, 'USD', 450n, keyedDescription('server.ledger.invoiceTransferFee', { invoice }));
    fee(base + 6, anna.USD, 'USD', 250n, keyedDescription('server.ledger.monthlyAccountFee'));
    withdrawal(base + 10, northwind.USD, 'USD', 400_000n, 'Litware Supplies', 'Wire to supplier');
    fee(base + 10, northwind.USD, 'USD', 1_500n, keyedDescription('server.ledger.outgoingWireFee'));
    if (month % 2 === 0) exchange(base + 12, [anna.USD, 'USD', 40_000n], [anna.EUR, 'EUR', 36_800n]);
    else exchange(base + 12, [anna.USD, 'USD', 25_000n], [anna.GBP, 'GBP', 19_750n]);
    if (month % 2 === 1) transfer(base + 15, { id: anna.EUR, name: anna.name }, { id: northwind.EUR, name: northwind.name }, 12_000n, 'Workshop ticket');
    withdrawal(base + 20, northwind.RON, 'RON', 900_000n, 'Bucharest Offices SRL', 'Office rent');
  }

  for (let day = 7; day + 3 < HISTORY_DAYS; day += 7) {
    const week = day / 7;
    card(day, anna.USD, 'USD', cents(4, 60), pick(CARD_MERCHANTS));
    card(day + 2, anna.USD, 'USD', cents(6, 95), pick(CARD_MERCHANTS));
    // GBP arrives with the first exchange on day 42; spend it only afterwards, and lightly.
    if (day > 42 && week % 2 === 0) card(day + 1, anna.GBP, 'GBP', cents(5, 30), pick(CARD_MERCHANTS));
    card(day + 3, northwind.EUR, 'EUR', cents(20, 150), pick(BUSINESS_MERCHANTS));
  }

  return movements.sort((a, b) => a.postedAt.getTime() - b.postedAt.getTime());
}
