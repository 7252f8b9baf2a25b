/** Why the ledger refused a posting. */
export type LedgerRefusal = 'invalidEntries' | 'unbalanced' | 'unknownAccount' | 'closedAccount' | 'insufficientFunds' | 'idempotencyConflict';

/**
 * A posting the ledger refused. Nothing was written: the database transaction was rolled back.
 * The message names the account or entry concerned and what to change.
 */
export class LedgerError extends Error {
  override name = 'LedgerError';

  constructor(
    readonly reason: LedgerRefusal,
    message: string,
    /** The account the refusal concerns, when there is one. */
    readonly accountId?: number,
  ) {
    super(message);
  }
}
