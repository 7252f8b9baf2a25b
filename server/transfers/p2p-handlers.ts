import { ownAccountWithScale, positiveAmount } from '../accounts/paying-account.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import type { TextValues } from '../i18n/texts.ts';
import { sql, type Transaction } from 'kysely';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { createTransfer } from './create-transfer.ts';
import { payeeInvitation, returnEscrowed } from './escrow.ts';
import { blacklistedForP2p, checkPayee } from './p2p-payee.ts';
import { transferFee } from '../pricing/pricing.ts';
import { transferScope } from './scope.ts';
import { deleteTemplate, listTemplates, saveTemplate } from './templates.ts';
import { RAIL_KINDS, recentPayouts } from './recent-payouts.ts';

type P2pMethods =
  'p2pTransfer' | 'checkPayee' | 'p2pFee' | 'paymentTemplateList' | 'paymentTemplateDelete' | 'recentTransfers' | 'p2pPendingList' | 'p2pPendingCancel';

const refusal = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/** The kinds of transfer `recentTransfers` may ask for (document 001 section 9) that the product has. */
const RECENT_KINDS: Record<string, string> = { p2p: 'p2p' };

/**
 * Person-to-person transfers by e-mail (document 001 section 7, 'P2P transfer', 'Check payee',
 * 'Recent transfers', 'Payment template list'): send (holding the funds until confirmed, or in escrow
 * for a payee who has not registered), check a payee, preview the fee, templates, recent payees, and
 * take back money still waiting for its payee.
 */
