import { accountName, keyedDescription } from '../ledger/descriptions.ts';
import { wordText } from '../i18n/texts.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { insertCardAccount } from './apply.ts';
import { cardLabelText } from './lifecycle.ts';
import { CARD_STATUS } from './card-status.ts';
import type { CardProcessor } from './processor.ts';
import { cardProduct } from './products.ts';

/**
 * The demo's cards: Anna (personal@example.com) holds an active virtual prepaid EUR card (its PIN
 * assigned by the processor, 20.00 EUR loaded) and a physical prepaid USD card that has shipped,
 * waiting to be activated. Nobody else has cards. Runs after the demo's own transaction (the
 * processor must not be called inside one) and does nothing when Anna already has cards.
 *
 * @example
 * await seedDemoCards(db, sandboxCardProcessor(db), 'personal@example.com');
 */
export async function seedDemoCards(db: Kysely<Database>, processor: CardProcessor, login: string): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'customer_id']).where('email', '=', login).executeTakeFirst();
  if (!user?.customer_id) return;
  const customerId = user.customer_id;
  const existing = await db.selectFrom('cards').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (existing) return;
  const customer = await db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'residence_country_code'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const holderName = `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim().toUpperCase();
  const country = customer.residence_country_code ?? 'GB';

  const wanted = [
    { type: 2006, currency: 'EUR', status: CARD_STATUS.active },
    { type: 2010, currency: 'USD', status: CARD_STATUS.shipped },
  ];
  for (const card of wanted) {
    const product = cardProduct(card.type)!;
    const settlement = await db
      .selectFrom('accounts')
      .select(['id', 'balance'])
      .where('customer_id', '=', customerId)
      .where('type', '=', 1001)
      .where('currency_code', '=', card.currency)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!settlement) continue;
    const issued = await processor.issueCard({ bin: product.bin, holderName, isVirtual: product.virtual, validityYears: product.validityYears });
    if (card.status === CARD_STATUS.active) await processor.assignPin(issued.processorRef);
    await db.transaction().execute(async (trx) => {
      const { accountId } = await insertCardAccount(trx, {
        customerId,
        product,
        currencyCode: card.currency,
        settlementAccountId: settlement.id,
        card: {
          status_id: card.status,
          processor_ref: issued.processorRef,
          bin: issued.bin,
          last4: issued.last4,
          expiry_month: issued.expiryMonth,
          expiry_year: issued.expiryYear,
          holder_name: holderName,
          country_code: country,
          shipping_option_id: product.virtual ? null : 'standard',
          address_id: null,
          created_by_user_id: user.id,
          activated_at: card.status === CARD_STATUS.active ? new Date() : null,
        },
        documentIds: [],
      });
      const load = 20_00n;
      if (card.status === CARD_STATUS.active && settlement.balance >= load) {
        const label = cardLabelText({ product_type: product.type, last4: issued.last4 });
        await writeLedgerTransaction(trx, {
          operationType: 'Transfer',
          ...keyedDescription('server.ledger.cardLoad', { card: label }),
          legs: [
            { accountId: settlement.id, amount: -load, counterparty: wordText('en', label), counterpartyText: label },
            { accountId, amount: load, counterparty: wordText('en', accountName('EUR')), counterpartyText: accountName('EUR') },
          ],
        });
      }
    });
  }
}
