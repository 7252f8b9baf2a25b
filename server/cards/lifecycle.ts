import { requestLanguage, wordText, type KeyedText, type TextValues } from '../i18n/texts.ts';
import { keyedCounterparty, keyedDescription } from '../ledger/descriptions.ts';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Card } from '../../generated/entities.ts';
import { maskedAccountNumber } from '../accounts/balances.ts';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { LedgerError } from '../ledger/errors.ts';
import { formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { CARD_STATUS, cardActionAllowed, type CardAction } from './card-status.ts';
import { customerCard, factsOf, lockCard, type LockedCard } from './cards.ts';
import { chargeCardFees, currencyScales, feesIn, offerIn, paymentAccount, type FeeItem } from './fees.ts';
import { cardProduct, countryOffer, productNameText, type CountryOffer, type ShippingOption } from './products.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const refusal = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key }] });
const refused = (key: string, values?: TextValues) => new RpcRefusal('TA1', { key, ...(values ? { values } : {}) });

/** How long an issue or an activation may hold its claim before another attempt may take over (processor timeouts are 10 s). */
const ACTIVATION_CLAIM_SECONDS = 120;

/**
 * What the history calls a card, as a text worded when read: the name the customer gave it, else its
 * product's name in the reader's language, with the last four digits when issued.
 *
 * @example
 * wordText('es', cardLabelText({ product_type: 2006, last4: '3118' })); // 'Mastercard prepago virtual •3118'
 * cardLabelText({ product_type: 2006, last4: '3118' }, 'Travel'); // { key: 'cards.label', values: { name: 'Travel', last4: '3118' } }
 */
export function cardLabelText(card: { product_type: number; last4: string | null }, alias?: string | null): KeyedText {
  const name = alias || productNameText(card.product_type);
  return card.last4 ? { key: 'cards.label', values: { name, last4: card.last4 } } : { key: 'cards.labelNoNumber', values: { name } };
}

/** The card offer of `countryCode` priced in the card's currency (fees are always shown and charged in it). */
async function cardOffer(db: Db, countryCode: string, cardCurrency: string): Promise<CountryOffer> {
  return offerIn(countryOffer(countryCode), cardCurrency, await currencyScales(db));
}

function shippingOption(offer: CountryOffer, type: 'standard' | 'express'): ShippingOption | undefined {
  return offer.shippingOptions.find((option) => option.type === type);
}

function optionById(offer: CountryOffer, id: string | null): ShippingOption | undefined {
  return id ? offer.shippingOptions.find((option) => option.id === id) : undefined;
}

/** Runs `work` in a transaction on the plain database of a non-money-moving call. */
function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

const MESSAGES: Partial<Record<CardAction, string>> = {
  pause: 'server.cards.state.pause',
  unpause: 'server.cards.state.unpause',
  block: 'server.cards.state.block',
  rename: 'server.cards.state.rename',
  load: 'server.cards.loadActiveOnly',
};

/** Refuses `action` on the locked card unless its status allows it, with the rule's reason. */
function requireAllowed(action: CardAction, locked: LockedCard): void {
  const facts = factsOf(locked.current, locked.replacement !== undefined);
  if (cardActionAllowed(action, facts)) return;
  if (action === 'reissue') {
    throw refused(locked.replacement ? 'server.cards.replacementOnItsWay' : 'server.cards.reissueStates');
  }
  if (action === 'upgradeShipping') {
    if (locked.current.is_virtual) throw refused('server.cards.virtualNotShipped');
    if (locked.current.express_shipping) throw refused('server.cards.alreadyExpress');
    throw refused('server.cards.alreadyShipped');
  }
  throw refused(MESSAGES[action] ?? 'server.cards.state.other');
}

async function accountAlias(trx: Trx, accountId: number): Promise<string | null> {
  return (await trx.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow()).name;
}

/** Runs a change on the customer's locked card account and answers the card as it is afterwards. */
async function changeCard(ctx: RpcContext, accountId: number, change: (trx: Trx, locked: LockedCard, customerId: number) => Promise<void>): Promise<Card> {
  const { customerId } = callerOf(ctx);
  await inTransaction(ctx.db, async (trx) => change(trx, await lockCard(trx, customerId, accountId), customerId));
  return customerCard(ctx.db, customerId, accountId, requestLanguage(ctx.acceptLanguage));
}

const touch = () => ({ updated_at: new Date() });

/** cardPause: active or expired → paused, remembering which to return to. */
export const pauseCard = (ctx: RpcContext, accountId: number) =>
  changeCard(ctx, accountId, async (trx, locked) => {
    requireAllowed('pause', locked);
    await trx
      .updateTable('cards')
      .set({ previous_status_id: locked.current.status_id, status_id: CARD_STATUS.paused, ...touch() })
      .where('id', '=', locked.current.id)
      .execute();
  });

/** cardUnpause: paused → what it was (active or expired). */
export const unpauseCard = (ctx: RpcContext, accountId: number) =>
  changeCard(ctx, accountId, async (trx, locked) => {
    requireAllowed('unpause', locked);
    await trx
      .updateTable('cards')
      .set({ status_id: locked.current.previous_status_id ?? CARD_STATUS.active, previous_status_id: null, ...touch() })
      .where('id', '=', locked.current.id)
      .execute();
  });

/** cardSetAlias: names the card account. */
export const setCardAlias = (ctx: RpcContext, accountId: number, alias: string) =>
  changeCard(ctx, accountId, async (trx, locked) => {
    const name = alias.trim();
    if (!name) throw refusal('cardAliasName', 'server.cards.enterName');
    requireAllowed('rename', locked);
    await trx.updateTable('accounts').set({ name }).where('id', '=', locked.account.id).execute();
  });

/**
 * cardBlock: cancels the card for good. Its whole balance goes back to the settlement account
 * (ledger transaction of type Card), the card (and a replacement on its way) is cancelled and the
 * card account closes.
 */
export const blockCard = (ctx: RpcContext, accountId: number) =>
  changeCard(ctx, accountId, async (trx, locked) => {
    requireAllowed('block', locked);
    const { account } = locked;
    if (account.pending > 0n) throw refused('server.cards.pendingPayment');
    if (account.balance !== 0n) {
      const settlement = account.settlement_account_id;
      if (settlement === null) throw new Error(`Card account ${account.id} has no settlement account.`);
      const label = cardLabelText(locked.current, await accountAlias(trx, account.id));
      try {
        await writeLedgerTransaction(trx, {
          operationType: 'Card',
          ...keyedDescription('server.ledger.cardCancelled', { card: label }),
          legs: [
            { accountId: account.id, amount: -account.balance, ...keyedCounterparty('server.ledger.settlementAccount') },
            { accountId: settlement, amount: account.balance, counterparty: wordText('en', label), counterpartyText: label },
          ],
        });
      } catch (error) {
        if (error instanceof LedgerError && (error.reason === 'closedAccount' || error.reason === 'insufficientFunds')) {
          const reason =
            error.reason === 'closedAccount' ? 'server.cards.balanceNotReturnedBecause.closed' : 'server.cards.balanceNotReturnedBecause.insufficient';
          throw refused('server.cards.balanceNotReturned', { reason: { key: reason } });
        }
        throw error;
      }
    }
    await trx
      .updateTable('cards')
      .set({ status_id: CARD_STATUS.canceled, previous_status_id: null, ...touch() })
      .where('id', '=', locked.current.id)
      .execute();
    if (locked.replacement) {
      await trx
        .updateTable('cards')
        .set({ status_id: CARD_STATUS.canceled, role: 'retired', ...touch() })
        .where('id', '=', locked.replacement.id)
        .execute();
    }
    await trx.updateTable('accounts').set({ status: ACCOUNT_STATUS.closed }).where('id', '=', account.id).execute();
  });

/** Adds two decimal fee amounts of the same currency. */
async function addFees(trx: Trx, currency: string, a: string, b: string): Promise<string> {
  const scale = (await currencyScales(trx))(currency);
  return formatMinorUnits(toMinorUnits(a, scale) + toMinorUnits(b, scale), scale);
}

async function subtractFees(db: Db, currency: string, a: string, b: string): Promise<string> {
  const scale = (await currencyScales(db))(currency);
  const difference = toMinorUnits(a, scale) - toMinorUnits(b, scale);
  return formatMinorUnits(difference > 0n ? difference : 0n, scale);
}

/**
 * cardUpgradeShipping: a physical card not yet shipped moves from standard to express shipping;
 * the difference between the two fees is charged from the settlement account now (activation then
 * charges only what is left of the shipping fee).
 */
export const upgradeCardShipping = (ctx: RpcContext, accountId: number) =>
  changeCard(ctx, accountId, async (trx, locked, customerId) => {
    requireAllowed('upgradeShipping', locked);
    const card = locked.current;
    const offer = await cardOffer(trx, card.country_code, locked.account.currency_code);
    const express = shippingOption(offer, 'express');
    if (!express) throw refused('server.cards.expressNotOffered');
    if (express.disabledReasons.length > 0) throw refused(`server.cards.shippingDisabled.${express.disabledReasons[0]!}`);
    const paidSoFar = card.shipping_fee_paid;
    const chosen = optionById(offer, card.shipping_option_id);
    const difference = await subtractFees(trx, offer.fees.currency, express.fee, chosen?.fee ?? '0');
    const settlement = await paymentAccount(trx, customerId, locked.account.settlement_account_id ?? 0, 'accountId');
    await chargeCardFees(trx, {
      account: settlement,
      items: [{ fee: 'expressUpgrade', amount: difference, currency: offer.fees.currency }],
      field: 'accountId',
      cardLabel: cardLabelText(card, await accountAlias(trx, locked.account.id)),
    });
    await trx
      .updateTable('cards')
      .set({
        shipping_option_id: express.id,
        express_shipping: true,
        shipping_fee_paid: await addFees(trx, offer.fees.currency, paidSoFar, difference),
        ...touch(),
      })
      .where('id', '=', card.id)
      .execute();
  });

/** Whether a call at the processor holds the card's claim and may still be running. */
const claimHeld = (card: { activation_claimed_at: Date | null }) =>
  card.activation_claimed_at !== null && Date.now() - card.activation_claimed_at.getTime() < ACTIVATION_CLAIM_SECONDS * 1000;

/** Gives back the claim `claim` took, unless another call has taken over since. */
const releaseClaim = (db: Db, cardId: number, claim: string) =>
  db.updateTable('cards').set({ activation_claim: null, activation_claimed_at: null }).where('id', '=', cardId).where('activation_claim', '=', claim).execute();

/** The processor's answer stored on a card: reference, BIN, last four, expiry, and its new status. */
async function issueAtProcessor(ctx: RpcContext, card: { id: number; product_type: number; holder_name: string; is_virtual: boolean }): Promise<void> {
  const product = cardProduct(card.product_type);
  if (!product) throw new Error(`Card ${card.id} has product ${card.product_type}, which schemas/data/card-products.json no longer lists.`);
  let issued;
  try {
    issued = await ctx.adapters.cardProcessor.issueCard({
      bin: product.bin,
      holderName: card.holder_name,
      isVirtual: card.is_virtual,
      validityYears: product.validityYears,
    });
  } catch (error) {
    ctx.log.error({ cardId: card.id, err: error instanceof Error ? error.message : String(error) }, 'card processor could not issue a card');
    throw new RpcRefusal('UE', {
      key: 'server.cards.processorIssue',
    });
  }
  await ctx.db
    .updateTable('cards')
    .set({
      processor_ref: issued.processorRef,
      bin: issued.bin,
      last4: issued.last4,
      expiry_month: issued.expiryMonth,
      expiry_year: issued.expiryYear,
      status_id: card.is_virtual ? CARD_STATUS.pending : CARD_STATUS.printing,
      ...touch(),
    })
    .where('id', '=', card.id)
    .where('processor_ref', 'is', null)
    .where('status_id', '=', CARD_STATUS.processing)
    .execute();
}

/**
 * Refuses, before anything changes, an order whose card is activated with it (a virtual card) when its
 * settlement account cannot pay what activation will charge (issue and annual fees, in that account's
 * currency, as chargeCardFees converts them).
 */
async function requireFeesCovered(trx: Trx, card: LockedCard['current']): Promise<void> {
  const account = await trx
    .selectFrom('accounts as card')
    .innerJoin('accounts as a', 'a.id', 'card.settlement_account_id')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['card.currency_code as cardCurrency', 'a.currency_code', 'a.balance', 'a.pending', 'a.balance_min', 'c.scale'])
    .where('card.id', '=', card.account_id)
    .executeTakeFirst();
  if (!account) throw new Error(`Card account ${card.account_id} has no settlement account.`);
  const { items } = await activationFees(trx, card, account.cardCurrency);
  const total = feesIn(items, account.currency_code, account.scale, await currencyScales(trx));
  if (BigInt(account.balance) - BigInt(account.pending) - total < BigInt(account.balance_min)) {
    throw new RpcRefusal('TA1', {
      key: 'server.cards.feesNotCovered',
      values: { total: { amount: formatMinorUnits(total, account.scale), currency: account.currency_code } },
    });
  }
}