export const p2pHandlers: Pick<RpcHandlerMap<RpcContext>, P2pMethods> = {
  async p2pTransfer(params, ctx) {
    // The fields read here are the transfer's core; every other field the request's schema declares
    // (an analyst's addition, validated before this runs) is kept in the transfer's attributes.
    const { idempotencyKey: _key, accountId, currency, amount, toEmail, note, reference, templateName, ...attributes } = params;
    const scope = transferScope(ctx);
    if (await blacklistedForP2p(scope.trx, scope.customerId, toEmail)) {
      throw refusal('toEmail', 'server.transfers.blacklisted');
    }
    const result = await createTransfer(scope, {
      kind: 'p2p',
      fromAccountId: accountId,
      ...(currency ? { currency } : {}),
      amount,
      to: { email: toEmail },
      ...(note?.trim() ? { description: note.trim() } : keyedDescription('server.ledger.p2p')),
      ...(note ? { note } : {}),
      ...(reference ? { reference } : {}),
      toField: 'toEmail',
      attributes,
    });
    if (templateName?.trim()) {
      await saveTemplate(scope.trx, scope, {
        name: templateName,
        accountId,
        toEmail,
        amount: result.amount,
        currencyCode: result.currencyCode,
        ...(note ? { note } : {}),
        ...(reference ? { reference } : {}),
      });
    }
    // Only money left in escrow for someone not registered yet sends them an invitation.
    const invitation = result.status === 'awaitingPayee' ? await payeeInvitation(scope.trx, BigInt(result.operationId), ctx.origin) : undefined;
    if (invitation) scope.afterCommit(() => scope.adapters.messages.sendEmail(invitation));
    return result;
  },

  async checkPayee(params, ctx) {
    return checkPayee(ctx.db, callerOf(ctx).customerId, params.email);
  },

  async p2pFee(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    const amount = positiveAmount(params.amount, account.scale, 'amount', 'server.amounts.aboveZeroForFee');
    const fee = transferFee('p2p', amount);
    return { fee: formatMinorUnits(fee, account.scale), total: formatMinorUnits(amount + fee, account.scale), currencyCode: account.currency_code };
  },

  async paymentTemplateList(params, ctx) {
    return { templates: await listTemplates(ctx.db, callerOf(ctx).customerId, params.types) };
  },

  async paymentTemplateDelete(params, ctx) {
    await deleteTemplate(ctx.db, callerOf(ctx).customerId, params.id);
    return { deleted: true };
  },

  async recentTransfers(params, ctx) {
    const { customerId } = callerOf(ctx);
    const types = params.types ?? ['p2p'];
    // Payouts are to others' accounts as much as one's own elsewhere: a rail answers for either permission.
    const payouts = await recentPayouts(ctx.db, {
      customerId,
      types: RAIL_KINDS.filter((rail) => types.includes(rail)),
      limit: params.limit ?? 3,
      ...(params.search ? { search: params.search } : {}),
    });
    const kinds = types.map((type) => RECENT_KINDS[type]).filter((kind): kind is string => Boolean(kind));
    if (!kinds.length || params.permission === 'own') return { transfers: payouts };
    const search = params.search?.trim();
    const pattern = search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
    // The newest transfer to each payee, then the newest payees first.
    const latest = ctx.db
      .selectFrom('transfers as t')
      .leftJoin('customers as p', 'p.id', 't.to_customer_id')
      .innerJoin('currencies as c', 'c.code', 't.currency_code')
      .distinctOn(sql`lower(t.to_email)`)
      .select([
        't.id',
        't.kind',
        't.to_email',
        't.from_account_id',
        't.amount',
        't.currency_code',
        't.created_at',
        'c.scale',
        sql<string | null>`coalesce(p.business_name, nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''))`.as('payee_name'),
      ])
      .where('t.customer_id', '=', customerId)
      .where('t.kind', 'in', kinds)
      .where('t.to_email', 'is not', null)
      .where('t.status', 'in', ['completed', 'awaitingPayee'])
      .$if(pattern !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('t.to_email', 'ilike', pattern!),
            eb('p.business_name', 'ilike', pattern!),
            eb(sql`concat_ws(' ', p.first_name, p.last_name)`, 'ilike', pattern!),
          ]),
        ),
      )
      .orderBy(sql`lower(t.to_email)`)
      .orderBy('t.id', 'desc');
    const rows = await ctx.db
      .selectFrom(latest.as('r'))
      .selectAll()
      .orderBy('r.id', 'desc')
      .limit(params.limit ?? 3)
      .execute();
    const p2p = rows.map((row) => ({
      operationId: Number(row.id),
      type: row.kind as 'p2p',
      email: row.to_email!,
      ...(row.payee_name ? { name: row.payee_name } : {}),
      accountId: row.from_account_id,
      amount: formatMinorUnits(row.amount, row.scale),
      currencyCode: row.currency_code,
      date: row.created_at.toISOString(),
    }));
    // Newest first across kinds, as many as asked.
    const transfers = [...p2p, ...payouts].sort((a, b) => b.date.localeCompare(a.date)).slice(0, params.limit ?? 3);
    return { transfers };
  },

  async p2pPendingList(_params, ctx) {
    const rows = await ctx.db
      .selectFrom('transfers as t')
      .innerJoin('currencies as c', 'c.code', 't.currency_code')
      .select(['t.id', 't.to_email', 't.amount', 't.fee', 't.currency_code', 't.note', 't.created_at', 'c.scale'])
      .where('t.customer_id', '=', callerOf(ctx).customerId)
      .where('t.status', '=', 'awaitingPayee')
      .orderBy('t.id', 'desc')
      .limit(100)
      .execute();
    return {
      transfers: rows.map((row) => ({
        operationId: Number(row.id),
        toEmail: row.to_email!,
        amount: formatMinorUnits(row.amount, row.scale),
        fee: formatMinorUnits(row.fee, row.scale),
        currencyCode: row.currency_code,
        ...(row.note ? { note: row.note } : {}),
        created: row.created_at.toISOString(),
      })),
    };
  },

  async p2pPendingCancel(params, ctx) {
    const scope = transferScope(ctx);
    await returnEscrowed(scope.trx as Transaction<Database>, scope.customerId, BigInt(params.trxid));
    return { operationId: params.trxid, status: 'canceled' as const };
  },
};
