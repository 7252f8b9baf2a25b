/** Account status codes (document 001 section 9): 1 open, 11 closed. Only open accounts move money. */
export const ACCOUNT_STATUS = { open: 1, closed: 11 } as const;

/** The payment account's type code (document 001 section 3): what a customer pays from and is paid into first. */
export const PAYMENT_ACCOUNT_TYPE = 1001;
