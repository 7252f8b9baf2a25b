/** Document status ids (document 000 section 3), shared by every area that files documents. */
export const DOCUMENT_STATUS = {
  submitted: 0,
  confirmed: 2,
  canceled: 4,
  deleted: 5,
  rejected: 26,
  underInvestigate: 31,
  expired: 38,
  pending: 41,
  nameMismatch: 64,
} as const;
