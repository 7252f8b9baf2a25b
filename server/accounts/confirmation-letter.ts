import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { documentAudience, formatDate, localeTexts, renderDocument, type DocumentAudience } from '../documents/pdf/index.ts';
import { documentBrand } from '../documents/pdf/brand.ts';
import { customerDisplayName } from '../customers/display-name.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { customerAccounts, maskedAccountNumber } from './balances.ts';
import { paymentInstructionsOf } from './payment-instructions.ts';

/**
 * The account confirmation letter (document 002 section 3, account confirmation letterhead) as a PDF in
 * the reader's language on the brand's letterhead: the brand confirms that the customer (name, number)
 * holds each open account on the day of issue, with its currency, its number and, where the account
 * is funded by bank transfer, its IBAN or bank account number, SWIFT and bank. Closed accounts are
 * left out; a customer with none gets the letter saying so.
 *
 * @example
 * const { fileName, content } = await confirmationLetterPdf(db, customerId, { brand: 'aplus', language: 'es' });
 */
export async function confirmationLetterPdf(
  db: Kysely<Database>,
  customerId: number,
  audience: DocumentAudience = documentAudience(),
  now: Date = new Date(),
): Promise<{ fileName: string; mediaType: 'application/pdf'; content: Buffer }> {
  const [customer, accounts, instructions] = await Promise.all([
    db.selectFrom('customers').select(['id', 'type', 'first_name', 'last_name', 'business_name']).where('id', '=', customerId).executeTakeFirstOrThrow(),
    customerAccounts(db, customerId),
    paymentInstructionsOf(db, customerId, undefined, audience.brand),
  ]);
  const open = accounts.filter((account) => account.accountStatusId === ACCOUNT_STATUS.open);
  const name = customerDisplayName(customer, customer.id);
  const { language } = audience;
  const t = localeTexts(language);
  const date = formatDate(language, now.toISOString().slice(0, 10));
  const brandName = documentBrand(audience.brand).name;
  const content = await renderDocument({
    ...audience,
    now,
    title: t('pdf.confirmation.title'),
    subtitle: t('pdf.confirmation.subtitle', { date }),
    author: brandName,
    reference: t('pdf.confirmation.reference', { customer: customer.id, date: now.toISOString().slice(0, 10) }),
    blocks: [
      {
        kind: 'fields',
        rows: [
          { label: t('pdf.confirmation.holder'), value: name, strong: true },
          { label: t('pdf.confirmation.customerNumber'), value: String(customer.id) },
          { label: t('pdf.confirmation.customerType'), value: t(`pdf.confirmation.type.${customer.type}`) },
          { label: t('pdf.confirmation.date'), value: date },
        ],
      },
      { kind: 'paragraph', text: t(open.length ? 'pdf.confirmation.intro' : 'pdf.confirmation.noAccounts', { brand: brandName, name, date }) },
      ...(open.length
        ? [
            {
              kind: 'table' as const,
              columns: [
                { header: t('pdf.confirmation.currency'), width: 0.9 },
                { header: t('pdf.confirmation.account'), width: 1.1 },
                { header: t('pdf.confirmation.bankNumber'), width: 2.6 },
                { header: t('pdf.confirmation.swift'), width: 1.3 },
                { header: t('pdf.confirmation.bank'), width: 2.4 },
              ],
              rows: open.map((account) => {
                const instruction = instructions.find((candidate) => candidate.accountId === account.accountId);
                return [
                  account.currencyCode,
                  maskedAccountNumber(account.accountId),
                  instruction ? (instruction.iban ?? instruction.bankAccountNumber) : '—',
                  instruction?.swift || '—',
                  instruction?.bankName ?? '—',
                ];
              }),
            },
          ]
        : []),
      { kind: 'note', text: t('pdf.confirmation.validity', { date }) },
    ],
  });
  return { fileName: `account-confirmation-${customer.id}-${now.toISOString().slice(0, 10)}.pdf`, mediaType: 'application/pdf', content };
}
