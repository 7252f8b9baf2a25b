import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS, isCardAccountType } from '../ledger/account-status.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { cardActionAllowed, type CardAction } from './card-status.ts';
import { factsOf } from './cards.ts';
import { weakPin, type CardProcessor } from './processor.ts';
import { confirmCardChallenge, startCardChallenge, type CardChallengeStarted, type CardSecretAction } from './step-up.ts';

/** Who asks: the acting customer and the signed-in user (whose phone, e-mail or authenticator answers). */
export interface SecretCaller {
  customerId: number;
  userId: number;
}

type Confirm = { requestId: string; approvalCode: string };
type Services = { db: Kysely<Database>; adapters: { messages: MessageSender; cardProcessor: CardProcessor } };

/**
 * The customer's card account and its current card, for a secret. Another customer's account, or
 * not a card account → 13; a closed account → CA; a card whose status does not allow `capability`
 * (a PIN or the details of a card never activated, or cancelled) → TA1.
 */
async function cardForSecret(db: Kysely<Database>, caller: SecretCaller, accountId: number, capability: Extract<CardAction, 'pin' | 'details'>) {
  const row = await db
    .selectFrom('accounts as a')
    .innerJoin('cards as k', (join) => join.onRef('k.account_id', '=', 'a.id').on('k.role', '=', 'current'))
    .leftJoin('cards as r', (join) => join.onRef('r.account_id', '=', 'a.id').on('r.role', '=', 'replacement'))
    .select([
      'a.id as account_id',
      'a.customer_id',
      'a.type',
      'a.status as account_status',
      'k.id',
      'k.status_id',
      'k.is_virtual',
      'k.express_shipping',
      'k.processor_ref',
      'k.holder_name',
      'k.expiry_month',
      'k.expiry_year',
      'r.id as replacement_id',
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  if (!row || row.customer_id !== caller.customerId || !isCardAccountType(row.type)) throw new RpcRefusal('13');
  if (row.account_status === ACCOUNT_STATUS.closed) throw new RpcRefusal('CA', { key: 'server.cards.accountClosed' });
  if (!row.processor_ref || !cardActionAllowed(capability, factsOf(row, row.replacement_id !== null))) {
    throw new RpcRefusal('TA1', { key: capability === 'pin' ? 'server.cards.pinInactive' : 'server.cards.detailsInactive' });
  }
  return { ...row, processor_ref: row.processor_ref };
}

/** Either starts the challenge (no confirm) or checks the code; answers the challenge or undefined when confirmed. */
async function stepUp(
  services: Services,
  caller: SecretCaller,
  accountId: number,
  action: CardSecretAction,
  confirm: Confirm | undefined,
  newPin?: string,
): Promise<CardChallengeStarted | undefined> {
  const subject = { ...caller, accountId, action, ...(newPin !== undefined ? { newPin } : {}) };
  if (!confirm) return startCardChallenge(services.db, services.adapters, subject);
  await confirmCardChallenge(services.db, subject, confirm);
  return undefined;
}

/**
 * Changes a card's PIN behind a second factor: checks the PINs (four digits, equal, not weak)
 * before any code is sent; the code is bound to the new PIN. The processor keeps the PIN; nothing
 * here stores or logs it.
 *
 * @example
 * await changeCardPin(services, caller, { accountId, pin: '4829', pinRepeat: '4829' }); // challenge
 * await changeCardPin(services, caller, { accountId, pin: '4829', pinRepeat: '4829', confirm }); // { status: 'done' }
 */
export async function changeCardPin(
  services: Services,
  caller: SecretCaller,
  params: { accountId: number; pin: string; pinRepeat: string; confirm?: Confirm },
): Promise<CardChallengeStarted | { status: 'done' }> {
  const card = await cardForSecret(services.db, caller, params.accountId, 'pin');
  if (params.pin !== params.pinRepeat) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'pinRepeat', key: 'server.cards.pinsDiffer' }] });
  if (weakPin(params.pin)) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'pin', key: 'server.cards.pinTooEasy' }],
    });
  }
  const started = await stepUp(services, caller, params.accountId, 'pinChange', params.confirm, params.pin);
  if (started) return started;
  await services.adapters.cardProcessor.setPin(card.processor_ref, params.pin);
  return { status: 'done' };
}

/**
 * Answers a card's PIN behind a second factor (show pin, and get pin for the mobile app: one
 * implementation, one action, so a code sent for one opens the other).
 */
export async function showCardPin(
  services: Services,
  caller: SecretCaller,
  params: { accountId: number; confirm?: Confirm },
): Promise<CardChallengeStarted | { status: 'done'; pinCode: string }> {
  const card = await cardForSecret(services.db, caller, params.accountId, 'pin');
  const started = await stepUp(services, caller, params.accountId, 'pinShow', params.confirm);
  if (started) return started;
  return { status: 'done', pinCode: await services.adapters.cardProcessor.readPin(card.processor_ref) };
}

/** Answers a card's full number, CVV, expiry and holder name behind a second factor. */
export async function revealCardDetails(
  services: Services,
  caller: SecretCaller,
  params: { accountId: number; confirm?: Confirm },
): Promise<CardChallengeStarted | { status: 'done'; cardNumber: string; cvv: string; cardExpiryMonth: number; cardExpiryYear: number; holderName: string }> {
  const card = await cardForSecret(services.db, caller, params.accountId, 'details');
  const started = await stepUp(services, caller, params.accountId, 'detailsReveal', params.confirm);
  if (started) return started;
  const { pan, cvv } = await services.adapters.cardProcessor.revealCard(card.processor_ref);
  return {
    status: 'done',
    cardNumber: pan,
    cvv,
    cardExpiryMonth: card.expiry_month ?? 0,
    cardExpiryYear: card.expiry_year ?? 0,
    holderName: card.holder_name,
  };
}
