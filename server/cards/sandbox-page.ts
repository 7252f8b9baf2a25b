import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import { authorizeCardPurchase, PurchaseRequestError } from './authorizations.ts';
import { CARD_STATUS } from './card-status.ts';
import { maskedCardNumber } from './cards.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';

/** What the sandbox processor can do to a card's status, as a real processor would report it. */
export type SandboxCardEvent = 'advance' | 'expired' | 'fraud' | 'limited';

const STATUS_NAMES: Record<number, string> = Object.fromEntries(Object.entries(CARD_STATUS).map(([name, id]) => [id, name]));

/** A refusal of the sandbox, shown on the page or answered with HTTP 400. */
class SandboxRefusal extends Error {}

/**
 * Applies a processor event to a card: `advance` moves a physical card along its shipping
 * (printing 19 → printed 20 → shipped 21); `expired`, `fraud` and `limited` set those statuses on
 * an issued card that is not cancelled. A paused card remembers the new status for its unpause.
 */
export async function applySandboxCardEvent(db: Kysely<Database>, cardId: number, event: SandboxCardEvent): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const card = await trx
      .selectFrom('cards')
      .select(['id', 'status_id', 'is_virtual', 'processor_ref'])
      .where('id', '=', cardId)
      .forUpdate()
      .executeTakeFirst();
    if (!card) throw new SandboxRefusal(`No card ${cardId}.`);
    let next: number;
    if (event === 'advance') {
      if (card.is_virtual) throw new SandboxRefusal('A virtual card is not shipped.');
      if (card.status_id === CARD_STATUS.printing) next = CARD_STATUS.printed;
      else if (card.status_id === CARD_STATUS.printed) next = CARD_STATUS.shipped;
      else throw new SandboxRefusal(`Only a printing (19) or printed (20) card moves on; this one is ${STATUS_NAMES[card.status_id] ?? card.status_id}.`);
    } else {
      if (!card.processor_ref || card.status_id === CARD_STATUS.canceled)
        throw new SandboxRefusal('Only an issued card that is not cancelled can change status.');
      next = event === 'expired' ? CARD_STATUS.expired : event === 'fraud' ? CARD_STATUS.fraud : CARD_STATUS.limited;
    }
    if (card.status_id === CARD_STATUS.paused) {
      await trx.updateTable('cards').set({ previous_status_id: next, updated_at: new Date() }).where('id', '=', cardId).execute();
      return card.status_id;
    }
    await trx.updateTable('cards').set({ status_id: next, updated_at: new Date() }).where('id', '=', cardId).execute();
    return next;
  });
}

async function processorRefOf(db: Kysely<Database>, cardId: number): Promise<string> {
  const card = await db.selectFrom('cards').select('processor_ref').where('id', '=', cardId).executeTakeFirst();
  if (!card?.processor_ref) throw new SandboxRefusal(`Card ${cardId} has not been issued by the processor yet.`);
  return card.processor_ref;
}

