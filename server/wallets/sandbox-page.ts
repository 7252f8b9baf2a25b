import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LedgerError } from '../ledger/errors.ts';
import { AmountFormatError, formatMinorUnits } from '../ledger/money.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import { creditDeposit, DepositError } from './wallets.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';

interface DepositBody {
  address?: string;
  amount?: string;
  txHash?: string;
}

/** Every wallet with its owner and balance, newest first. */
async function walletsForPage(db: Kysely<Database>, login: string) {
  let query = db
    .selectFrom('crypto_wallets as w')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .innerJoin('currencies as c', 'c.code', 'w.currency_code')
    .leftJoin('users as u', 'u.customer_id', 'w.customer_id')
    .select(['w.id', 'w.address', 'w.currency_code', 'a.balance', 'c.scale', 'u.email'])
    .orderBy('w.id', 'desc')
    .limit(50);
  if (login) query = query.where('u.email', '=', login.toLowerCase());
  return query.execute();
}

/** The latest deposits the rail reported, as ledger transactions. */
async function latestDeposits(db: Kysely<Database>) {
  return db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['t.id', 't.description', 't.created_at', 'e.amount', 'c.scale', 'a.currency_code'])
    .where('t.idempotency_key', 'like', 'crypto-deposit:%')
    .where('a.customer_id', 'is not', null)
    .orderBy('t.id', 'desc')
    .limit(20)
    .execute();
}

function depositRefusal(error: unknown): string | undefined {
  if (error instanceof DepositError || error instanceof AmountFormatError || error instanceof LedgerError) return error.message;
  return undefined;
}

/**
 * The sandbox crypto network: `GET /sandbox/crypto?login=` lists the wallets (address, owner,
 * balance) and lets a tester send a deposit to one; `POST /sandbox/crypto/deposit` (a form, or JSON
 * `{ address, amount, txHash }` answered with `{ transactionId, replayed }`) reports the deposit as the
 * real rail's notification would, credited once per transaction hash. Registered only with sandboxes.
 */
export async function cryptoSandboxPage(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  const { db } = options;
  acceptFormBodies(app);

  app.post<{ Body: DepositBody }>('/sandbox/crypto/deposit', async (request, reply) => {
    const { address = '', amount = '', txHash = '' } = request.body ?? {};
    const json = !String(request.headers['content-type'] ?? '').includes('form-urlencoded');
    try {
      const posted = await creditDeposit(db, { address, amount, txHash });
      if (json) return { transactionId: posted.transactionId.toString(), replayed: posted.replayed, accountId: posted.accountId };
      return reply.redirect(`/sandbox/crypto?done=${posted.replayed ? 'replayed' : 'credited'}`, 303);
    } catch (error) {
      const message = depositRefusal(error);
      if (message === undefined) throw error;
      if (json) return reply.code(400).send({ message });
      return reply.redirect(`/sandbox/crypto?${new URLSearchParams({ error: message })}`, 303);
    }
  });

  app.get<{ Querystring: { login?: string; done?: string; error?: string } }>('/sandbox/crypto', async (request, reply) => {
    const login = request.query.login ?? '';
    const wallets = await walletsForPage(db, login);
    const deposits = await latestDeposits(db);
    const notice = request.query.error
      ? `<p role="alert">${escapeHtml(request.query.error)}</p>`
      : request.query.done
        ? `<p role="status" class="meta">${request.query.done === 'replayed' ? 'That deposit was already credited: nothing changed.' : 'Deposit credited.'}</p>`
        : '';
    const filter = `<form method="get"><label for="login">Customer e-mail</label> <input id="login" name="login" value="${escapeHtml(login)}"> <button>Show</button></form>`;
    const list = wallets
      .map((wallet) => {
        const hash = randomBytes(32).toString('hex');
        return `<article>
  <h2>${escapeHtml(wallet.currency_code)} · ${escapeHtml(wallet.email ?? '')}</h2>
  <p class="meta">Address <code>${escapeHtml(wallet.address)}</code> · balance ${escapeHtml(formatMinorUnits(wallet.balance, wallet.scale))} ${escapeHtml(wallet.currency_code)}</p>
  <form method="post" action="/sandbox/crypto/deposit">
    <input type="hidden" name="address" value="${escapeHtml(wallet.address)}">
    <label for="amount-${wallet.id}">Amount</label> <input id="amount-${wallet.id}" name="amount" inputmode="decimal" required>
    <label for="hash-${wallet.id}">Transaction hash</label> <input id="hash-${wallet.id}" name="txHash" value="${hash}" size="20">
    <button class="primary">Send deposit</button>
  </form>
</article>`;
      })
      .join('\n');
    const history = deposits.length
      ? `<h2>Latest deposits</h2><ul>${deposits
          .map(
            (d) =>
              `<li>${escapeHtml(d.created_at.toISOString())} · ${escapeHtml(formatMinorUnits(d.amount, d.scale))} ${escapeHtml(d.currency_code)} · ${escapeHtml(d.description)}</li>`,
          )
          .join('')}</ul>`
      : '';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        sandboxPage('Crypto network', `${notice}\n${filter}\n${list || '<p>No wallets yet. A customer creates one on the wallet screen.</p>'}\n${history}`),
      );
  });
}
