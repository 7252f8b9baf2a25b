import { sql, type Kysely, type Transaction } from 'kysely';
import { seedContractsDemo } from '../contracts/demo-seed.ts';
import { seedRecordingsDemo } from '../analytics/demo-seed.ts';
import { REGISTRATION_RULES } from '../../schemas/rules/business-registration.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ALL_BUSINESS_RIGHTS, type Database } from '../db/schema.ts';
import { writeLedgerTransaction, type LedgerPosting } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import { seedRecurringDemo } from '../transfers/recurring-demo.ts';
import { seedP2pDemo } from '../transfers/p2p-demo.ts';
import { seedSignInDemo } from '../signin/demo-seed.ts';
import { seedSessionRulesDemo } from '../terms/demo.ts';
import { seedVerificationDemo } from '../verification/demo-seed.ts';
import { seedProfileDemo } from '../profile/demo-seed.ts';
import { seedCompanyDemo } from '../company/demo-seed.ts';
import { seedAnnouncementsDemo } from '../announcements/demo-seed.ts';
import { seedSupportDemo } from '../support/demo-seed.ts';
import { seedHistoryDemo } from '../history/demo-seed.ts';
import { seedInvoicesDemo } from '../invoices/demo-seed.ts';
import { seedMerchantDemo } from '../merchant/demo-seed.ts';
import { seedPayerVerificationDemo } from '../merchant/payer-verification-demo.ts';
import { demoHistory, type DemoAccounts, type DemoMovement } from './history.ts';
import { seedApprovalsDemo } from '../approvals/demo-seed.ts';
import { seedCompanyDocumentsDemo } from '../company-documents/demo-seed.ts';
import { MASS_SENDING_FLAGS } from '../batches/permissions.ts';
import { seedDemoCards } from '../cards/demo-seed.ts';
import { seedDemoCardPurchases } from '../cards/authorizations.ts';
import { sandboxCardProcessor, type CardProcessor } from '../cards/processor.ts';
import { seedWebhooksDemo } from '../webhooks/demo-seed.ts';
import { seedNotificationsDemo } from '../notifications/demo-seed.ts';
import { seedPublicApiDemo } from '../public-api/demo.ts';

/** The sign-ins the demo creates; the start script and the tests print and use them. */
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_LOGINS = {
  personal: 'personal@example.com',
  business: 'business@example.com',
  admin: 'admin@example.com',
} as const;

const ALL_RIGHTS = [...ALL_BUSINESS_RIGHTS];
/** Serialises the seed between server instances starting together on one database. */
const SEED_LOCK = 7_201_001;

type Trx = Transaction<Database>;

/** A Northwind user who holds only documents (a representative), for /company-access. */
export const DEMO_BUSINESS_CLERK = 'tom.baker@example.com';

/**
 * Northwind's people for access management (document 002 section 6): its user with top rights and a clerk
 * with documents only, as registered representatives, and a director with an e-mail who is no user yet.
 */