/** The cards on the page: masked number, status, account, owner; newest first. */
async function cardsForPage(db: Kysely<Database>, login: string) {
  let query = db
    .selectFrom('cards as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .leftJoin('users as u', 'u.customer_id', 'k.customer_id')
    .select([
      'k.id',
      'k.status_id',
      'k.is_virtual',
      'k.role',
      'k.bin',
      'k.last4',
      'k.sub_type',
      'k.holder_name',
      'a.id as account_id',
      'a.currency_code',
      'a.balance',
      'c.scale',
      'u.email',
    ])
    .orderBy('k.id', 'desc')
    .limit(50);
  if (login) query = query.where('u.email', '=', login.toLowerCase());
  return query.execute();
}

interface AuthorizeBody {
  amount?: string;
  currencyCode?: string;
  merchantName?: string;
  merchantCountry?: string;
  mcc?: string;
  processorAuthId?: string;
}

const isForm = (contentType: unknown) => String(contentType ?? '').includes('form-urlencoded');

/**
 * The sandbox card processor: `GET /sandbox/cards?login=` lists the cards (masked numbers only),
 * with buttons to move a physical card along its shipping, mark it expired, fraud or limited, and
 * a purchase form the processor sends to the bank as an authorisation request. JSON endpoints for
 * tests: `POST /sandbox/cards/:cardId/authorize` `{ amount, currencyCode, merchantName,
 * merchantCountry?, mcc?, processorAuthId? }` → the outcome, and `POST /sandbox/cards/:cardId/status`
 * `{ event: advance | expired | fraud | limited }` → `{ cardId, cardStatusId }`. Registered only with sandboxes.
 */
export async function cardSandboxPage(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  const { db } = options;
  acceptFormBodies(app);

  app.post<{ Params: { cardId: string }; Body: AuthorizeBody }>('/sandbox/cards/:cardId/authorize', async (request, reply) => {
    const form = isForm(request.headers['content-type']);
    const body = request.body ?? {};
    try {
      const processorRef = await processorRefOf(db, Number(request.params.cardId));
      const outcome = await authorizeCardPurchase(db, {
        processorRef,
        amount: String(body.amount ?? '').trim(),
        currencyCode: String(body.currencyCode ?? '')
          .trim()
          .toUpperCase(),
        merchantName: String(body.merchantName ?? '').trim(),
        merchantCountry: String(body.merchantCountry ?? 'GB'),
        mcc: String(body.mcc ?? '5999'),
        processorAuthId: String(body.processorAuthId || `sbx-auth-${randomBytes(9).toString('base64url')}`),
      });
      const answer = { ...outcome, authorizationId: Number(outcome.authorizationId) };
      if (!form) return answer;
      const done =
        outcome.status === 'approved' ? `Approved: ${outcome.billedAmount} ${outcome.billedCurrencyCode} charged.` : `Declined: ${outcome.declineReason}.`;
      return reply.redirect(`/sandbox/cards?${new URLSearchParams({ done })}`, 303);
    } catch (error) {
      if (!(error instanceof PurchaseRequestError || error instanceof SandboxRefusal)) throw error;
      if (!form) return reply.code(400).send({ message: error.message });
      return reply.redirect(`/sandbox/cards?${new URLSearchParams({ error: error.message })}`, 303);
    }
  });

  app.post<{ Params: { cardId: string }; Body: { event?: string } }>('/sandbox/cards/:cardId/status', async (request, reply) => {
    const form = isForm(request.headers['content-type']);
    const event = String(request.body?.event ?? '');
    const cardId = Number(request.params.cardId);
    try {
      if (!['advance', 'expired', 'fraud', 'limited'].includes(event)) throw new SandboxRefusal('The event is one of advance, expired, fraud, limited.');
      const cardStatusId = await applySandboxCardEvent(db, cardId, event as SandboxCardEvent);
      if (!form) return { cardId, cardStatusId };
      return reply.redirect(`/sandbox/cards?${new URLSearchParams({ done: `Card ${cardId} is now ${STATUS_NAMES[cardStatusId] ?? cardStatusId}.` })}`, 303);
    } catch (error) {
      if (!(error instanceof SandboxRefusal)) throw error;
      if (!form) return reply.code(400).send({ message: error.message });
      return reply.redirect(`/sandbox/cards?${new URLSearchParams({ error: error.message })}`, 303);
    }
  });

  app.get<{ Querystring: { login?: string; done?: string; error?: string } }>('/sandbox/cards', async (request, reply) => {
    const login = request.query.login ?? '';
    const cards = await cardsForPage(db, login);
    const notice = request.query.error
      ? `<p role="alert">${escapeHtml(request.query.error)}</p>`
      : request.query.done
        ? `<p role="status" class="meta">${escapeHtml(request.query.done)}</p>`
        : '';
    const filter = `<form method="get"><label for="login">Customer e-mail</label> <input id="login" name="login" value="${escapeHtml(login)}"> <button>Show</button></form>`;
    const list = cards
      .map((card) => {
        const number = card.bin && card.last4 ? maskedCardNumber(card.bin, card.last4) : 'not issued yet';
        const status = STATUS_NAMES[card.status_id] ?? String(card.status_id);
        const event = (name: SandboxCardEvent, label: string, className = '') =>
          `<form method="post" action="/sandbox/cards/${card.id}/status" style="display:inline"><input type="hidden" name="event" value="${name}"><button${className ? ` class="${className}"` : ''}>${label}</button></form>`;
        const shipping =
          !card.is_virtual && (card.status_id === CARD_STATUS.printing || card.status_id === CARD_STATUS.printed)
            ? event('advance', card.status_id === CARD_STATUS.printing ? 'Mark printed' : 'Mark shipped', 'primary')
            : '';
        const issued = card.bin !== null && card.status_id !== CARD_STATUS.canceled;
        const purchase =
          issued && card.role === 'current'
            ? `<form method="post" action="/sandbox/cards/${card.id}/authorize">
    <h3>Purchase</h3>
    <label for="amount-${card.id}">Amount</label> <input id="amount-${card.id}" name="amount" inputmode="decimal" required size="8">
    <label for="currency-${card.id}">Currency</label> <input id="currency-${card.id}" name="currencyCode" value="${escapeHtml(card.currency_code)}" size="4" required>
    <label for="merchant-${card.id}">Merchant</label> <input id="merchant-${card.id}" name="merchantName" value="Corner Coffee" required>
    <label for="country-${card.id}">Country</label> <input id="country-${card.id}" name="merchantCountry" value="GB" size="2">
    <button class="primary">Authorise</button>
  </form>`
            : '';
        return `<article>
  <h2>${escapeHtml(number)} · ${escapeHtml(card.email ?? '')}</h2>
  <p class="meta">Card ${card.id} · ${card.is_virtual ? 'virtual' : 'physical'} ${escapeHtml(card.sub_type)} · ${escapeHtml(card.role)} · status ${escapeHtml(status)} (${card.status_id}) · account ${card.account_id}, balance ${escapeHtml(formatMinorUnits(card.balance, card.scale))} ${escapeHtml(card.currency_code)}</p>
  <p>${shipping} ${issued ? `${event('expired', 'Mark expired')} ${event('fraud', 'Mark fraud', 'danger')} ${event('limited', 'Mark limited')}` : ''}</p>
  ${purchase}
</article>`;
      })
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(sandboxPage('Card processor', `${notice}\n${filter}\n${list || '<p>No cards yet. A customer applies for one on the add card screen.</p>'}`));
  });
}
