import { omitNull } from '../db/omit-null.ts';
import { counterpartyIn, describedIn } from '../ledger/descriptions.ts';
import { formatMoney, type Language } from '../i18n/texts.ts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { documentAudience, formatDate, localeTexts, renderDocument, type DocumentAudience } from '../documents/pdf/index.ts';
import { customerDisplayName } from '../customers/display-name.ts';
import { maskedAccountNumber } from '../accounts/balances.ts';

/** Account types that offer monthly statements (document 001 section 3, derived flag 'statements'): payment, prepayment, receiving. */
export const STATEMENT_ACCOUNT_TYPES: readonly number[] = [1001, 4001, 4002];

/** One available monthly statement. */
export interface StatementEntry {
  accountId: number;
  /** The masked number customers see ('•• 0057'), never the database id. */
  accountNumber: string;
  accountName?: string;
  /** The account's type (1001 payment, 4001 prepayment, 4002 receiving), to name an account without a name. */
  accountType: number;
  currencyCode: string;
  year: number;
  month: number;
  dateFrom: string;
  source: 'monthly';
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1));
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The monthly statements a customer can download, newest month first (then by account): for each
 * of their accounts offering statements, every month from its first activity (or its opening, if
 * earlier) to the current month. The first activity is the account's oldest entry, found through
 * the (account_id, transaction_id) index rather than by reading every entry.
 *
 * @example
 * const { statements, total } = await statementList(db, customerId, { pageNumber: 1, pageSize: 12 });
 */
export async function statementList(
  db: Kysely<Database>,
  customerId: number,
  query: { accountId?: number; pageNumber: number; pageSize: number },
  now: Date = new Date(),
): Promise<{ statements: StatementEntry[]; total: number }> {
  const accounts = await db
    .selectFrom('accounts as a')
    .select([
      'a.id',
      'a.name',
      'a.type',
      'a.currency_code',
      'a.created_at',
      (eb) =>
        eb
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
          .select('t.created_at')
          .whereRef('e.account_id', '=', 'a.id')
          .orderBy('e.transaction_id', 'asc')
          .limit(1)
          .as('first_activity'),
    ])
    .where('a.customer_id', '=', customerId)
    .where('a.type', 'in', [...STATEMENT_ACCOUNT_TYPES])
    .$if(query.accountId !== undefined, (qb) => qb.where('a.id', '=', query.accountId!))
    .orderBy('a.id')
    .execute();

  const currentIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const all: StatementEntry[] = [];
  for (const account of accounts) {
    const first = account.first_activity && new Date(account.first_activity) < account.created_at ? new Date(account.first_activity) : account.created_at;
    for (let index = currentIndex; index >= first.getUTCFullYear() * 12 + first.getUTCMonth(); index -= 1) {
      const year = Math.floor(index / 12);
      const month = (index % 12) + 1;
      all.push({
        accountId: account.id,
        accountNumber: maskedAccountNumber(account.id),
        ...(account.name ? { accountName: account.name } : {}),
        accountType: account.type,
        currencyCode: account.currency_code,
        year,
        month,
        dateFrom: `${year}-${pad(month)}-01`,
        source: 'monthly',
      });
    }
  }
  all.sort((a, b) => b.year * 12 + b.month - (a.year * 12 + a.month) || a.accountId - b.accountId);
  const start = (query.pageNumber - 1) * query.pageSize;
  return { statements: all.slice(start, start + query.pageSize), total: all.length };
}

/** What a statement says, before it is laid out as PDF. */
export interface Statement {
  accountId: number;
  currencyCode: string;
  customerName: string;
  period: { from: string; to: string };
  opening: string;
  closing: string;
  totalIn: string;
  totalOut: string;
  rows: Array<{ date: string; description: string; counterparty?: string; amount: string; balance: string }>;
}

/**
 * A month of an account from its posted entries: the opening balance (the posted balance less
 * everything posted since the month began), each posted entry of the month with the running
 * balance, and the closing balance. Held and voided entries never moved the balance and are left
 * out. Another customer's account is refused with 13.
 *
 * @example
 * const statement = await accountStatement(db, customerId, accountId, 2026, 3);
 */
