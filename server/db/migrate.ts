import { Migrator, type Kysely, type Migration } from 'kysely';
import * as customersAndUsers from './migrations/0001_customers_and_users.ts';
import * as sessions from './migrations/0002_sessions.ts';
import * as ledger from './migrations/0003_ledger.ts';
import * as outboxAndDocuments from './migrations/0004_outbox_and_documents.ts';
import * as signInFactors from './migrations/0005_sign_in_factors.ts';
import * as termsAndSei from './migrations/0006_terms_and_sei.ts';
import * as registration from './migrations/0007_registration.ts';
import * as profile from './migrations/0008_profile.ts';
import * as verification from './migrations/0009_verification.ts';
import * as securityAdmin from './migrations/0010_security_admin.ts';
import * as announcements from './migrations/0011_announcements.ts';
import * as support from './migrations/0012_support.ts';
import * as transfers from './migrations/0013_transfers.ts';
import * as history from './migrations/0014_history.ts';
import * as accountsAndWallets from './migrations/0015_accounts.ts';
import * as recurringPayments from './migrations/0016_recurring_payments.ts';
import * as p2p from './migrations/0017_p2p.ts';
import * as approvals from './migrations/0018_approvals.ts';
import * as invoices from './migrations/0019_invoices.ts';
import * as cards from './migrations/0020_cards.ts';
import * as companySettingsRight from './migrations/0021_company_settings_right.ts';
import * as signInThrottles from './migrations/0023_sign_in_throttles.ts';
import * as stepUpChallenges from './migrations/0024_step_up_challenges.ts';
import * as transferAttributes from './migrations/0025_transfer_attributes.ts';
import * as historySearch from './migrations/0026_history_search.ts';
import * as keyedDescriptions from './migrations/0027_keyed_descriptions.ts';
import * as cardLabels from './migrations/0028_card_labels.ts';
import * as announcementTranslations from './migrations/0029_announcement_translations.ts';
import * as ledgerPostFunction from './migrations/0030_ledger_post_function.ts';
import * as railPayouts from './migrations/0031_rail_payouts.ts';
import * as massBatches from './migrations/0038_mass_batches.ts';
import * as globalPay from './migrations/0040_global_pay.ts';
import * as batchDecisions from './migrations/0042_batch_decisions.ts';
import * as massRailBatches from './migrations/0039_mass_rail_batches.ts';
import * as externalCards from './migrations/0034_external_cards.ts';
import * as beneficiaryTemplates from './migrations/0036_beneficiary_templates.ts';
import * as businessRegistration from './migrations/0043_business_registration.ts';
import * as businessFatca from './migrations/0047_business_fatca.ts';
import * as callCounts from './migrations/0049_call_counts.ts';
import * as resolutionSigning from './migrations/0050_resolution_signing.ts';
import * as publicApi from './migrations/0052_public_api.ts';
import * as webhooks from './migrations/0053_webhooks.ts';
import * as merchantButtons from './migrations/0054_merchant_buttons.ts';
import * as payerVerification from './migrations/0058_payer_verification.ts';
import * as notifications from './migrations/0060_notifications.ts';
import * as contracts from './migrations/0061_contracts.ts';
import * as analytics from './migrations/0062_analytics.ts';
import * as botChallengeTokens from './migrations/0065_bot_challenge_tokens.ts';
import * as redundantLedgerIndexes from './migrations/0066_redundant_ledger_indexes.ts';
import * as ledgerPostSplitCheck from './migrations/0067_ledger_post_split_check.ts';
import * as transferLimitUsage from './migrations/0068_transfer_limit_usage.ts';
import * as transferLimitUsageDay from './migrations/0069_transfer_limit_usage_day.ts';
import * as merchantSubscriptions from './migrations/0057_merchant_subscriptions.ts';
import * as companyDocuments from './migrations/0045_company_documents.ts';
import type { Database } from './schema.ts';

/**
 * Every migration, in order. Listed here rather than read from a folder so the set is fixed at
 * build time and bundles cleanly; a new migration is a new file plus one line here.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_customers_and_users': customersAndUsers,
  '0002_sessions': sessions,
  '0003_ledger': ledger,
  '0004_outbox_and_documents': outboxAndDocuments,
  '0005_sign_in_factors': signInFactors,
  '0006_terms_and_sei': termsAndSei,
  '0007_registration': registration,
  '0008_profile': profile,
  '0009_verification': verification,
  '0010_security_admin': securityAdmin,
  '0011_announcements': announcements,
  '0012_support': support,
  '0013_transfers': transfers,
  '0014_history': history,
  '0015_accounts': accountsAndWallets,
  '0016_recurring_payments': recurringPayments,
  '0017_p2p': p2p,
  '0018_approvals': approvals,
  '0019_invoices': invoices,
  '0020_cards': cards,
  '0021_company_settings_right': companySettingsRight,
  '0023_sign_in_throttles': signInThrottles,
  '0024_step_up_challenges': stepUpChallenges,
  '0025_transfer_attributes': transferAttributes,
  '0026_history_search': historySearch,
  '0027_keyed_descriptions': keyedDescriptions,
  '0028_card_labels': cardLabels,
  '0029_announcement_translations': announcementTranslations,
  '0030_ledger_post_function': ledgerPostFunction,
  '0031_rail_payouts': railPayouts,
  '0038_mass_batches': massBatches,
  '0039_mass_rail_batches': massRailBatches,
  '0034_external_cards': externalCards,
  '0036_beneficiary_templates': beneficiaryTemplates,
  '0040_global_pay': globalPay,
  '0042_batch_decisions': batchDecisions,
  '0043_business_registration': businessRegistration,
  '0047_business_fatca': businessFatca,
  '0049_call_counts': callCounts,
  '0050_resolution_signing': resolutionSigning,
  '0045_company_documents': companyDocuments,
  '0052_public_api': publicApi,
  '0053_webhooks': webhooks,
  '0054_merchant_buttons': merchantButtons,
  '0058_payer_verification': payerVerification,
  '0060_notifications': notifications,
  '0057_merchant_subscriptions': merchantSubscriptions,
  '0061_contracts': contracts,
  '0062_analytics': analytics,
  '0065_bot_challenge_tokens': botChallengeTokens,
  '0066_redundant_ledger_indexes': redundantLedgerIndexes,
  '0067_ledger_post_split_check': ledgerPostSplitCheck,
  '0068_transfer_limit_usage': transferLimitUsage,
  '0069_transfer_limit_usage_day': transferLimitUsageDay,
};

/**
 * Brings the database schema up to date. Kysely's migrator takes a lock, so several server
 * instances starting together apply each migration once.
 *
 * @example
 * await migrateToLatest(db);
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? `migration ${failed.migrationName}` : 'the migrations';
    throw new Error(`Could not apply ${name}: ${String((error as Error).message ?? error)}. Fix the database or the migration and restart.`, { cause: error });
  }
}
