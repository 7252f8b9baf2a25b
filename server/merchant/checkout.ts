import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { positiveAmount } from '../accounts/paying-account.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { createTransfer, type SubmitResult } from '../transfers/create-transfer.ts';
import { receivingAccount } from '../transfers/parties.ts';
import type { TransferScope } from '../transfers/scope.ts';
import { buttonRow, type ButtonRow } from './buttons.ts';
import { startSubscription } from './subscriptions.ts';
import { checkoutLogoId, logoPath } from './logos.ts';

const refusal = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.merchant.${key}` }] });

const merchantName = sql<string>`coalesce(m.business_name, nullif(concat_ws(' ', nullif(m.first_name, ''), nullif(m.last_name, '')), ''), 'Customer ' || m.id)`;

/** What the public checkout page shows of button `id`; a deleted button → 13. */
export async function checkoutView(db: Kysely<Database>, id: number) {
  const row = await buttonRow(db, id);
  if (!row) throw new RpcRefusal('13');
  const merchant = await db.selectFrom('customers as m').select(merchantName.as('name')).where('m.id', '=', row.customer_id).executeTakeFirstOrThrow();
  const money = (value: bigint | null) => (value === null ? {} : { v: formatMinorUnits(value, row.scale) });
  const logoId = await checkoutLogoId(db, row.customer_id, row.logo_id);
  return {
    buttonId: row.id,
    merchantName: merchant.name,
    ...(logoId !== undefined ? { logoUrl: logoPath(logoId) } : {}),
    name: row.name,
    currencyCode: row.currency_code,
    ...(row.amount !== null ? { amount: money(row.amount).v! } : {}),
    ...(row.min_amount !== null ? { minAmount: money(row.min_amount).v! } : {}),
    ...(row.max_amount !== null ? { maxAmount: money(row.max_amount).v! } : {}),
    fixedAmount: row.amount !== null,
    ...(row.description ? { description: row.description } : {}),
    ...(row.item_reference ? { itemReference: row.item_reference } : {}),
    enabled: row.enabled,
    ...(row.recurring_interval ? { recurringInterval: row.recurring_interval } : {}),
    ...(row.recurring_installments ? { recurringInstallments: row.recurring_installments } : {}),
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
  };
}

/** The amount a payment of `row` carries: the fixed one, else the payer's within the bounds. */
function amountToPay(row: ButtonRow, amount: string | undefined): bigint {
  if (row.amount !== null) return row.amount;
  if (!amount) throw refusal('amount', 'amountRequired');
  const minor = positiveAmount(amount, row.scale, 'amount');
  if (row.min_amount !== null && minor < row.min_amount) throw refusal('amount', 'belowMin');
  if (row.max_amount !== null && minor > row.max_amount) throw refusal('amount', 'aboveMax');
  return minor;
}

/**
 * Pays button `buttonId` from the payer's account: a transfer (kind p2p, so the payer's p2p limits and fee
 * apply) of the button's amount, arriving in the button's currency on its account, confirmed like any
 * transfer; the payment is remembered so the IPN runner notifies the merchant once it completes. A recurring
 * button's payment also starts the payer's subscription (its first installment).
 *
 * @example
 * await payButton(transferScope(ctx), { buttonId: 3, accountId: 12 });
 */
export async function payButton(
  scope: TransferScope,
  params: { buttonId: number; accountId: number; amount?: string | undefined },
  /** 'none' only for payments the payer made already (the demo's history), never for a call. */
  confirmation: 'asConfigured' | 'none' = 'asConfigured',
): Promise<SubmitResult> {
  const { trx } = scope;
  const row = await buttonRow(trx, params.buttonId);
  if (!row) throw new RpcRefusal('13');
  // The button is read again under a share lock: a merchant disabling it now waits for this payment.
  await trx.selectFrom('merchant_buttons').select('id').where('id', '=', row.id).forShare().execute();
  if (!row.enabled) throw refusal('buttonId', 'buttonDisabled');
  if (row.customer_id === scope.customerId) throw refusal('buttonId', 'ownButton');
  const toAmount = amountToPay(row, params.amount);
  const account = await trx.selectFrom('accounts').select('status').where('id', '=', row.account_id).executeTakeFirstOrThrow();
  const toAccountId = account.status === ACCOUNT_STATUS.open ? row.account_id : await receivingAccount(trx, row.customer_id, row.currency_code);
  const result = await createTransfer(scope, {
    kind: 'p2p',
    fromAccountId: params.accountId,
    toAmount: formatMinorUnits(toAmount, row.scale),
    to: { accountId: toAccountId },
    ...keyedDescription('server.ledger.checkout', { name: row.name.slice(0, 80) }),
    ...(row.item_reference ? { reference: row.item_reference } : {}),
    fromField: 'accountId',
    toField: 'buttonId',
    confirmation,
  });
  await trx
    .insertInto('checkout_payments')
    .values({ transfer_id: BigInt(result.operationId), button_id: row.id, merchant_customer_id: row.customer_id, payer_customer_id: scope.customerId })
    .execute();
  if (row.recurring_interval !== null) {
    await startSubscription(trx, {
      button: { ...row, recurring_interval: row.recurring_interval },
      payerCustomerId: scope.customerId,
      payerUserId: scope.userId,
      payerAccountId: params.accountId,
      amount: toAmount,
      transferId: BigInt(result.operationId),
    });
  }
  return result;
}