/**
 * Activates a card the processor has just issued when its order activates it (card-status.ts,
 * `activateWithOrder`: a virtual card, first or replacement), charging its fees from the card account's
 * settlement account; undefined when the card waits (a physical card, or an issue still to retry).
 */
async function activateWithOrder(ctx: RpcContext, cardId: number, accountId: number) {
  const issued = await ctx.db.selectFrom('cards').select(['status_id', 'is_virtual', 'express_shipping']).where('id', '=', cardId).executeTakeFirstOrThrow();
  if (!cardActionAllowed('activateWithOrder', factsOf(issued, false))) return undefined;
  const settlement = await ctx.db.selectFrom('accounts').select('settlement_account_id').where('id', '=', accountId).executeTakeFirstOrThrow();
  return activateCard(ctx, { accountId, feeAccountId: settlement.settlement_account_id ?? 0 });
}

/**
 * cardConfirm: a submitted application goes to processing (in a transaction), then the processor
 * is asked to issue the card (outside it): virtual → pending, physical → printing. If the processor
 * fails, the card stays processing and confirming again retries the issue. Also retries the issue
 * of a reissued card left processing. The issue holds the card's claim, so a confirmation that comes
 * while another one's issue runs is refused, and the processor issues one card per order.
 *
 * A virtual card is then activated with its order (card-status.ts, `activateWithOrder`): activateCard
 * charges its fees from the settlement account the confirmation named, assigns the PIN and answers it
 * once, so the card is usable at once. A physical card is activated when it has arrived.
 */
