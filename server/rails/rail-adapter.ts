import type { PayoutState } from './payout-states.ts';

/**
 * The rails the product sends payouts on (document 001 section 9's transfer types): bank wire, local bank
 * transfer (EFT), card credit (OCT), crypto withdrawal, instant payment and Interac. Each has a clearing
 * system account per currency.
 */
export const RAILS = ['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac'] as const;
export type RailName = (typeof RAILS)[number];

/** What the bank tells a rail to pay: the ISO 20022 credit transfer's essentials. */
export interface PayoutInstruction {
  /** The bank's id of the payout, which every report of the rail repeats; sending it twice pays once. */
  endToEndId: string;
  /** Decimal amount in the currency's major units, as the rail wants it ('1250.00'). */
  amount: string;
  currency: string;
  /** The beneficiary as the rail needs it (wire: name, iban, bic). */
  beneficiary: Record<string, string>;
  /** The remittance information the beneficiary sees. */
  reference?: string;
}

/** What a rail reports about one payout: a state change, named by a report id unique to that payout. */
export interface RailReport {
  endToEndId: string;
  /** The rail's id of this report; the same report delivered again carries the same id. */
  reportId: string;
  state: Exclude<PayoutState, 'pending'>;
  /** ISO 20022 reason code of a return or failure (AC01, AC04, AM04, ...). */
  reasonCode?: string;
  /** When the rail says the change happened. */
  at: Date;
}

/**
 * One rail (a payment network) as the bank sees it: it is sent payouts and reports back how they fare.
 * Reports are collected (`reports`) and acknowledged once applied (`acknowledge`), so a report lost on
 * the way is collected again, and one applied twice changes nothing (its report id is unique per payout).
 *
 * Each rail has a sandbox (sandbox-rail.ts) that behaves like the network, and in production the
 * gateway (gateway-rail.ts) at `RAIL_<NAME>_URL`, e.g. RAIL_WIRE_URL; a rail speaking another protocol
 * is a new file beside these two, returned by `railAdapters` for its name. The contract both must keep
 * is tested against the sandbox (tests/integration/rails-contract.test.ts).
 */
export interface RailAdapter {
  readonly rail: RailName;
  /** Hands the payout to the rail. Idempotent on `endToEndId`. Throws when the rail cannot be reached. */
  sendPayout(instruction: PayoutInstruction): Promise<void>;
  /** Reports not yet acknowledged, oldest first (at most `limit`). */
  reports(limit: number): Promise<RailReport[]>;
  /** Tells the rail these reports were applied, so they are not collected again. */
  acknowledge(reportIds: readonly string[]): Promise<void>;
}

/** Every rail's adapter by name. */
export type RailAdapters = Record<RailName, RailAdapter>;
