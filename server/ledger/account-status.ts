/** Account status codes (document 001 section 9): 1 open, 11 closed. Only open accounts move money. */
export const ACCOUNT_STATUS = { open: 1, closed: 11 } as const;

/** The payment account's type code (document 001 section 3): what a customer pays from and is paid into first. */
export const PAYMENT_ACCOUNT_TYPE = 1001;

/** Card account types (document 001 section 3: 2006 to 2135). */
export const CARD_ACCOUNT_TYPES = { min: 2006, max: 2135 } as const;

/** Whether an account type is a card account. */
export function isCardAccountType(type: number): boolean {
  return type >= CARD_ACCOUNT_TYPES.min && type <= CARD_ACCOUNT_TYPES.max;
}