export async function confirmCard(ctx: RpcContext, cardId: number): Promise<{ accountId: number; card: Card; pinCode?: string }> {
  const { customerId } = callerOf(ctx);
  const claim = randomBytes(12).toString('base64url');
  const card = await inTransaction(ctx.db, async (trx) => {
    const row = await trx.selectFrom('cards').selectAll().where('id', '=', cardId).forUpdate().executeTakeFirst();
    if (!row || row.customer_id !== customerId) throw new RpcRefusal('13');
    if (row.role === 'retired') throw refused('server.cards.retired');
    const retry = row.status_id === CARD_STATUS.processing && row.processor_ref === null;
    if (!retry && !cardActionAllowed('confirm', factsOf(row, false))) throw refused('server.cards.alreadyConfirmed');
    // Processing under another confirmation's live claim is that confirmation's issue, not one left to retry.
    if (retry && claimHeld(row)) throw refused('server.cards.alreadyConfirmed');
    if (row.role === 'current' && row.is_virtual) await requireFeesCovered(trx, row);
    await trx
      .updateTable('cards')
      .set({ status_id: CARD_STATUS.processing, activation_claim: claim, activation_claimed_at: new Date(), ...touch() })
      .where('id', '=', row.id)
      .execute();
    return row;
  });
  try {
    await issueAtProcessor(ctx, card);
  } finally {
    await releaseClaim(ctx.db, card.id, claim);
  }
  const activated = card.role === 'current' ? await activateWithOrder(ctx, card.id, card.account_id) : undefined;
  if (activated) return { accountId: card.account_id, ...activated };
  return { accountId: card.account_id, card: await customerCard(ctx.db, customerId, card.account_id, requestLanguage(ctx.acceptLanguage)) };
}

