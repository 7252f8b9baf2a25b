/** Idempotency keys for money-moving calls: the engine's, for the screens that still call methods themselves. */
export { newIdempotencyKey, submissionKeys } from '../../engine/index.ts';