async function seedNorthwindPeople(trx: Trx, customerId: number, ownerId: number, passwordHash: string): Promise<void> {
  const KINDS = REGISTRATION_RULES.representativeKinds;
  const clerk = await trx
    .insertInto('users')
    .values({ email: DEMO_BUSINESS_CLERK, password_hash: passwordHash, customer_id: customerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('customer_access')
    .values({ user_id: clerk.id, customer_id: customerId, rights: ['documents'] })
    .execute();
  const person = (draftId: string, kind: number, firstName: string, lastName: string, email: string, userId: number | null) => ({
    customer_id: customerId,
    kind,
    entity: 'person' as const,
    parent_id: null,
    draft_id: draftId,
    first_name: firstName,
    last_name: lastName,
    email,
    user_id: userId,
  });
  await trx
    .insertInto('business_representatives')
    .values([
      person('owner', KINDS.director, 'Oliver', 'Grant', DEMO_LOGINS.business, ownerId),
      person('owner', KINDS.authorisedUser, 'Oliver', 'Grant', DEMO_LOGINS.business, ownerId),
      person('clerk', KINDS.authorisedUser, 'Tom', 'Baker', DEMO_BUSINESS_CLERK, clerk.id),
      person('clara', KINDS.director, 'Clara', 'Moss', 'clara.moss@example.com', null),
      person('clara', KINDS.personShareholder, 'Clara', 'Moss', 'clara.moss@example.com', null),
    ])
    .execute();
}

async function hasCustomers(db: Kysely<Database> | Trx): Promise<boolean> {
  return (await db.selectFrom('customers').select('id').limit(1).executeTakeFirst()) !== undefined;
}

async function addCustomerAccount(trx: Trx, customerId: number, currency: string, type: number): Promise<number> {
  const { id } = await trx.insertInto('accounts').values({ customer_id: customerId, currency_code: currency, type }).returning('id').executeTakeFirstOrThrow();
  return id;
}

async function addCustomers(trx: Trx, passwordHashes: string[]): Promise<DemoAccounts> {
  const [personalHash, businessHash, adminHash] = passwordHashes as [string, string, string];
  const anna = await trx
    .insertInto('customers')
    .values({
      type: 'personal',
      first_name: 'Anna',
      last_name: 'Novak',
      business_name: null,
      birth_day: '1991-04-12',
      residence_country_code: 'GB',
      tax_id: null,
      verified: true,
      due_diligence_level: null,
      transaction_approve_mode: 2,
      // Mass sending (document 001 section 3): to users and by wire.
      attributes: JSON.stringify({ occupation: 'Illustrator', massSendingUser: true, massSendingWire: true, massSendingGlobal: true }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const northwind = await trx
    .insertInto('customers')
    .values({
      type: 'business',
      first_name: null,
      last_name: null,
      business_name: 'Northwind Studio Ltd',
      birth_day: null,
      residence_country_code: 'GB',
      tax_id: 'GB123456789',
      verified: true,
      due_diligence_level: null,
      transaction_approve_mode: 2,
      // Every kind of mass sending (document 001 section 3).
      attributes: JSON.stringify(Object.fromEntries(MASS_SENDING_FLAGS.map((flag) => [flag, true]))),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const admin = await trx
    .insertInto('customers')
    .values({
      type: 'personal',
      first_name: 'Ada',
      last_name: 'Admin',
      business_name: null,
      birth_day: null,
      residence_country_code: 'GB',
      tax_id: null,
      verified: true,
      due_diligence_level: null,
      transaction_approve_mode: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await trx
    .insertInto('users')
    .values([
      { email: DEMO_LOGINS.personal, password_hash: personalHash, customer_id: anna.id },
      { email: DEMO_LOGINS.business, password_hash: businessHash, customer_id: northwind.id },
      { email: DEMO_LOGINS.admin, password_hash: adminHash, customer_id: admin.id, is_admin: true },
    ])
    .execute();
  const representative = await trx.selectFrom('users').select('id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow();
  await trx.insertInto('customer_access').values({ user_id: representative.id, customer_id: northwind.id, rights: ALL_RIGHTS }).execute();
  await seedNorthwindPeople(trx, northwind.id, representative.id, businessHash);

  await trx
    .insertInto('phones')
    .values([
      { customer_id: anna.id, country_code: '44', number: '7700900123', status: 'Primary', confirmed: true },
      { customer_id: northwind.id, country_code: '44', number: '2079460000', status: 'Primary', confirmed: true },
    ])
    .execute();
  await trx
    .insertInto('addresses')
    .values([
      {
        customer_id: anna.id,
        address1: '12 Elm Row',
        address2: 'Flat 4',
        city: 'London',
        postal_code: 'EC1A 1BB',
        country_code: 'GB',
        state_code: null,
        state_name: null,
        address_type: 1,
        address_status: 1,
        confirmed: true,
      },
      {
        customer_id: northwind.id,
        address1: '3 Harbour Street',
        address2: null,
        city: 'Bristol',
        postal_code: 'BS1 4RW',
        country_code: 'GB',
        state_code: null,
        state_name: null,
        address_type: 2,
        address_status: 1,
        confirmed: true,
      },
    ])
    .execute();

  return {
    anna: {
      name: 'Anna Novak',
      USD: await addCustomerAccount(trx, anna.id, 'USD', 1001),
      EUR: await addCustomerAccount(trx, anna.id, 'EUR', 1001),
      GBP: await addCustomerAccount(trx, anna.id, 'GBP', 4001),
    },
    northwind: {
      name: 'Northwind Studio Ltd',
      USD: await addCustomerAccount(trx, northwind.id, 'USD', 1001),
      EUR: await addCustomerAccount(trx, northwind.id, 'EUR', 1001),
      RON: await addCustomerAccount(trx, northwind.id, 'RON', 1001),
      CAD: await addCustomerAccount(trx, northwind.id, 'CAD', 4002),
    },
  };
}

/** Turns a demo movement into a posting, finding the system accounts it names. */
async function toPosting(trx: Trx, movement: DemoMovement): Promise<LedgerPosting> {
  const legs = await Promise.all(
    movement.legs.map(async (leg) => ({
      accountId: typeof leg.account === 'number' ? leg.account : await systemAccountId(trx, leg.account.purpose, leg.account.currency),
      amount: leg.amount,
      ...(leg.counterparty ? { counterparty: leg.counterparty } : {}),
      ...(leg.counterpartyText ? { counterpartyText: leg.counterpartyText } : {}),
    })),
  );
  return {
    operationType: movement.operationType,
    description: movement.description,
    ...(movement.descriptionText ? { descriptionText: movement.descriptionText } : {}),
    legs,
    postedAt: movement.postedAt,
  };
}

/**
 * Creates the demo on an empty database, all in one transaction: Anna Novak (personal), Northwind
 * Studio Ltd (business) with its representative, an admin, their phones, addresses, accounts, and
 * about four months of history posted through the ledger. Does nothing when customers exist.
 * Returns whether it seeded.
 *
 * @example
 * if (await seedDemoData(db)) app.log.info('demo data created');
 */
export async function seedDemoData(db: Kysely<Database>, now: Date = new Date(), cardProcessor: CardProcessor = sandboxCardProcessor(db)): Promise<boolean> {
  if (await hasCustomers(db)) return false;
  const passwordHashes = await Promise.all([0, 1, 2].map(() => hashPassword(DEMO_PASSWORD)));
  const created = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    // Another instance may have seeded while the passwords were hashed.
    if (await hasCustomers(trx)) return false;
    const accounts = await addCustomers(trx, passwordHashes);
    await seedSignInDemo(trx, passwordHashes[0]!);
    await seedSessionRulesDemo(trx, { businessUserEmail: DEMO_LOGINS.business, northwindName: 'Northwind Studio Ltd', password: DEMO_PASSWORD, now });
    await seedVerificationDemo(trx, passwordHashes[0]!, now);
    await seedProfileDemo(trx, DEMO_LOGINS.personal, now);
    await seedCompanyDemo(trx, DEMO_LOGINS.business);
    await seedAnnouncementsDemo(trx, now);
    await seedSupportDemo(trx, DEMO_LOGINS.personal, now);
    await seedHistoryDemo(trx, accounts.northwind, now);
    await seedInvoicesDemo(
      trx,
      { annaEur: accounts.anna.EUR, northwindUsd: accounts.northwind.USD },
      { anna: DEMO_LOGINS.personal, northwind: DEMO_LOGINS.business },
      now,
    );
    for (const movement of demoHistory(accounts, now)) {
      await writeLedgerTransaction(trx, await toPosting(trx, movement));
    }
    await seedRecurringDemo(trx, accounts.anna, now);
    await seedP2pDemo(trx, accounts.anna, DEMO_LOGINS.business);
    await seedApprovalsDemo(trx, passwordHashes[0]!, accounts.northwind, DEMO_LOGINS.personal);
    await seedCompanyDocumentsDemo(trx, DEMO_LOGINS.business, passwordHashes[0]!, now);
    await seedWebhooksDemo(trx, accounts.northwind.USD, now);
    await seedMerchantDemo(trx, { northwindUsd: accounts.northwind.USD, annaUsd: accounts.anna.USD }, now);
    await seedPayerVerificationDemo(trx, { northwindUsd: accounts.northwind.USD, annaEmail: DEMO_LOGINS.personal }, now);
    await seedPublicApiDemo(trx, DEMO_LOGINS.business, now);
    await seedNotificationsDemo(trx, DEMO_LOGINS.personal, now);
    await seedContractsDemo(trx, DEMO_LOGINS.business, passwordHashes[1]!, now);
    await seedRecordingsDemo(trx, DEMO_LOGINS.business, 'sandbox-paxum-project', now);
    return true;
  });
  // Cards are issued by the processor, which is called outside any transaction.
  if (created) await seedDemoCards(db, cardProcessor, DEMO_LOGINS.personal);
  if (created) await seedDemoCardPurchases(db, DEMO_LOGINS.personal);
  return created;
}