/**
 * cardConfirmation: the application `confirmCard` would send, with the fees and the chosen shipping of the
 * country it was applied for, in the card's currency, and the settlement account that pays them. Only the account's current card, as the card list shows it.
 */
export async function confirmationSummary(ctx: RpcContext, cardId: number) {
  const { customerId } = callerOf(ctx);
  const row = await ctx.db.selectFrom('cards').select(['account_id', 'customer_id']).where('id', '=', cardId).executeTakeFirst();
  if (!row || row.customer_id !== customerId) throw new RpcRefusal('13');
  const card = await customerCard(ctx.db, customerId, row.account_id, requestLanguage(ctx.acceptLanguage));
  if (card.cardId !== cardId) throw new RpcRefusal('13');
  const offer = await cardOffer(ctx.db, card.countryCode, card.currencyCode);
  const shipping = card.cardIsVirtual ? undefined : (optionById(offer, card.shippingOptionId ?? null) ?? shippingOption(offer, 'standard'));
  const { annual, issue, monthly, currency } = offer.fees;
  const settlement = await ctx.db
    .selectFrom('accounts')
    .select(['id', 'currency_code', 'name'])
    .where('id', '=', card.settlementAccountId ?? 0)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return {
    card,
    fees: { annual, issue, monthly, currency, ...(shipping ? { shipping: shipping.fee, ...shipping.deliveryTime } : {}) },
    // The paying account named as the customer knows it (never its database id).
    ...(settlement
      ? {
          settlementAccount: {
            accountId: settlement.id,
            currencyCode: settlement.currency_code,
            maskedNumber: maskedAccountNumber(settlement.id),
            ...(settlement.name ? { name: settlement.name } : {}),
          },
        }
      : {}),
  };
}

