import Papa from 'papaparse';
import globalPaySchema from '../../schemas/entities/global-pay.schema.json' with { type: 'json' };
import type { BatchColumn } from './read-rows.ts';

/**
 * The columns of a global pay file, in order (server/batches/read-rows.ts reads them by name, or by the title
 * entities/global-pay.schema.json gives the payment's field): the payment's fields, then forbiddenMethods
 * (method names separated by '|').
 */
const FIELD_TITLES = globalPaySchema.$defs.PaymentFields.properties as Record<string, { title?: string }>;
export const GLOBAL_PAY_COLUMNS: BatchColumn[] = [
  ...['amount', 'description', 'beneficiaryType', 'beneficiaryName', 'beneficiaryEmail', 'beneficiaryCountryCode', 'feeShare'].map((name) => ({
    name,
    ...(FIELD_TITLES[name]?.title ? { title: FIELD_TITLES[name].title } : {}),
  })),
  { name: 'forbiddenMethods' },
];

/** The sample file's payments: one paid by bank wire or card in Germany, one in Canada whose recipient pays the fee and may not take crypto. */
const SAMPLE_PAYMENTS: Array<Record<string, string>> = [
  {
    amount: '250.00',
    description: 'server.batches.sampleNoteFees',
    beneficiaryType: 'individual',
    beneficiaryName: 'Ana Weber',
    beneficiaryEmail: 'ana.weber@example.com',
    beneficiaryCountryCode: 'DE',
    feeShare: 'sender',
    forbiddenMethods: '',
  },
  {
    amount: '120.00',
    description: 'server.batches.sampleNoteShare',
    beneficiaryType: 'business',
    beneficiaryName: 'Maple Studio Inc.',
    beneficiaryEmail: 'payments@maple-studio.example.com',
    beneficiaryCountryCode: 'CA',
    feeShare: 'beneficiary',
    forbiddenMethods: 'crypto_eft',
  },
];

/**
 * A sample global pay file (massSampleFile 'globalPay'): a header of GLOBAL_PAY_COLUMNS by name, then two
 * payments that globalPayUpload takes as they are, their descriptions worded by `t` (the reader's language).
 *
 * @example
 * globalPaySampleFile(localeTexts('en')); // { fileName: 'global-pay-sample.csv', content: 'amount,description,…\r\n250.00,November fees,individual,…' }
 */
export function globalPaySampleFile(t: (key: string) => string): { fileName: string; content: string } {
  const cell = (value: string) => (value.startsWith('server.') ? t(value) : value);
  const content = Papa.unparse({
    fields: GLOBAL_PAY_COLUMNS.map((column) => column.name),
    data: SAMPLE_PAYMENTS.map((payment) => GLOBAL_PAY_COLUMNS.map((column) => cell(payment[column.name] ?? ''))),
  });
  return { fileName: 'global-pay-sample.csv', content: `${content}\r\n` };
}
