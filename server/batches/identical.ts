import { createHash } from 'node:crypto';
import { RpcRefusal } from '../rpc/response-codes.ts';
import type { ReadRow } from './read-rows.ts';

/**
 * The fingerprint of an uploaded batch: its kind, the account it pays from and its rows, so the same file
 * uploaded again for the same account is recognised (mass transfers and global pay alike).
 *
 * @example
 * const fingerprint = batchFingerprint('wire', account.id, read.rows);
 */
export const batchFingerprint = (kind: string, accountId: number, rows: readonly ReadRow[]): string =>
  createHash('sha256')
    .update(JSON.stringify([kind, accountId, rows.map((row) => row.values)]))
    .digest('hex');

/**
 * Code 92 (document 001 section 8): an identical batch was uploaded before. It carries the earlier batch's
 * `batchId` and `date`, for the question the screen asks before sending again with `ignoreIdenticalBatch`.
 *
 * @example
 * if (identical) throw identicalBatch(identical);
 */
export const identicalBatch = (earlier: { id: bigint | number; created_at: Date }): RpcRefusal =>
  new RpcRefusal('92', { key: 'server.batches.identical', extra: { batchId: Number(earlier.id), date: earlier.created_at.toISOString() } });
