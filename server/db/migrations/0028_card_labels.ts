import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Card names worded when read (issue 13, Words): a card load or a cancelled card's returned balance
 * kept the card's English product name inside its description's values ('Virtual prepaid Mastercard
 * •3118'), and the settlement account's entry kept it as its counterparty, so the history showed it in
 * English in every language. From now on the server stores the card as a keyed text (`cards.label`
 * with the product's key `server.cards.products.<type>` and the last four digits); this converts the
 * rows written before, where the stored words are one of the products' English names: keyed
 * descriptions, descriptions written before keys (0027), and counterparties. A name the customer gave
 * the card stays as it was written.
 */
const PRODUCTS: readonly { type: number; name: string }[] = [
  { type: 2006, name: 'Virtual prepaid Mastercard' },
  { type: 2010, name: 'Prepaid Mastercard' },
  { type: 2020, name: 'Visa debit' },
  { type: 2030, name: 'Virtual UnionPay prepaid' },
];

/** The descriptions the server wrote with a card in them, and their English words before the card. */
const DESCRIPTIONS: readonly { key: string; prefix: string }[] = [
  { key: 'server.ledger.cardLoad', prefix: 'Card load: ' },
  { key: 'server.ledger.cardCancelled', prefix: 'Card cancelled, balance returned: ' },
];

/** The keyed card label of stored words `label` ('<name> •1234' or '<name>'), as jsonb. */
function labelText(label: RawBuilder<unknown>, type: number): RawBuilder<unknown> {
  const name = sql`jsonb_build_object('key', ${`server.cards.products.${type}`}::text)`;
  return sql`case when ${label} ~ ' •[0-9]{4}$'
    then jsonb_build_object('key', 'cards.label', 'values', jsonb_build_object('name', ${name}, 'last4', right(${label}, 4)))
    else jsonb_build_object('key', 'cards.labelNoNumber', 'values', jsonb_build_object('name', ${name})) end`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { type, name } of PRODUCTS) {
    const words = sql`('^' || ${name}::text || '( •[0-9]{4})?$')`;
    const card = sql`(description_values->>'card')`;
    for (const { key, prefix } of DESCRIPTIONS) {
      await sql`update ledger_transactions set description_values = jsonb_set(description_values, '{card}', ${labelText(card, type)})
        where description_key = ${key}::text and jsonb_typeof(description_values->'card') = 'string' and ${card} ~ ${words}`.execute(db);
      const rest = sql`substring(description from ${prefix.length + 1}::int)`;
      await sql`update ledger_transactions set description_key = ${key}::text, description_values = jsonb_build_object('card', ${labelText(rest, type)})
        where description_key is null and starts_with(description, ${prefix}::text) and ${rest} ~ ${words}`.execute(db);
    }
    const label = labelText(sql`counterparty`, type);
    await sql`update ledger_entries set counterparty_key = ${label}->>'key', counterparty_values = ${label}->'values'
      where counterparty_key is null and counterparty ~ ${words}`.execute(db);
  }
}
