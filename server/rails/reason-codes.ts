/**
 * The ISO 20022 reason codes (ExternalReturnReason1Code / ExternalStatusReason1Code) a rail gives for a
 * returned or failed payout, the ones the product words for the customer (locales/<language>/rails.json,
 * `rails.reasons.<code>`). A rail may send another code: it is kept as sent and worded as MS03 (reason not
 * specified by the bank).
 */
export const REASON_CODES = ['AC01', 'AC04', 'AC06', 'AG01', 'AM04', 'AM05', 'BE04', 'MD07', 'MS02', 'MS03', 'RC01', 'RR04'] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** The shape of an ISO 20022 external code: four capitals or digits. */
export const REASON_CODE_PATTERN = /^[A-Z0-9]{4}$/;

/**
 * The locale key that words `code` for the customer.
 *
 * @example
 * reasonKey('AC04'); // 'rails.reasons.AC04'
 * reasonKey('ZZ99'); // 'rails.reasons.MS03'
 */
export function reasonKey(code: string): string {
  return `rails.reasons.${(REASON_CODES as readonly string[]).includes(code) ? code : 'MS03'}`;
}
