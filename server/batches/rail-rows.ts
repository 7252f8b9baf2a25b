import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TextValues } from '../i18n/texts.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { transferFee, transferLimits } from '../pricing/pricing.ts';
import { countryMaxAmount } from '../rails/country-max-amount.ts';
import { cryptoRecipient } from '../rails/crypto-eft.ts';
import { eftBeneficiary } from '../rails/eft.ts';
import { instantRecipient } from '../rails/instant.ts';
import { INTERAC_CURRENCY, interacRecipient } from '../rails/interac.ts';
import { octCard } from '../rails/oct.ts';
import type { RailName } from '../rails/rail-adapter.ts';
import { wireBeneficiary } from '../rails/wire.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

type Trx = Transaction<Database>;

/** The batch methods whose rows are payouts on a rail (document 001's mass sample types, and instant and Interac). */
export type RailBatchMethod = 'wire' | 'eft' | 'creditCard' | 'cryptoEft' | 'instant' | 'interac';

/** A rail row's payee as its single payout keeps it, and how the payout is priced and described. */
export interface RailPayee {
  beneficiary: { name: string } & Record<string, string>;
  /** The pricing data's fee variant (a crypto withdrawal's network). */
  feeVariant?: string;
  /** More values the history's description reads (a card's masked number). */
  descriptionValues?: Record<string, string>;
}

/** One rail method: its rail, the only currency it pays in (if any), and its row's payee checked by the rail's own rules. */
interface RailMethodRule {
  rail: RailName;
  currency?: string;
  payee(trx: Trx, customerId: number, values: Record<string, string>): Promise<RailPayee>;
}

/**
 * Each rail method's rule: its row's columns go to the very check the rail's single payout runs
 * (server/rails/<rail>.ts), which throws TA1 with its fields' problems.
 */
export const RAIL_METHODS: Record<RailBatchMethod, RailMethodRule> = {
  wire: {
    rail: 'wire',
    payee: async (_trx, _customerId, values) => ({
      beneficiary: wireBeneficiary({
        beneficiaryName: values.beneficiaryName ?? '',
        ...pick(values, ['countryCode', 'iban', 'swift', 'routingNumber', 'sortCode', 'accountNumber']),
      }),
    }),
  },
  eft: {
    rail: 'eft',
    payee: async (_trx, _customerId, values) => ({
      beneficiary: eftBeneficiary({
        countryCode: values.countryCode ?? '',
        beneficiaryName: values.beneficiaryName ?? '',
        accountNumber: values.accountNumber ?? '',
        ...pick(values, ['bankCode', 'branchCode']),
      }),
    }),
  },
  creditCard: {
    rail: 'oct',
    payee: async (trx, customerId, values) => {
      // The number goes to the card vault here: the payout keeps its token and mask, never the number.
      const { beneficiary } = await octCard(trx, customerId, { cardNumber: values.cardNumber ?? '', cardholderName: values.cardholderName ?? '' });
      return { beneficiary, descriptionValues: { card: beneficiary.cardNumber } };
    },
  },
  cryptoEft: {
    rail: 'crypto_eft',
    payee: async (_trx, _customerId, values) => ({
      beneficiary: cryptoRecipient({ network: values.network ?? '', address: values.address ?? '' }),
      feeVariant: values.network!,
    }),
  },
  instant: {
    rail: 'instant_payment',
    payee: async (_trx, _customerId, values) => ({
      beneficiary: instantRecipient({
        keyType: values.keyType as Parameters<typeof instantRecipient>[0]['keyType'],
        key: values.key ?? '',
        taxId: values.taxId ?? '',
      }),
    }),
  },
  interac: {
    rail: 'interac',
    currency: INTERAC_CURRENCY,
    payee: async (_trx, _customerId, values) => ({
      beneficiary: await interacRecipient({
        recipient: values.recipient ?? '',
        securityQuestion: values.securityQuestion ?? '',
        securityAnswer: values.securityAnswer ?? '',
        ...pick(values, ['recipientName']),
      }),
    }),
  },
};

const pick = <K extends string>(values: Record<string, string>, keys: readonly K[]): Partial<Record<K, string>> =>
  Object.fromEntries(keys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]])) as Partial<Record<K, string>>;

/** A problem of a rail row on one of its columns, as a locale key. */
export interface RailRowProblem {
  field: string;
  key: string;
  values?: TextValues;
}

/** A rail row that passed: its payee, amount and fee. */
export interface CheckedRailRow {
  payee: RailPayee;
  fee: bigint;
}

/**
 * Checks one rail row past its schema, as its single payout is checked: the payee by the rail's own
 * rules, the amount within the rail's single payment limit and its country's maximum, then prices its
 * fee by the rail's pricing. Answers the row or its problems on their columns.
 *
 * @example
 * await checkRailRow(trx, 'wire', { customerId, currency: 'EUR', scale: 2 }, values, 25000n); // { payee: { beneficiary: { name, iban, bic, ... } }, fee: 1500n }
 */
export async function checkRailRow(
  trx: Trx,
  method: RailBatchMethod,
  payer: { customerId: number; currency: string; scale: number },
  values: Record<string, string>,
  amount: bigint,
): Promise<CheckedRailRow | RailRowProblem[]> {
  const rule = RAIL_METHODS[method];
  let payee: RailPayee;
  try {
    payee = await rule.payee(trx, payer.customerId, values);
  } catch (error) {
    if (!(error instanceof RpcRefusal) || error.code !== 'TA1' || !error.details.validationErrors) throw error;
    return error.details.validationErrors.map((problem) => ({
      field: problem.field,
      key: problem.key ?? 'server.batches.rowRefused',
      ...(problem.values ? { values: problem.values } : {}),
    }));
  }
  const show = (minor: bigint) => ({ amount: formatMinorUnits(minor, payer.scale), currency: payer.currency });
  const perPayment = transferLimits(rule.rail, payer.scale).perTransactionMax;
  if (amount > perPayment) return [{ field: 'amount', key: 'server.limits.perTransaction', values: { limit: show(perPayment) } }];
  const countryCode = payee.beneficiary.countryCode;
  const countryMax = countryCode ? countryMaxAmount({ countryCode, currencyCode: payer.currency, operation: rule.rail, scale: payer.scale }) : null;
  if (countryMax !== null && amount > countryMax) return [{ field: 'amount', key: 'rails.countryMaxAmount', values: { max: show(countryMax) } }];
  return { payee, fee: transferFee(rule.rail, amount, payee.feeVariant) };
}