/**
 * cardReissue: orders a replacement card (processing, then issued by the processor after the
 * commit: virtual → pending, physical → printing). Express shipping (physical cards only, where not
 * disabled) is charged from the settlement account now. Activating the account swaps it in.
 *
 * A virtual replacement is activated with its order, as a first virtual card is (card-status.ts,
 * `activateWithOrder`): its issue fee is charged from the settlement account, the old card is retired
 * and the new one is usable at once. An order whose settlement account cannot pay that fee is refused
 * before anything changes.
 */
export async function reissueCard(ctx: RpcContext, accountId: number, isExpressShipping: boolean): Promise<Card> {
  const { customerId, user } = callerOf(ctx);
  const claim = randomBytes(12).toString('base64url');
  const replacement = await inTransaction(ctx.db, async (trx) => {
    const locked = await lockCard(trx, customerId, accountId);
    requireAllowed('reissue', locked);
    const card = locked.current;
    const offer = await cardOffer(trx, card.country_code, locked.account.currency_code);
    let option: ShippingOption | undefined;
    let paid = '0';
    if (!card.is_virtual) {
      option = shippingOption(offer, isExpressShipping ? 'express' : 'standard');
      if (!option) throw refusal('isExpressShipping', isExpressShipping ? 'server.cards.expressNotOffered' : 'server.cards.standardNotOffered');
      if (option.disabledReasons.length > 0) throw refusal('isExpressShipping', `server.cards.shippingDisabled.${option.disabledReasons[0]!}`);
      if (isExpressShipping) {
        const settlement = await paymentAccount(trx, customerId, locked.account.settlement_account_id ?? 0, 'accountId');
        await chargeCardFees(trx, {
          account: settlement,
          items: [{ fee: 'expressShipping', amount: option.fee, currency: offer.fees.currency }],
          field: 'isExpressShipping',
          cardLabel: cardLabelText(card, await accountAlias(trx, locked.account.id)),
        });
        paid = option.fee;
      }
    } else if (isExpressShipping) {
      throw refusal('isExpressShipping', 'server.cards.virtualNotShipped');
    } else {
      // Activated with its order: what that activation charges a replacement must be there now.
      await requireFeesCovered(trx, { ...card, role: 'replacement' });
    }
    return trx
      .insertInto('cards')
      .values({
        customer_id: customerId,
        account_id: card.account_id,
        product_type: card.product_type,
        sub_type: card.sub_type,
        is_virtual: card.is_virtual,
        status_id: CARD_STATUS.processing,
        previous_status_id: null,
        role: 'replacement',
        replaces_card_id: card.id,
        processor_ref: null,
        bin: null,
        last4: null,
        expiry_month: null,
        expiry_year: null,
        holder_name: card.holder_name,
        country_code: card.country_code,
        shipping_option_id: option?.id ?? null,
        express_shipping: isExpressShipping && !card.is_virtual,
        address_id: card.address_id,
        document_ids: JSON.stringify([]),
        created_by_user_id: user.userId,
        activated_at: null,
        shipping_fee_paid: paid,
        // Held while the processor issues it, as a confirmation's issue is.
        activation_claim: claim,
        activation_claimed_at: new Date(),
      })
      .returning(['id', 'product_type', 'holder_name', 'is_virtual'])
      .executeTakeFirstOrThrow();
  });
  try {
    await issueAtProcessor(ctx, replacement);
  } catch (error) {
    // The replacement is ordered either way: the answer shows it processing, and confirming it retries.
    if (!(error instanceof RpcRefusal)) throw error;
  } finally {
    await releaseClaim(ctx.db, replacement.id, claim);
  }
  const activated = await activateWithOrder(ctx, replacement.id, accountId);
  if (activated) return activated.card;
  return customerCard(ctx.db, customerId, accountId, requestLanguage(ctx.acceptLanguage));
}

