import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import { asSandboxRail } from './adapters.ts';
import { collectRailReports } from './payouts.ts';
import { RAILS, type RailAdapters, type RailName } from './rail-adapter.ts';
import { localeTexts } from '../i18n/texts.ts';
import { payoutTransition, type PayoutState } from './payout-states.ts';
import { REASON_CODES, REASON_CODE_PATTERN, reasonKey } from './reason-codes.ts';
import { SandboxRailError, type SandboxAction } from './sandbox-rail.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';

interface ActionBody {
  action?: string;
  reasonCode?: string;
}

const ACTIONS: readonly SandboxAction[] = ['settle', 'return', 'fail'];
const ACTION_STATES: Record<SandboxAction, PayoutState> = { settle: 'settled', return: 'returned', fail: 'failed' };
const ACTION_WORDS: Record<SandboxAction, string> = { settle: 'Settle', return: 'Return', fail: 'Fail' };
/** The sandbox pages are in English, as every sandbox page is. */
const english = localeTexts('en');

/** The latest payouts the sandbox networks were sent, with their customer. */
async function payoutsForPage(db: Kysely<Database>) {
  return db
    .selectFrom('rail_sandbox_payouts as s')
    .leftJoin('rail_payouts as p', 'p.end_to_end_id', 's.end_to_end_id')
    .leftJoin('transfers as t', 't.id', 'p.transfer_id')
    .leftJoin('users as u', 'u.customer_id', 't.customer_id')
    .select(['s.end_to_end_id', 's.rail', 's.amount', 's.currency_code', 's.state', 's.reason_code', 's.next_at', 'p.beneficiary', 'u.email'])
    .orderBy('s.created_at', 'desc')
    .limit(50)
    .execute();
}

/**
 * The sandbox rails (issue 15): `GET /sandbox/rails` lists the payouts the sandbox networks hold, and
 * `POST /sandbox/rails/:rail/payouts/:endToEndId` (a form, or JSON `{ action: 'settle' | 'return' | 'fail',
 * reasonCode? }` answered with `{ state }`) has the network settle, return (with an ISO 20022 reason code,
 * AC04 when none is given) or fail it, as the real network would report it; the bank collects the report
 * at once. Registered only with sandboxes.
 */
export async function railSandboxPage(app: FastifyInstance, options: { db: Kysely<Database>; rails: RailAdapters }): Promise<void> {
  const { db, rails } = options;
  acceptFormBodies(app);

  app.post<{ Params: { rail: string; endToEndId: string }; Body: ActionBody }>('/sandbox/rails/:rail/payouts/:endToEndId', async (request, reply) => {
    const json = !String(request.headers['content-type'] ?? '').includes('form-urlencoded');
    const fail = (status: number, message: string) =>
      json ? reply.code(status).send({ message }) : reply.redirect(`/sandbox/rails?${new URLSearchParams({ error: message })}`, 303);
    const { rail, endToEndId } = request.params;
    const adapter = (RAILS as readonly string[]).includes(rail) ? asSandboxRail(rails[rail as RailName]) : undefined;
    if (!adapter) return fail(404, `There is no sandbox rail '${rail}'. Rails: ${RAILS.join(', ')}.`);
    const action = request.body?.action as SandboxAction;
    if (!ACTIONS.includes(action)) return fail(400, `Say what the network does: action is one of ${ACTIONS.join(', ')}.`);
    const reasonCode = request.body?.reasonCode || undefined;
    if (reasonCode !== undefined && !REASON_CODE_PATTERN.test(reasonCode)) {
      return fail(400, `A reason code is four capitals or digits (ISO 20022), e.g. ${REASON_CODES.slice(0, 3).join(', ')}.`);
    }
    try {
      const state = await adapter.act(endToEndId, action, reasonCode);
      await collectRailReports(db, adapter);
      return json ? { state } : reply.redirect(`/sandbox/rails?done=${encodeURIComponent(`${endToEndId} ${state}`)}`, 303);
    } catch (error) {
      if (error instanceof SandboxRailError) return fail(error.reason === 'unknown' ? 404 : 409, error.message);
      throw error;
    }
  });

  app.get<{ Querystring: { done?: string; error?: string } }>('/sandbox/rails', async (request, reply) => {
    const payouts = await payoutsForPage(db);
    const notice = request.query.error
      ? `<p role="alert">${escapeHtml(request.query.error)}</p>`
      : request.query.done
        ? `<p role="status" class="meta">${escapeHtml(request.query.done)}.</p>`
        : '';
    const reasons = REASON_CODES.map((code) => `<option value="${code}">${code}: ${escapeHtml(english(reasonKey(code)))}</option>`).join('');
    const list = payouts
      .map((payout) => {
        const id = escapeHtml(payout.end_to_end_id);
        const action = `/sandbox/rails/${escapeHtml(payout.rail)}/payouts/${encodeURIComponent(payout.end_to_end_id)}`;
        const who = payout.beneficiary ? `${payout.beneficiary.name ?? ''} ${payout.beneficiary.iban ?? payout.beneficiary.accountNumber ?? ''}` : '';
        // Only what the state machine still allows is offered: nothing once returned or failed, a late return once settled.
        const allowed = ACTIONS.filter(
          (wanted) => payoutTransition(payout.state, ACTION_STATES[wanted]) !== undefined || (wanted === 'settle' && payout.state === 'pending'),
        );
        const reason = payout.reason_code ? ` (${escapeHtml(payout.reason_code)}: ${escapeHtml(english(reasonKey(payout.reason_code)))})` : '';
        const buttons = allowed
          .map(
            (wanted) =>
              `<button name="action" value="${wanted}"${wanted === 'settle' ? ' class="primary"' : wanted === 'fail' ? ' class="danger"' : ''}>${ACTION_WORDS[wanted]}</button>`,
          )
          .join(' ');
        const reasonField = allowed.some((wanted) => wanted !== 'settle')
          ? `<label for="reason-${id}">Reason of a return or failure</label> <select id="reason-${id}" name="reasonCode"><option value="">Default (return AC04, failure MS03)</option>${reasons}</select> `
          : '';
        return `<article>
  <h2>${id} · ${escapeHtml(payout.amount)} ${escapeHtml(payout.currency_code)} · ${escapeHtml(payout.state)}${reason}</h2>
  <p class="meta">From ${escapeHtml(payout.email ?? '')} to ${escapeHtml(who)}${payout.next_at ? ` · moves on by itself at ${escapeHtml(payout.next_at.toISOString())}` : ''}</p>
  ${allowed.length ? `<form method="post" action="${action}">${reasonField}${buttons}</form>` : '<p class="meta">Ended: the network reports nothing more.</p>'}
</article>`;
      })
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(sandboxPage('Payment rails', `${notice}\n${list || '<p>No payouts yet. A customer sends one by wire.</p>'}`));
  });
}
