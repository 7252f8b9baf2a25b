/**
 * The response codes of the main backend (document 000 section 8) with the description each answer
 * carries. Success is '00'.
 */
export const RESPONSE_DESCRIPTIONS = {
  '00': 'Success',
  AU: 'Authorization required. Please sign in again.',
  '13': 'Access denied',
  TA1: 'Invalid params',
  IM: 'Invalid method',
  UE: 'Server error',
} as const;

export type ResponseCode = keyof typeof RESPONSE_DESCRIPTIONS;

/**
 * A refusal a handler raises to answer with a response code instead of a payload.
 *
 * @example
 * if (!account) throw new RpcRefusal('13');
 */
export class RpcRefusal extends Error {
  override name = 'RpcRefusal';

  constructor(readonly code: Exclude<ResponseCode, '00'>) {
    super(RESPONSE_DESCRIPTIONS[code]);
  }
}