/**
 * cardReissueQuote: what a reissue offers before it is asked, by the rules `reissueCard` applies: the
 * card's status (its capabilities), and for a physical card the express option of the card's country.
 */
export async function reissueQuote(ctx: RpcContext, accountId: number) {
  const card = await customerCard(ctx.db, callerOf(ctx).customerId, accountId, requestLanguage(ctx.acceptLanguage));
  const offer = await cardOffer(ctx.db, card.countryCode, card.currencyCode);
  const express = card.cardIsVirtual ? undefined : shippingOption(offer, 'express');
  const offered = !!express && express.disabledReasons.length === 0;
  return {
    accountId: card.accountId,
    reissueAllowed: card.capabilities.reissue,
    cardIsVirtual: card.cardIsVirtual,
    expressOffered: offered,
    currencyCode: offer.fees.currency,
    ...(express && offered ? { expressFee: express.fee } : {}),
    ...(express?.deliveryTime && offered ? express.deliveryTime : {}),
    ...(express && !offered && express.disabledReasons[0] ? { expressDisabledReason: express.disabledReasons[0] } : {}),
  };
}

/** The card an activation is about: a replacement that arrived, else the current card. */
function activationTarget(locked: Pick<LockedCard, 'current' | 'replacement'>) {
  const { current, replacement } = locked;
  if (replacement && cardActionAllowed('activate', factsOf(replacement, false))) return replacement;
  return current;
}

/** The fees activating `card` costs: issue, annual (first card only) and what is left of shipping. */
async function activationFees(db: Db, card: LockedCard['current'], cardCurrency: string): Promise<{ items: FeeItem[]; currency: string }> {
  const offer = await cardOffer(db, card.country_code, cardCurrency);
  const { fees } = offer;
  const firstCard = card.role === 'current';
  const items: FeeItem[] = [{ fee: 'issue', amount: fees.issue, currency: fees.currency }];
  if (firstCard) items.push({ fee: 'annual', amount: fees.annual, currency: fees.currency });
  if (!card.is_virtual) {
    const option = optionById(offer, card.shipping_option_id) ?? shippingOption(offer, 'standard');
    items.push({
      fee: 'shipping',
      amount: await subtractFees(db, fees.currency, option?.fee ?? '0', card.shipping_fee_paid),
      currency: fees.currency,
    });
  }
  return { items, currency: fees.currency };
}