export async function accountStatement(
  db: Kysely<Database>,
  customerId: number,
  accountId: number,
  year: number,
  month: number,
  language: Language = 'en',
): Promise<Statement> {
  const account = await db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .innerJoin('customers as cu', 'cu.id', 'a.customer_id')
    .select(['a.id', 'a.balance', 'a.currency_code', 'a.type', 'c.scale', 'cu.business_name', 'cu.first_name', 'cu.last_name'])
    .where('a.id', '=', accountId)
    .where('a.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!account) throw new RpcRefusal('13');
  if (!STATEMENT_ACCOUNT_TYPES.includes(account.type)) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'accountId', key: 'server.history.noStatements' }] });
  }
  const from = monthStart(year, month);
  const to = monthStart(year, month + 1);
  const sinceFrom = (since: Date) =>
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select(sql<string>`coalesce(sum(e.amount), 0)::text`.as('total'))
      .where('e.account_id', '=', accountId)
      .where('e.status', '=', 'posted')
      .where('t.created_at', '>=', since)
      .executeTakeFirstOrThrow();
  const [sinceStart, sinceEnd, entries] = await Promise.all([
    sinceFrom(from),
    sinceFrom(to),
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .select([
        't.created_at',
        't.description',
        't.description_key',
        't.description_values',
        't.operation_type',
        'e.amount',
        'e.counterparty',
        'e.counterparty_key',
        'e.counterparty_values',
      ])
      .where('e.account_id', '=', accountId)
      .where('e.status', '=', 'posted')
      .where('t.created_at', '>=', from)
      .where('t.created_at', '<', to)
      .orderBy('t.created_at')
      .orderBy('t.id')
      .execute(),
  ]);
  const opening = account.balance - BigInt(sinceStart.total);
  const closing = account.balance - BigInt(sinceEnd.total);
  const money = (minor: bigint) => formatMinorUnits(minor, account.scale);
  let running = opening;
  let totalIn = 0n;
  let totalOut = 0n;
  const rows = entries.map((entry) => {
    running += entry.amount;
    if (entry.amount > 0n) totalIn += entry.amount;
    else totalOut -= entry.amount;
    return {
      date: entry.created_at.toISOString().slice(0, 10),
      description: describedIn(language, entry) || entry.operation_type,
      ...omitNull({ counterparty: counterpartyIn(language, entry) }),
      amount: money(entry.amount),
      balance: money(running),
    };
  });
  return {
    accountId,
    currencyCode: account.currency_code,
    customerName: customerDisplayName(account, customerId),
    period: { from: from.toISOString().slice(0, 10), to: new Date(to.getTime() - 1).toISOString().slice(0, 10) },
    opening: money(opening),
    closing: money(closing),
    totalIn: money(totalIn),
    totalOut: money(totalOut),
    rows,
  };
}

/**
 * The statement as a PDF in the customer's language, on the brand's letterhead: who and which account,
 * the period, opening balance, money in and out, closing balance, and one row per posted entry (date,
 * description and counterparty, amount, running balance), every amount in the account's currency.
 *
 * @example
 * const { fileName, content } = await statementPdf(db, customerId, accountId, 2026, 3, { brand: 'paxum', language: 'ru' });
 */
export async function statementPdf(
  db: Kysely<Database>,
  customerId: number,
  accountId: number,
  year: number,
  month: number,
  audience: DocumentAudience = documentAudience(),
  now: Date = new Date(),
): Promise<{ fileName: string; mediaType: 'application/pdf'; content: Buffer }> {
  const statement = await accountStatement(db, customerId, accountId, year, month, audience.language);
  const currency = statement.currencyCode;
  const { language } = audience;
  const t = localeTexts(language);
  const money = (amount: string) => formatMoney(language, { amount, currency });
  const figure = (amount: string) => formatMoney(language, { amount, currency: '' });
  const content = await renderDocument({
    ...audience,
    now,
    title: t('pdf.statement.title'),
    subtitle: t('pdf.statement.subtitle', { from: formatDate(language, statement.period.from), to: formatDate(language, statement.period.to) }),
    author: statement.customerName,
    reference: t('pdf.statement.reference', { account: accountId, month: `${year}-${pad(month)}` }),
    blocks: [
      {
        kind: 'fields',
        rows: [
          { label: t('pdf.statement.holder'), value: statement.customerName },
          { label: t('pdf.statement.account'), value: t('pdf.statement.accountValue', { account: maskedAccountNumber(accountId), currency }) },
          { label: t('pdf.statement.period'), value: `${statement.period.from} – ${statement.period.to}` },
        ],
      },
      { kind: 'heading', text: t('pdf.statement.summary') },
      {
        kind: 'fields',
        rows: [
          { label: t('pdf.statement.opening'), value: money(statement.opening) },
          { label: t('pdf.statement.moneyIn'), value: money(statement.totalIn) },
          { label: t('pdf.statement.moneyOut'), value: money(statement.totalOut) },
          { label: t('pdf.statement.closing'), value: money(statement.closing), strong: true },
        ],
      },
      { kind: 'heading', text: t('pdf.statement.transactions') },
      statement.rows.length === 0
        ? { kind: 'paragraph', text: t('pdf.statement.none') }
        : {
            kind: 'table',
            columns: [
              { header: t('pdf.statement.date'), width: 1.25 },
              { header: t('pdf.statement.description'), width: 3.6 },
              { header: t('pdf.statement.amount', { currency }), width: 1.4, align: 'right' },
              { header: t('pdf.statement.balance', { currency }), width: 1.4, align: 'right' },
            ],
            rows: statement.rows.map((row) => [
              row.date,
              row.counterparty ? `${row.description} (${row.counterparty})` : row.description,
              figure(row.amount),
              figure(row.balance),
            ]),
          },
      { kind: 'note', text: t('pdf.statement.completedOnly') },
    ],
  });
  return { fileName: `statement-${accountId}-${year}-${pad(month)}.pdf`, mediaType: 'application/pdf', content };
}
