import { GLOBAL_PAY_COLUMNS } from '../batches/global-pay-file.ts';
import { AmountFormatError, toMinorUnits } from '../ledger/money.ts';
import type { TextValues } from '../i18n/texts.ts';
import { RAILS as RAIL_NAMES } from '../rails/rail-adapter.ts';
import { allowedMethods, countryMethods, highestFee } from './rules.ts';

/** One payment's fields as the sender writes them (a file's row, an add, or an update's new values). */
export interface PaymentFields {
  amount?: string;
  description?: string;
  beneficiaryType?: string;
  beneficiaryName?: string;
  beneficiaryEmail?: string;
  beneficiaryCountryCode?: string;
  feeShare?: string;
  /** The methods the sender forbids (a file's forbiddenMethods column, names separated by '|'). */
  forbidden?: string[];
}

/** A payment that passed every check, in the form it is stored. */
export interface CheckedPayment {
  amount: bigint;
  description: string;
  beneficiaryType: 'individual' | 'business';
  beneficiaryName: string;
  beneficiaryEmail: string;
  beneficiaryCountryCode: string;
  feeShare: 'sender' | 'beneficiary';
  forbidden: string[];
  /** The most fee the sender pays for it (0 when the beneficiary pays). */
  reservedFee: bigint;
}

/** A problem of one field of one payment, said by a locale key. */
export interface PaymentProblem {
  field: string;
  key: string;
  values?: TextValues;
}

export { GLOBAL_PAY_COLUMNS };

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
// eslint-disable-next-line no-control-regex -- the database refuses NUL; common.schema.json's Text says the same
const TEXT = /^[^\u0000\uD800-\uDFFF]*$/;

/**
 * Checks one payment whole: an amount above zero in the currency's scale, a beneficiary type, a name and
 * an e-mail, a country global pay serves (schemas/data/global-pay-methods.json), who pays the fee, and
 * forbidden methods that are methods and leave at least one of the country's. Answers the payment ready to
 * store, or every problem on its field.
 *
 * @example
 * checkPayment({ amount: '25.00', beneficiaryType: 'individual', beneficiaryName: 'Ana', beneficiaryEmail: 'ana@example.com', beneficiaryCountryCode: 'DE', feeShare: 'sender' }, 2);
 */
export function checkPayment(fields: PaymentFields, scale: number): { payment?: CheckedPayment; problems: PaymentProblem[] } {
  const problems: PaymentProblem[] = [];
  const problem = (field: string, key: string, values?: TextValues) => problems.push({ field, key: `server.globalPay.${key}`, ...(values ? { values } : {}) });
  let amount = 0n;
  const amountText = (fields.amount ?? '').trim();
  if (!amountText) problem('amount', 'required');
  else {
    try {
      amount = toMinorUnits(amountText, scale);
      if (amount <= 0n) problem('amount', 'amountAboveZero');
    } catch (error) {
      if (!(error instanceof AmountFormatError)) throw error;
      problem('amount', 'amountFormat', { decimals: scale });
    }
  }
  const description = (fields.description ?? '').trim();
  if (description.length > 255 || !TEXT.test(description)) problem('description', 'textTooLong', { max: 255 });
  const beneficiaryType = (fields.beneficiaryType ?? '').trim().toLowerCase();
  if (beneficiaryType !== 'individual' && beneficiaryType !== 'business') problem('beneficiaryType', 'beneficiaryType');
  const beneficiaryName = (fields.beneficiaryName ?? '').trim();
  if (!beneficiaryName) problem('beneficiaryName', 'required');
  else if (beneficiaryName.length > 140 || !TEXT.test(beneficiaryName)) problem('beneficiaryName', 'textTooLong', { max: 140 });
  const beneficiaryEmail = (fields.beneficiaryEmail ?? '').trim().toLowerCase();
  if (!beneficiaryEmail) problem('beneficiaryEmail', 'required');
  else if (beneficiaryEmail.length > 254 || !EMAIL.test(beneficiaryEmail)) problem('beneficiaryEmail', 'email');
  const beneficiaryCountryCode = (fields.beneficiaryCountryCode ?? '').trim().toUpperCase();
  const served = countryMethods(beneficiaryCountryCode).length > 0;
  if (!beneficiaryCountryCode) problem('beneficiaryCountryCode', 'required');
  else if (!served) problem('beneficiaryCountryCode', 'countryNotServed', { country: beneficiaryCountryCode.slice(0, 2) });
  const feeShare = (fields.feeShare ?? '').trim().toLowerCase() || 'sender';
  if (feeShare !== 'sender' && feeShare !== 'beneficiary') problem('feeShare', 'feeShare');
  const forbidden = [...new Set((fields.forbidden ?? []).map((name) => name.trim()).filter(Boolean))];
  const unknown = forbidden.find((name) => !(RAIL_NAMES as readonly string[]).includes(name));
  if (unknown) problem('paymentMethods', 'unknownMethod', { method: unknown.slice(0, 30) });
  else if (served && allowedMethods(beneficiaryCountryCode, forbidden).length === 0) problem('paymentMethods', 'allForbidden');
  if (problems.length > 0) return { problems };
  const reservedFee = feeShare === 'sender' ? highestFee(forbidden, amount) : 0n;
  if (feeShare === 'beneficiary' && highestFee(forbidden, amount) >= amount) {
    problem('amount', 'belowFee');
    return { problems };
  }
  return {
    problems,
    payment: {
      amount,
      description,
      beneficiaryType: beneficiaryType as CheckedPayment['beneficiaryType'],
      beneficiaryName,
      beneficiaryEmail,
      beneficiaryCountryCode,
      feeShare: feeShare as CheckedPayment['feeShare'],
      forbidden,
      reservedFee,
    },
  };
}