/** cardActivationData: what activation costs, which accounts may pay, and the extra parameters. */
export async function activationData(ctx: RpcContext, accountId: number) {
  const { customerId } = callerOf(ctx);
  const locked = await inTransaction(ctx.db, (trx) => lockCard(trx, customerId, accountId));
  const target = activationTarget(locked);
  const { items, currency } = await activationFees(ctx.db, target, locked.account.currency_code);
  const scale = (await currencyScales(ctx.db))(currency);
  const amountOf = (fee: FeeItem['fee']) => items.find((item) => item.fee === fee)?.amount ?? '0';
  const minor = (value: string) => toMinorUnits(value, scale);
  const total = items.reduce((sum, item) => sum + minor(item.amount), 0n);
  const feeAccounts = await ctx.db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.id', 'a.currency_code', 'c.scale'])
    .where('a.customer_id', '=', customerId)
    .where('a.type', '=', 1001)
    .where('a.status', '=', ACCOUNT_STATUS.open)
    .orderBy(sql`a.currency_code = ${currency}`, 'desc')
    .orderBy('a.id')
    .execute();
  const scales = await currencyScales(ctx.db);
  return {
    accountId,
    fees: {
      issue: formatMinorUnits(minor(amountOf('issue')), scale),
      annual: formatMinorUnits(minor(amountOf('annual')), scale),
      shipping: formatMinorUnits(minor(amountOf('shipping')), scale),
      total: formatMinorUnits(total, scale),
      currency,
    },
    feeAccounts: feeAccounts.map((row) => row.id),
    // What each account would be charged, converted at the day's rate as chargeCardFees will.
    feeQuotes: feeAccounts.map((row) => ({
      accountId: row.id,
      currencyCode: row.currency_code,
      total: formatMinorUnits(feesIn(items, row.currency_code, row.scale, scales), row.scale),
    })),
    extraParams: target.is_virtual
      ? []
      : [{ name: 'last4', title: wordText(requestLanguage(ctx.acceptLanguage), { key: 'cards.activate.extra.last4' }), required: true }],
  };
}

/**
 * cardActivationQuote: activationData's figures flat, for one paying account: the fees in the price
 * list's currency, whether the card is virtual, and with `feeAccountId` (the customer's open payment
 * account, else the same refusal cardActivate gives) what activation would take from it.
 */
export async function activationQuote(ctx: RpcContext, accountId: number, feeAccountId?: number) {
  const { customerId } = callerOf(ctx);
  const locked = await inTransaction(ctx.db, (trx) => lockCard(trx, customerId, accountId));
  const target = activationTarget(locked);
  const { items, currency } = await activationFees(ctx.db, target, locked.account.currency_code);
  const scales = await currencyScales(ctx.db);
  const scale = scales(currency);
  const minor = (fee: FeeItem['fee']) => toMinorUnits(items.find((item) => item.fee === fee)?.amount ?? '0', scale);
  const total = items.reduce((sum, item) => sum + toMinorUnits(item.amount, scale), 0n);
  const quote = {
    accountId,
    activatable: !(target.role === 'current' && target.status_id === CARD_STATUS.active) && cardActionAllowed('activate', factsOf(target, false)),
    cardIsVirtual: target.is_virtual,
    issue: formatMinorUnits(minor('issue'), scale),
    annual: formatMinorUnits(minor('annual'), scale),
    shipping: formatMinorUnits(minor('shipping'), scale),
    total: formatMinorUnits(total, scale),
    currencyCode: currency,
  };
  if (feeAccountId === undefined) return quote;
  const account = await paymentAccount(ctx.db, customerId, feeAccountId, 'feeAccountId');
  return {
    ...quote,
    feeAccountId: account.id,
    feeCurrencyCode: account.currency_code,
    feeTotal: formatMinorUnits(feesIn(items, account.currency_code, account.scale, scales), account.scale),
  };
}

