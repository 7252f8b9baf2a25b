import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { documentAudience, formatDate, localeTexts, renderDocument, type DocumentAudience } from '../documents/pdf/index.ts';
import { formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { transactionDetails } from './details.ts';
import { customerDisplayName } from '../customers/display-name.ts';
import { maskedAccountNumber } from '../accounts/balances.ts';
import { formatMoney } from '../i18n/texts.ts';

/**
 * The receipt of one transaction of the customer as a PDF in their language, on the brand's letterhead:
 * the parties (who paid, who was paid, from and to which account), the date, type, status and
 * reference, and the amounts: for the sender the amount, the fee and the total debited, and what
 * arrived when the currency changed; for the payee what arrived; for an exchange between the
 * customer's own accounts what left one and what reached the other. A transaction touching none of the
 * customer's accounts is refused with 13, as its details are.
 *
 * @example
 * const { fileName, content } = await transferReceiptPdf(db, customerId, 123n, { brand: 'paxum', language: 'ru' });
 */
export async function transferReceiptPdf(
  db: Kysely<Database>,
  customerId: number,
  transactionId: bigint,
  audience: DocumentAudience = documentAudience(),
): Promise<{ fileName: string; mediaType: 'application/pdf'; content: Buffer }> {
  const details = await transactionDetails(db, customerId, transactionId, [], audience.language);
  const customer = await db.selectFrom('customers').select(['first_name', 'last_name', 'business_name']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const name = customerDisplayName(customer, customerId);
  const t = localeTexts(audience.language);
  const outgoing = details.amount.startsWith('-');
  const other = details.counterparty ?? details.toEmail ?? t('pdf.receipt.unknownParty');
  const own = `${name}, ${t('pdf.receipt.accountValue', { account: details.accountId ? maskedAccountNumber(details.accountId) : '', currency: details.currencyCode })}`;
  const sentCurrency = details.sentCurrencyCode ?? details.currencyCode;
  const money = (amount: string, currency: string) => formatMoney(audience.language, { amount, currency });
  // Amount and fee are written at the sending currency's scale, so their digits after the point say it.
  const sum = (a: string, b: string) => {
    const scale = (a.split('.')[1] ?? '').length;
    return formatMinorUnits(toMinorUnits(a, scale) + toMinorUnits(b, scale), scale);
  };
  const amounts: Array<{ label: string; value: string; strong?: boolean }> =
    details.sentAmount !== undefined
      ? [
          { label: t('pdf.receipt.amount'), value: money(details.sentAmount, sentCurrency) },
          { label: t('pdf.receipt.fee'), value: money(details.fee ?? '0', sentCurrency) },
          { label: t('pdf.receipt.total'), value: money(sum(details.sentAmount, details.fee ?? '0'), sentCurrency), strong: true },
          ...(details.toCurrencyCode && details.toCurrencyCode !== sentCurrency
            ? [
                { label: t('pdf.receipt.rate'), value: String(details.rate) },
                { label: t('pdf.receipt.received'), value: money(details.toAmount ?? '0', details.toCurrencyCode) },
              ]
            : []),
        ]
      : [
          {
            label: outgoing ? t('pdf.receipt.amount') : t('pdf.receipt.received'),
            value: money(details.amount.replace(/^-/, ''), details.currencyCode),
            strong: true,
          },
          // Between the customer's own accounts (an exchange), what arrived on the other one.
          ...(outgoing ? (details.entries ?? []) : [])
            .filter((entry) => !entry.amount.startsWith('-') && entry.accountId !== details.accountId)
            .map((entry) => ({ label: t('pdf.receipt.received'), value: money(entry.amount, entry.currencyCode) })),
        ];
  const content = await renderDocument({
    ...audience,
    title: t('pdf.receipt.title'),
    subtitle: t('pdf.receipt.subtitle', { id: details.transactionId }),
    author: name,
    reference: t('pdf.receipt.reference', { id: details.transactionId }),
    blocks: [
      { kind: 'heading', text: t('pdf.receipt.parties') },
      {
        kind: 'fields',
        rows: [
          { label: t('pdf.receipt.from'), value: outgoing ? own : other },
          { label: t('pdf.receipt.to'), value: outgoing ? other : own },
        ],
      },
      { kind: 'heading', text: t('pdf.receipt.amounts') },
      { kind: 'fields', rows: amounts },
      { kind: 'heading', text: t('pdf.receipt.details') },
      {
        kind: 'fields',
        rows: [
          { label: t('pdf.receipt.transactionId'), value: String(details.transactionId) },
          { label: t('pdf.receipt.date'), value: `${formatDate(audience.language, details.transactionDate)}, ${details.transactionDate.slice(11, 16)} UTC` },
          { label: t('pdf.receipt.type'), value: t.value('enums.operationType', details.operationType) },
          ...(details.description ? [{ label: t('pdf.receipt.description'), value: details.description }] : []),
          { label: t('pdf.receipt.status'), value: t.value('enums.status', details.status) },
          ...(details.transferStatus ? [{ label: t('pdf.receipt.transferStatus'), value: t.value('enums.transferStatus', details.transferStatus) }] : []),
          ...(details.reference ? [{ label: t('pdf.receipt.paymentReference'), value: details.reference }] : []),
          ...(details.note ? [{ label: t('pdf.receipt.note'), value: details.note }] : []),
        ],
      },
    ],
  });
  return { fileName: `receipt-${details.transactionId}.pdf`, mediaType: 'application/pdf', content };
}