/**
 * cardActivate: activates an issued card (or swaps in a replacement that arrived). In three steps,
 * so the PIN the customer is told is the PIN the processor keeps:
 * 1. a short transaction claims the activation (a second, concurrent one is refused);
 * 2. the processor assigns the PIN (outside any transaction);
 * 3. one transaction charges the fees from `feeAccountId` through the ledger and sets the card active
 *    (the replaced card is retired). A refusal here releases the claim.
 * Answers the PIN once; it is stored nowhere on the bank's side.
 */
export async function activateCard(ctx: RpcContext, params: { accountId: number; feeAccountId: number; extraParams?: { last4?: string } }) {
  const { customerId } = callerOf(ctx);
  const claim = randomBytes(12).toString('base64url');
  const target = await inTransaction(ctx.db, async (trx) => {
    const locked = await lockCard(trx, customerId, params.accountId);
    // Every id the caller names is checked for its owner before anything about the card is said.
    await paymentAccount(trx, customerId, params.feeAccountId, 'feeAccountId');
    const card = activationTarget(locked);
    if (card.role === 'current' && card.status_id === CARD_STATUS.active) throw refused('server.cards.alreadyActive');
    if (!cardActionAllowed('activate', factsOf(card, false))) {
      throw refused(card.is_virtual ? 'server.cards.virtualActivation' : 'server.cards.physicalActivation');
    }
    if (claimHeld(card)) throw refused('server.cards.activationUnderWay');
    if (!card.is_virtual) {
      const given = params.extraParams?.last4?.trim() ?? '';
      if (!/^[0-9]{4}$/.test(given)) throw refusal('extraParams.last4', 'server.cards.last4Format');
      if (given !== card.last4) throw refusal('extraParams.last4', 'server.cards.last4Wrong');
    }
    if (!card.processor_ref) throw new Error(`Card ${card.id} is activatable but has no processor reference.`);
    await trx.updateTable('cards').set({ activation_claim: claim, activation_claimed_at: new Date() }).where('id', '=', card.id).execute();
    return card;
  });

  const release = () => releaseClaim(ctx.db, target.id, claim);
  let pinCode: string;
  try {
    pinCode = await ctx.adapters.cardProcessor.assignPin(target.processor_ref!);
  } catch (error) {
    await release();
    ctx.log.error({ cardId: target.id, err: error instanceof Error ? error.message : String(error) }, 'card processor could not assign a PIN');
    throw new RpcRefusal('UE', {
      key: 'server.cards.processorPin',
    });
  }

  try {
    await inTransaction(ctx.db, async (trx) => {
      const locked = await lockCard(trx, customerId, params.accountId);
      const card = [locked.current, locked.replacement].find((row) => row?.id === target.id);
      if (!card || card.activation_claim !== claim) throw refused('server.cards.changedMeanwhile');
      const feeAccount = await paymentAccount(trx, customerId, params.feeAccountId, 'feeAccountId');
      const { items } = await activationFees(trx, card, locked.account.currency_code);
      await chargeCardFees(trx, {
        account: feeAccount,
        items,
        field: 'feeAccountId',
        cardLabel: cardLabelText(card, await accountAlias(trx, params.accountId)),
      });
      const now = new Date();
      if (card.role === 'replacement') {
        await trx.updateTable('cards').set({ role: 'retired', status_id: CARD_STATUS.canceled, updated_at: now }).where('id', '=', locked.current.id).execute();
      }
      await trx
        .updateTable('cards')
        .set({
          role: 'current',
          status_id: CARD_STATUS.active,
          previous_status_id: null,
          activated_at: now,
          activation_claim: null,
          activation_claimed_at: null,
          updated_at: now,
        })
        .where('id', '=', card.id)
        .execute();
    });
  } catch (error) {
    await release();
    throw error;
  }
  return { pinCode, card: await customerCard(ctx.db, customerId, params.accountId, requestLanguage(ctx.acceptLanguage)) };
}
