import type { TextValues } from '../i18n/texts.ts';
import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Both drivers are configured (see connect.ts) to read bigint as
 * `bigint` and date as a 'YYYY-MM-DD' string, so these types hold on PGlite and PostgreSQL alike.
 */
export interface Database {
  users: UsersTable;
  login_attempts: LoginAttemptsTable;
  login_address_attempts: LoginAddressAttemptsTable;
  second_factor_failures: SecondFactorFailuresTable;
  customers: CustomersTable;
  customer_access: CustomerAccessTable;
  phones: PhonesTable;
  addresses: AddressesTable;
  app_settings: AppSettingsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  authorization_codes: AuthorizationCodesTable;
  currencies: CurrenciesTable;
  accounts: AccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  system_balance_deltas: SystemBalanceDeltasTable;
  idempotency_keys: IdempotencyKeysTable;
  transfers: TransfersTable;
  transfer_limit_usage: TransferLimitUsageTable;
  recurring_payments: RecurringPaymentsTable;
  recurring_runs: RecurringRunsTable;
  transfer_confirmations: TransferConfirmationsTable;
  invoices: InvoicesTable;
  cards: CardsTable;
  card_authorizations: CardAuthorizationsTable;
  step_up_challenges: StepUpChallengesTable;
  card_monthly_fees: CardMonthlyFeesTable;
  card_bins: CardBinsTable;
  blocked_card_bins: BlockedCardBinsTable;
  sandbox_card_vault: SandboxCardVaultTable;
  transfer_batches: TransferBatchesTable;
  transfer_batch_rows: TransferBatchRowsTable;
  global_pay_batches: GlobalPayBatchesTable;
  global_pay_payments: GlobalPayPaymentsTable;
  call_counts: CallCountsTable;
  api_keys: ApiKeysTable;
  api_allowed_ips: ApiAllowedIpsTable;
  api_requests: ApiRequestsTable;
  crypto_wallets: CryptoWalletsTable;
  payment_instructions: PaymentInstructionsTable;
  payment_templates: PaymentTemplatesTable;
  p2p_escrow_settlements: P2pEscrowSettlementsTable;
  p2p_invitations: P2pInvitationsTable;
  outbox_messages: OutboxMessagesTable;
  documents: DocumentsTable;
  document_files: DocumentFilesTable;
  registrations: RegistrationsTable;
  recovery_tasks: RecoveryTasksTable;
  password_change_requests: PasswordChangeRequestsTable;
  identity_verification_runs: IdentityVerificationRunsTable;
  video_identity_jobs: VideoIdentityJobsTable;
  limit_reasons: LimitReasonsTable;
  limit_requirements: LimitRequirementsTable;
  limit_requirement_documents: LimitRequirementDocumentsTable;
  due_diligence_cases: DueDiligenceCasesTable;
  kyc_requests: KycRequestsTable;
  representative_invitations: RepresentativeInvitationsTable;
  fatca_certifications: FatcaCertificationsTable;
  e_signature_requests: ESignatureRequestsTable;
  sandbox_provider_sessions: SandboxProviderSessionsTable;
  devices: DevicesTable;
  known_browsers: KnownBrowsersTable;
  login_challenges: LoginChallengesTable;
  push_messages: PushMessagesTable;
  two_step_requests: TwoStepRequestsTable;
  customer_emails: CustomerEmailsTable;
  phone_verifications: PhoneVerificationsTable;
  sandbox_ip_privacy: SandboxIpPrivacyTable;
  security_settings: SecuritySettingsTable;
  terms: TermsTable;
  terms_acceptances: TermsAcceptancesTable;
  terms_challenges: TermsChallengesTable;
  sei_clients: SeiClientsTable;
  sei_authorizations: SeiAuthorizationsTable;
  scp_requests: ScpRequestsTable;
  ip_access_entries: IpAccessEntriesTable;
  payout_blacklist: PayoutBlacklistTable;
  login_history: LoginHistoryTable;
  notification_settings: NotificationSettingsTable;
  agreement_acceptances: AgreementAcceptancesTable;
  audit_log: AuditLogTable;
  sandbox_helpdesk_tickets: SandboxHelpdeskTicketsTable;
  sandbox_helpdesk_threads: SandboxHelpdeskThreadsTable;
  announcements: AnnouncementsTable;
  announcement_states: AnnouncementStatesTable;
  rail_payouts: RailPayoutsTable;
  rail_payout_events: RailPayoutEventsTable;
  rail_sandbox_payouts: RailSandboxPayoutsTable;
  rail_sandbox_reports: RailSandboxReportsTable;
  card_vault: CardVaultTable;
  external_cards: ExternalCardsTable;
  business_registration_drafts: BusinessRegistrationDraftsTable;
  business_registrations: BusinessRegistrationsTable;
  business_profiles: BusinessProfilesTable;
  business_representatives: BusinessRepresentativesTable;
  business_resolutions: BusinessResolutionsTable;
  business_statements: BusinessStatementsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  merchant_logos: MerchantLogosTable;
  merchant_buttons: MerchantButtonsTable;
  checkout_payments: CheckoutPaymentsTable;
  merchant_notification_settings: MerchantNotificationSettingsTable;
  ipn_messages: IpnMessagesTable;
  payer_verification_requests: PayerVerificationRequestsTable;
  notifications: NotificationsTable;
  contracts: ContractsTable;
  merchant_subscriptions: MerchantSubscriptionsTable;
  merchant_subscription_installments: MerchantSubscriptionInstallmentsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_recordings: AnalyticsRecordingsTable;
  analytics_recording_batches: AnalyticsRecordingBatchesTable;
  bot_challenge_tokens: BotChallengeTokensTable;
}

/** A timestamp column the database fills in on insert. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  /** The login: an e-mail address, stored lower-case. */
  email: string;
  /** Argon2id, PHC string. */
  password_hash: string;
  /** The customer the user is (personal) or represents by default (business). */
  customer_id: number | null;
  is_admin: Generated<boolean>;
  /** 'no' unless a second factor is on. */
  login_2fa_mode: Generated<string>;
  /** Sign-in factors (migration 0005): authenticator secret and last used step, new-device approval, migration requirement. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  device_approval: Generated<boolean>;
  migration_type: Generated<'none' | 'soft' | 'strict'>;
  migration_strategy: ColumnType<'migrate' | 'enablePush' | null, 'migrate' | 'enablePush' | null | undefined, 'migrate' | 'enablePush' | null>;
  migration_deadline: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/**
 * Consecutive wrong passwords per login name. Kept apart from users so an unknown e-mail is slowed
 * down exactly like a known one, and the answer never tells whether an account exists.
 */
export interface LoginAttemptsTable {
  login: string;
  failed_count: number;
  locked_until: Date | null;
}

/** Wrong passwords from one address in the current window, whatever the login (migration 0023). */
export interface LoginAddressAttemptsTable {
  address: string;
  window_started: Generated<Date>;
  failed_count: number;
}

/** Wrong second-factor codes of one user across sign-ins, and the lock they led to (migration 0023). */
export interface SecondFactorFailuresTable {
  user_id: number;
  window_started: Generated<Date>;
  failed_count: number;
  locked_at: Date | null;
}

export type CustomerType = 'personal' | 'business';

export interface CustomersTable {
  id: Generated<number>;
  type: CustomerType;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  /** 'YYYY-MM-DD'. */
  birth_day: string | null;
  residence_country_code: string | null;
  tax_id: string | null;
  verified: Generated<boolean>;
  limited: Generated<boolean>;
  due_diligence_level: number | null;
  is_need_personal_info_update: Generated<boolean>;
  is_need_kyc: Generated<boolean>;
  /** Two-step mode for transactions: 1 push, 2 sms, 3 otp, 4 approval code. */
  transaction_approve_mode: number | null;
  /** Profile fields analysts add through schemas; validated by the declared profile schema. */
  attributes: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

/** Business rights a user holds on a customer they act for (method declarations name them). */
/** `transfers` lets a business user initiate; `transfersApprove` also lets them approve requests and send without approval. */
/** A right a business user holds on a company, with its access level: schemas/entities/business-right.schema.json. */
export type BusinessRight = 'balanceInfo' | 'transfers' | 'transfersApprove' | 'documents' | 'companySettings' | 'users';

/** Every business right, in the order screens list them; access right 2 (top rights) holds all of them. */
export const ALL_BUSINESS_RIGHTS: readonly BusinessRight[] = ['balanceInfo', 'transfers', 'transfersApprove', 'documents', 'companySettings', 'users'];

export interface CustomerAccessTable {
  user_id: number;
  customer_id: number;
  rights: BusinessRight[];
  created_at: CreatedAt;
}

export interface PhonesTable {
  id: Generated<number>;
  customer_id: number;
  country_code: string;
  number: string;
  status: 'Primary' | 'Secondary';
  confirmed: boolean;
}

export interface AddressesTable {
  id: Generated<number>;
  customer_id: number;
  address1: string;
  address2: string | null;
  city: string;
  postal_code: string | null;
  country_code: string;
  state_code: string | null;
  state_name: string | null;
  address_type: number;
  address_status: number;
  confirmed: boolean;
  /** When the customer last confirmed the address is theirs and current (migration 0008). */
  customer_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** A signed-in session; its refresh tokens form one family that is revoked together. */
export interface SessionsTable {
  id: string;
  user_id: number;
  client: string;
  created_at: CreatedAt;
  /** The last RPC call; a session idle for 15 minutes is over. */
  last_activity_at: ColumnType<Date, Date | undefined, Date>;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  /** SHA-256 of the token, base64url; the token itself is never stored. */
  token_hash: string;
  created_at: CreatedAt;
  /** Set when the token was exchanged for a new one; presenting it again is reuse. */
  rotated_at: Date | null;
}

export interface AuthorizationCodesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  client: string;
  code_challenge: string;
  expires_at: Date;
  used_at: Date | null;
  /** The session the code was exchanged for, revoked if the code is presented again. */
  session_id: string | null;
  /** Set when the code is exchanged only together with an authenticator (otp) or SMS code. */
  second_factor: ColumnType<'otp' | 'sms' | null, 'otp' | 'sms' | null | undefined, 'otp' | 'sms' | null>;
  sms_code_hash: ColumnType<string | null, string | null | undefined, string | null>;
  failed_attempts: Generated<number>;
}

export interface CurrenciesTable {
  code: string;
  /** ISO 4217 minor units: 2 means amounts are stored in hundredths. */
  scale: number; /** The sign shown with amounts, e.g. '€' (migration 0015). */
  symbol: Generated<string>;
  /** A crypto currency (deposit wallets instead of bank payment instructions). */
  crypto: Generated<boolean>;
}

export interface AccountsTable {
  id: Generated<number>;
  /** Null for system accounts, which have a purpose instead. */
  customer_id: number | null;
  system_purpose: string | null;
  type: number;
  status: Generated<number>;
  currency_code: string;
  name: string | null;
  /** Posted balance in minor units; a system account's is this plus its system_balance_deltas not yet folded. */
  balance: Generated<bigint>;
  /** Held (pending) amount in minor units; reduces what can be spent. */
  pending: Generated<bigint>;
  /** The lowest the available balance may go for a customer account. */
  balance_min: Generated<bigint>;
  created_at: CreatedAt;
  /** PREPAID or DEBIT (document 001 section 3), for card accounts; migration 0015. */
  sub_type: ColumnType<'PREPAID' | 'DEBIT' | null, 'PREPAID' | 'DEBIT' | null | undefined, 'PREPAID' | 'DEBIT' | null>;
  /** A sub-account's settlement account: another account of the same customer (migration 0015). */
  settlement_account_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LedgerTransactionsTable {
  id: Generated<bigint>;
  created_at: ColumnType<Date, Date | undefined, never>;
  operation_type: string;
  description: string;
  idempotency_key: string | null;
  request_hash: string | null;
  /** When a hold was posted or voided (migration 0026); null for a transaction posted at once or still held. */
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The locale key of a description the server words (migration 0027), `description` being its English words; null for a customer's own text. */
  description_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The values `description_key`'s text fills in. */
  description_values: ColumnType<TextValues | null, string | null | undefined, string | null>;
}

export type LedgerEntryStatus = 'posted' | 'pending' | 'voided';

/**
 * A system account's leg not yet added into its balance (migration 0030): postings write these instead of
 * updating a row every payment touches; ledger_fold_system_balances() folds them.
 */
export interface SystemBalanceDeltasTable {
  id: Generated<bigint>;
  account_id: number;
  amount: bigint;
}

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  account_id: number;
  /** Signed minor units: negative leaves the account, positive enters it. */
  amount: bigint;
  status: LedgerEntryStatus;
  /** Who is on the other side, as this account's holder sees it. */
  counterparty: string | null;
  /** The locale key of a counterparty the server names itself (migration 0027: 'EUR account'), `counterparty` being its English words. */
  counterparty_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The values `counterparty_key`'s text fills in. */
  counterparty_values: ColumnType<TextValues | null, string | null | undefined, string | null>;
}

/** A message an SMS or e-mail adapter sent; the sandbox outbox page lists them. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  /** A phone number with its country code, or an e-mail address. */
  recipient: string;
  subject: string | null;
  body: string;
  /** Why it was sent: 'activation', 'loginSms', 'recovery', 'phoneVerification'... */
  purpose: string;
  /** The adapter that delivered it: 'sandbox' or a gateway name. */
  delivered_by: string;
  created_at: CreatedAt;
}

/**
 * An uploaded document (document 000 section 3). `status_id` uses the documents' status ids
 * (submitted 0, confirmed 2, canceled 4, deleted 5, rejected 26, under investigate 31, expired 38,
 * pending 41, name mismatch 64).
 */
export interface DocumentsTable {
  id: Generated<number>;
  customer_id: number;
  /** proofOfIdentity, address, phone, businessRegistration, other, relationship, sourceOfWealth... */
  category: string;
  document_type_id: number;
  status_id: Generated<number>;
  address_id: number | null;
  /** Set on a sub-document (a relationship or additional file uploaded with a main one). */
  parent_document_id: number | null;
  issued_date: string | null;
  expires_date: string | null;
  reject_reason: string | null;
  created_by_user_id: number | null;
  /** A business representative the document is filed for (migration 0045); null for the customer's own. */
  representative_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** What an area needs to remember beyond the columns (limit reason id, form kind, signing id...). */
  attributes: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DocumentFilesTable {
  id: Generated<number>;
  document_id: number;
  role: 'main' | 'relationship' | 'additional';
  file_name: string;
  media_type: string;
  size_bytes: number;
  /** Hex SHA-256 of the content, for duplicate detection and integrity. */
  sha256: string;
  content: Buffer;
  password_protected: Generated<boolean>;
  created_at: CreatedAt;
}

/** A customer's security switches (migration 0010); no row means every switch is off. */
export interface SecuritySettingsTable {
  customer_id: number;
  /** Sign-ins are refused from addresses outside ip_access_entries when true. */
  ip_access_enabled: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One address (to_ip null) or inclusive range of the IP allow-list, stored in canonical form. */
export interface IpAccessEntriesTable {
  id: Generated<number>;
  customer_id: number;
  ip: string;
  to_ip: string | null;
  created_at: CreatedAt;
}

/** Payout blacklist block types: every payout, person-to-person only, invoices only, mass payouts only. */
export type BlacklistBlockType = 'all' | 'p2p' | 'invoices' | 'massPayouts';

/** A recipient e-mail the customer refuses to pay (document 001 section 3, Blacklist user). */
export interface PayoutBlacklistTable {
  id: Generated<number>;
  customer_id: number;
  /** Lower-case. */
  email: string;
  block_type: BlacklistBlockType;
  created_at: CreatedAt;
}

/** One sign-in attempt of a known user, written by the login listener. */
export interface LoginHistoryTable {
  id: Generated<number>;
  user_id: number;
  ip: string;
  user_agent: string;
  outcome: 'succeeded' | 'wrongPassword' | 'refused';
  reason: string | null;
  created_at: CreatedAt;
}

/** A notification switch the customer changed; switches without a row keep their default. */
export interface NotificationSettingsTable {
  customer_id: number;
  /** '<topic>.<channel>', e.g. 'signIn.email'. */
  identified: string;
  value: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A customer's acceptance of one version of an agreement. */
export interface AgreementAcceptancesTable {
  id: Generated<number>;
  customer_id: number;
  agreement_id: string;
  version: string;
  accepted_at: ColumnType<Date, Date | undefined, never>;
}

/** One RPC call: who (actor) acted for whom (acting customer), what, and how it ended. */
export interface AuditLogTable {
  id: Generated<bigint>;
  created_at: CreatedAt;
  actor_user_id: number | null;
  acting_customer_id: number | null;
  /** An admin acting for a customer that is not theirs (view-as). */
  viewing: Generated<boolean>;
  method: string;
  /** The response code: '00', '13', 'TA1'... */
  outcome: string;
  ip: string;
  /** The params, summarised: secrets and files left out, long texts cut. */
  params: ColumnType<Record<string, unknown>, string | undefined, never>;
}

/** A customer's e-mail address (migration 0008); the primary one of a personal customer is the login. */
export interface CustomerEmailsTable {
  id: Generated<number>;
  customer_id: number;
  /** Lower-case. */
  email: string;
  confirmed: Generated<boolean>;
  is_primary: Generated<boolean>;
  /** SHA-256 (base64url) of the link token sent to the address; cleared once used. */
  confirmation_token_hash: string | null;
  confirmation_expires_at: Date | null;
  created_at: CreatedAt;
}

/** An SMS code sent to verify a phone, bound to the PKCE challenge of the browser that asked. */
export interface PhoneVerificationsTable {
  id: Generated<number>;
  /** The reqId the browser may confirm with (reqId + approvalCode). */
  request_id: string;
  phone_id: number;
  customer_id: number;
  /** SHA-256 (hex) of the code; the code itself only travels in the SMS. */
  code_hash: string;
  code_challenge: string;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** The sandbox IP privacy service's answers: addresses a tester marked as VPN, proxy or Tor exits. */
export interface SandboxIpPrivacyTable {
  ip: string;
  vpn: Generated<boolean>;
  proxy: Generated<boolean>;
  tor: Generated<boolean>;
  relay: Generated<boolean>;
  hosting: Generated<boolean>;
  /** A known service's name (e.g. a corporate proxy); the only flag that does not block. */
  service: string | null;
  created_at: CreatedAt;
}

/** A phone linked to a user: it receives push approvals and may sign in directly with its secret. */
export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  /** The device's own identifier, as its app reports it. */
  code: string;
  type: 'android' | 'ios';
  name: string;
  location: string | null;
  /** SHA-256 of the secret handed to the app once, at linking. */
  secret_hash: string;
  push_token: string | null;
  last_activity_at: Date | null;
  created_at: CreatedAt;
}

/** A browser that signed in as a user; with new-device approval on, it must be approved once. */
export interface KnownBrowsersTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the browser's cookie token. */
  token_hash: string;
  name: string;
  approved_at: Date | null;
  created_at: CreatedAt;
}

/** A password sign-in waiting for a push approval or a new-device approval. */
export interface LoginChallengesTable {
  id: Generated<number>;
  /** SHA-256 of the temporary token the browser holds. */
  token_hash: string;
  user_id: number;
  client: string;
  code_challenge: string;
  flow: 'push' | 'verifyDevice';
  status: Generated<'pending' | 'approved' | 'declined' | 'completed'>;
  /** SHA-256 of the key the phone confirms a push with. */
  confirm_key_hash: string | null;
  browser_id: number | null;
  /** The approve method chosen for a new device ('sms', 'email'). */
  method: string | null;
  code_hash: string | null;
  code_expires_at: Date | null;
  failed_attempts: Generated<number>;
  expires_at: Date;
  created_at: CreatedAt;
  resolved_at: Date | null;
}

/** A push notification the sandbox push adapter "delivered"; the sandbox device page reads them. */
export interface PushMessagesTable {
  id: Generated<number>;
  device_id: number;
  title: string;
  body: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

/** A request to change the transaction approval mode (mode) or the sign-in second factor (typeMode). */
export interface TwoStepRequestsTable {
  id: string;
  user_id: number;
  setting: 'mode' | 'typeMode';
  value: string;
  confirm_by: 'otp' | 'sms' | 'email' | 'push' | 'enrolOtp';
  code_hash: string | null;
  /** The authenticator secret being enrolled, until the first code confirms it. */
  totp_secret: string | null;
  failed_attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** One identity-verification session at the provider (a "workflow run"), opened by the customer. */
export interface IdentityVerificationRunsTable {
  workflow_run_id: string;
  customer_id: number;
  /** SHA-256 (base64url) of the token in the session's product URL; the token itself is not stored. */
  token_hash: string;
  provider: string;
  provider_session_id: string;
  provider_url: string;
  status: Generated<'started' | 'completed' | 'failed' | 'videoRequested'>;
  reject_reason: string | null;
  /** The identity document the completed run created. */
  document_id: number | null;
  created_by_user_id: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A video identity call the provider asked for: pending, scheduled, completed or rejected. */
export interface VideoIdentityJobsTable {
  id: string;
  customer_id: number;
  workflow_run_id: string | null;
  status: Generated<'pending' | 'scheduled' | 'completed' | 'rejected'>;
  scheduled_for: Date | null;
  reject_reason: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Why an account is limited: expired documents 1, unpaid invoice 2, sanctions 3, adverse media 4, account investigation 5. */
export interface LimitReasonsTable {
  id: Generated<number>;
  customer_id: number;
  reason_id: number;
  action_type_id: Generated<number>;
  created_at: CreatedAt;
  resolved_at: Date | null;
}

/** A document a limit reason requires (kind: identityDocument, proofOfAddress, sourceOfWealth...). */
export interface LimitRequirementsTable {
  id: Generated<number>;
  limit_reason_id: number;
  kind: string;
}

export interface LimitRequirementDocumentsTable {
  limit_requirement_id: number;
  document_id: number;
}

/** A due diligence request (levels 1 and 4) and what it asks the customer to upload. */
export interface DueDiligenceCasesTable {
  customer_id: number;
  level: number;
  requested_kind: string;
  address_id: number | null;
  /** Set when the documents given before were found to duplicate another customer's. */
  duplicate_documents: Generated<boolean>;
  created_at: CreatedAt;
}

/** A customer's know-your-customer questionnaire. */
export interface KycRequestsTable {
  customer_id: number;
  status: Generated<'required' | 'submitted'>;
  answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  submitted_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A business representative asked to self-certify through a secret link. */
export interface RepresentativeInvitationsTable {
  id: Generated<number>;
  business_customer_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  /** SHA-256 (base64url) of the auth secret. */
  secret_hash: string;
  expires_at: Date;
  completed_at: Date | null;
  created_at: CreatedAt;
}

/** A FATCA/CRS self-certification: `subject` is 'customer:<id>' or 'representative:<invitation id>'. */
export interface FatcaCertificationsTable {
  subject: string;
  customer_id: number;
  representative_invitation_id: number | null;
  answers: ColumnType<Record<string, unknown>, string, string>;
  submitted_at: ColumnType<Date, Date | undefined, Date>;
}

/** The W-forms signed through the e-signature provider: W-9, W-8BEN, and a company's W-8BEN-E. */
export type WFormKind = 'w9' | 'w8ben' | 'w8bene';

/** What an e-signature request has signed: a W-form, or a company's account resolution (migration 0050). */
export type SigningFormKind = WFormKind | 'resolution';

/** A W-9, W-8BEN or (a company's) W-8BEN-E sent to the e-signature provider for signing. */
export interface ESignatureRequestsTable {
  id: string;
  customer_id: number;
  representative_invitation_id: number | null;
  /** `w8bene` since migration 0047, `resolution` since 0050. */
  form_kind: SigningFormKind;
  provider: string;
  envelope_id: string;
  client_id: string;
  status: Generated<'sent' | 'signed' | 'declined'>;
  document_id: number | null;
  /** The account resolution signed and the representative signing it (migration 0050), for a `resolution`. */
  resolution_id: ColumnType<number | null, number | null | undefined, number | null>;
  business_representative_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The identity and e-signature sandboxes' own record of a session (what the provider would keep). */
export interface SandboxProviderSessionsTable {
  id: string;
  service: 'identity' | 'eSignature';
  reference: string;
  return_url: string;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  outcome: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
}

/** A personal registration (migration 0007): who registered under which brand, and the activation code. */
export interface RegistrationsTable {
  user_id: number;
  customer_id: number;
  brand: string;
  /** One of the brand's registrationPersonalTypes. */
  registration_type: string;
  /** The brand's terms as the customer accepted them: [{ id, key, url }]. */
  accepted_terms: ColumnType<Array<Record<string, unknown>>, string, string>;
  /** Hash of the current activation code (see registration/one-time-codes.ts). */
  activation_code_hash: string;
  code_expires_at: Date;
  code_sent_at: ColumnType<Date, Date | undefined, Date>;
  failed_attempts: Generated<number>;
  /** Null until the code is entered; until then sign-in is refused. */
  activated_at: Date | null;
  /** A business's user, created without a password, chooses it when activating (migration 0043). */
  needs_password: Generated<boolean>;
  created_at: CreatedAt;
}

/** An account recovery (document 000 section 3, Account recovery form), by e-mail or by personal data. */
export interface RecoveryTasksTable {
  /** The taskId the browser holds: random, unguessable. */
  id: string;
  /** Null when nothing matched: the task then behaves like any other but no code can ever match. */
  user_id: number | null;
  channel: 'email' | 'personalData';
  email: string | null;
  recovery_email: string | null;
  verification_status: 'codeSent' | 'rejected' | 'completed';
  reject_reason: string | null;
  is_retryable: Generated<boolean>;
  /** Where the code went when it went by SMS, masked for display. */
  masked_phone: string | null;
  code_hash: string | null;
  code_expires_at: Date;
  failed_attempts: Generated<number>;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** A signed-in user's password change waiting for the code e-mailed to them (document 001 section 7). */
export interface PasswordChangeRequestsTable {
  request_key: string;
  user_id: number;
  session_id: string;
  /** Argon2id of the new password; it replaces the old one only once the code is confirmed. */
  new_password_hash: string;
  code_hash: string;
  expires_at: Date;
  failed_attempts: Generated<number>;
  outcome: 'changed' | 'cancelled' | 'failed' | null;
  created_at: CreatedAt;
}

/** A version of a terms document; the current ones are those not retired (migration 0006). */
export interface TermsTable {
  id: Generated<number>;
  key: string;
  version: number;
  title: string;
  url: string;
  published_at: ColumnType<Date, Date | undefined, Date>;
  retired_at: Date | null;
}

export interface TermsAcceptancesTable {
  user_id: number;
  terms_id: number;
  accepted_at: CreatedAt;
  ip: string | null;
}

/** A one-time token a sign-in refused with TE hands out, good for recording that user's acceptance. */
export interface TermsChallengesTable {
  token_hash: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
}

/** A third-party (SEI) client and the redirect URIs it registered (absolute, or '/path' on this server). */
export interface SeiClientsTable {
  id: string;
  name: string;
  redirect_uris: string[];
  created_at: CreatedAt;
}

export interface SeiAuthorizationsTable {
  id: string;
  client_id: string;
  user_id: number;
  redirect_uri: string;
  state: string | null;
  code_challenge: string;
  status: Generated<'pending' | 'approved' | 'declined'>;
  created_at: CreatedAt;
  expires_at: Date;
  decided_at: Date | null;
}

/** A card-to-wallet or device step handed to the mobile app by deeplink. */
export interface ScpRequestsTable {
  id: string;
  user_id: number;
  purpose: 'cardToWallet' | 'device';
  account_id: number | null;
  secret_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
}

/** Who an announcement is addressed to: every customer, or personal or business customers only. */
export type AnnouncementAudience = 'all' | 'personal' | 'business';
export type AnnouncementChoice = 'accept' | 'decline';

/** A news announcement the bank publishes (visible from published_at until expires_at). */
export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  summary: string;
  body: string;
  audience: Generated<AnnouncementAudience>;
  requires_confirmation: Generated<boolean>;
  published_at: Generated<Date>;
  expires_at: Date | null;
  created_at: CreatedAt;
  /** The title, summary and body in other languages (migration 0029), shown to a reader of that language. */
  translations: ColumnType<AnnouncementTranslations, string | undefined, string>;
}

/** An announcement's texts in one language. */
export interface AnnouncementText {
  title: string;
  summary: string;
  body: string;
}

/** An announcement's translations, by the product's language code ('es', 'ua'). */
export type AnnouncementTranslations = Partial<Record<string, AnnouncementText>>;

/** One customer's read state and recorded choice on one announcement. */
export interface AnnouncementStatesTable {
  announcement_id: number;
  customer_id: number;
  read_at: Date | null;
  choice: AnnouncementChoice | null;
  chosen_at: Date | null;
  chosen_by_user_id: number | null;
}

/** A ticket the sandbox help desk keeps (migration 0012); `customer_read_at` is the desk's cf_customer_read_at. */
export interface SandboxHelpdeskTicketsTable {
  id: string;
  ticket_number: Generated<number>;
  contact_id: string;
  contact_email: string;
  contact_name: string;
  subject: string;
  status: Generated<'Open' | 'On Hold' | 'Closed' | 'CLOSED-NO REPLY'>;
  customer_read_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A message on a sandbox ticket: 'in' from the customer, 'out' from an agent to the customer. */
export interface SandboxHelpdeskThreadsTable {
  id: Generated<number>;
  ticket_id: string;
  direction: 'in' | 'out';
  author_name: string;
  content: string;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_content: Buffer | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The first answer of a money-moving call, kept so a retry with the same key gets it again. */
export interface IdempotencyKeysTable {
  customer_id: number;
  key: string;
  method: string;
  request_hash: string;
  response: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
}

/** Where a transfer stands (server/transfers). */
export type TransferStatus = 'awaitingConfirmation' | 'awaitingApproval' | 'awaitingPayee' | 'processing' | 'completed' | 'declined' | 'canceled' | 'failed';

/** One money movement asked for by a customer, with the ledger transaction holding or moving it. */
export interface TransfersTable {
  id: Generated<bigint>;
  customer_id: number;
  created_by_user_id: number | null;
  kind: string;
  status: TransferStatus;
  from_account_id: number;
  to_account_id: number | null;
  to_customer_id: number | null;
  to_email: string | null;
  amount: bigint;
  currency_code: string;
  to_amount: bigint;
  to_currency_code: string;
  fee: Generated<bigint>;
  rate: Generated<string>;
  note: string | null;
  reference: string | null;
  ledger_transaction_id: bigint | null;
  invoice_id: bigint | null;
  subscription_id: bigint | null;
  decline_reason: string | null;
  approved_by_user_id: number | null;
  /** The approval queue (migration 0018): the batch a request belongs to, who decided it and when. */
  batch_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  decided_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The request fields an analyst declared beyond the core columns (migration 0025), written as JSON text. */
  attributes: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * What a customer's transfers of one kind and currency add up to on one UTC day, whatever their status
 * (migration 0068): kept by a trigger on `transfers`, read by the limit check (server/transfers/limits.ts).
 */
export interface TransferLimitUsageTable {
  customer_id: number;
  kind: string;
  currency_code: string;
  day: string;
  amount: bigint;
}

/** A second factor a transfer waits for, bound to what was asked (amount, currency, source, payee). */
export interface TransferConfirmationsTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  method: 'push' | 'sms' | 'otp' | 'approvalCode';
  code_hash: string | null;
  bound_hash: string;
  push_key: string | null;
  failed_attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** What a batch is doing: waiting for its confirmation, being paid, or how it ended (server/batches/). */
export type BatchStatus = 'awaitingConfirmation' | 'awaitingApproval' | 'processing' | 'completed' | 'partiallyCompleted' | 'failed' | 'canceled' | 'declined';

/**
 * A batch of transfers (migration 0014, the list; migration 0038, the batch itself): its file as it came,
 * the fingerprint of its rows, its fees, and how far its payments have gone.
 */
export interface TransferBatchesTable {
  id: Generated<bigint>;
  customer_id: number;
  name: string;
  /** The rail of the batch's payments: wire, eft, oct, p2p, crypto_eft, instant_payment, interac, globalPay. */
  type: string;
  status: string;
  account_id: number;
  count: number;
  /** Minor units of currency_code. */
  total_amount: bigint;
  currency_code: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The fees of every row, minor units of currency_code. */
  fee_amount: ColumnType<bigint, bigint | undefined, bigint>;
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  file_type: ColumnType<string | null, string | null | undefined, string | null>;
  file_content: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /** sha256 of the method, account and rows: an identical upload is asked about (code 92). */
  fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  /** Rows paid or failed so far. */
  processed: ColumnType<number, number | undefined, number>;
  failed_count: ColumnType<number, number | undefined, number>;
  funding_transaction_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  refund_transaction_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The approver who decided the batch's approval request, and when (migration 0042). */
  decided_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The approver's reason for declining it, if they gave one (migration 0042). */
  decline_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row of a batch (migration 0038): as it was read, what it pays to whom, and the transfer it became. */
/**
 * Where a batch's row stands: 'valid' (checked, the batch not yet confirmed), 'pending' (funded, not yet
 * paid or sent), 'sent' (a rail batch's payout waiting for its rail, migration 0039), 'completed', 'failed'
 * (its money and fee back when the batch ends) or 'returned' (a rail payout returned after it settled: the
 * rail's refund gave the amount back).
 */
export type BatchRowStatus = 'valid' | 'pending' | 'sent' | 'completed' | 'failed' | 'returned';

export interface TransferBatchRowsTable {
  id: Generated<bigint>;
  batch_id: bigint;
  row_number: number;
  data: ColumnType<Record<string, unknown>, string, string>;
  amount: bigint;
  fee: ColumnType<bigint, bigint | undefined, bigint>;
  to_email: string | null;
  to_customer_id: number | null;
  transfer_id: bigint | null;
  status: BatchRowStatus;
  /** The locale key saying why the row's payment failed. */
  failure_key: string | null;
}

/** A global pay batch (migration 0040): a file's payments, or one sent alone (`single`). */
export interface GlobalPayBatchesTable {
  id: Generated<bigint>;
  customer_id: number;
  created_by_user_id: number | null;
  name: string;
  single: ColumnType<boolean, boolean | undefined, boolean>;
  status: 'draft' | 'awaitingApproval' | 'submitted' | 'completed' | 'rejected';
  account_id: number;
  currency_code: string;
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  file_type: ColumnType<string | null, string | null | undefined, string | null>;
  file_content: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  /** What submitting took from the account into escrow:batch and is not yet paid out or given back, minor units. */
  held_amount: ColumnType<bigint, bigint | undefined, bigint>;
  funding_transaction_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** The sender's approval code, hashed (server/auth/codes.ts). */
  code_hash: ColumnType<string | null, string | null | undefined, string | null>;
  code_attempts: ColumnType<number, number | undefined, number>;
  code_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  submitted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Submitted by a business user who may only initiate: it waits 'awaitingApproval' for an approver, not the sender's code (migration 0042). */
  approval_requested: ColumnType<boolean, boolean | undefined, boolean>;
  /** The approver who decided it, and when (migration 0042). */
  decided_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The approver's reason for declining it, if they gave one (migration 0042). */
  decline_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One payment of a global pay batch (migration 0040), its link (secret hashed) and what its recipient chose. */
export interface GlobalPayPaymentsTable {
  id: Generated<bigint>;
  batch_id: bigint;
  row_number: number | null;
  amount: bigint;
  description: string;
  beneficiary_type: 'individual' | 'business';
  beneficiary_name: string;
  beneficiary_email: string;
  beneficiary_country_code: string;
  fee_share: 'sender' | 'beneficiary';
  forbidden_methods: string[];
  status: 'draft' | 'removed' | 'sent' | 'awaitingApproval' | 'processing' | 'paid' | 'failed' | 'refused' | 'expired';
  /** The most fee the sender may pay for it, held with the batch; minor units. */
  reserved_fee: ColumnType<bigint, bigint | undefined, bigint>;
  secret_hash: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  chosen_method: ColumnType<string | null, string | null | undefined, string | null>;
  chosen_currency: ColumnType<string | null, string | null | undefined, string | null>;
  chosen_country: ColumnType<string | null, string | null | undefined, string | null>;
  payment_details: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  code_hash: ColumnType<string | null, string | null | undefined, string | null>;
  code_attempts: ColumnType<number, number | undefined, number>;
  transfer_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  return_transaction_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * Limited public calls counted per key (`link:…`, `ip:…`, `draft-ip:…`) in time windows (migration 0040 as
 * `global_pay_lookups`, renamed by 0049; server/db/call-counts.ts).
 */
export interface CallCountsTable {
  key: string;
  window_start: Date;
  count: ColumnType<number, number | undefined, number>;
}

/** A customer's crypto deposit address in one currency, paying into `account_id` (migration 0015). */
export interface CryptoWalletsTable {
  id: Generated<number>;
  customer_id: number;
  account_id: number;
  currency_code: string;
  address: string;
  created_at: CreatedAt;
}

/** The bank details payers use to fund one account, generated once (migration 0015). */
export interface PaymentInstructionsTable {
  id: Generated<number>;
  customer_id: number;
  account_id: number;
  currency_code: string;
  /** How payers send: sepa, fasterPayments, ach, eft, bsb, swift. */
  rail: string;
  beneficiary_name: string;
  bank_name: string;
  bank_address: string;
  bank_account_number: string;
  iban: string | null;
  swift: string | null;
  routing_number: string | null;
  sort_code: string | null;
  reference: string;
  viewed_at: Date | null;
  created_at: CreatedAt;
}

/** An invoice: a payee asks a payer (by e-mail) for an amount (migration 0019, server/invoices). */
export interface InvoicesTable {
  id: Generated<bigint>;
  payee_customer_id: number;
  payee_account_id: number;
  payer_email: string | null;
  payer_customer_id: number | null;
  /** Minor units of currency_code. */
  amount: bigint;
  currency_code: string;
  fee_payment: Generated<'payer' | 'payee'>;
  note: string | null;
  /** 'YYYY-MM-DD'. */
  due_date: string | null;
  /** Stored states; 'paid' and 'overdue' are derived (server/invoices/invoices.ts). */
  status: Generated<'unpaid' | 'rejected' | 'canceled'>;
  is_funding: Generated<boolean>;
  is_system: Generated<boolean>;
  reject_note: string | null;
  paid_transfer_id: bigint | null;
  created_by_user_id: number | null;
  sent_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A saved p2p payment the form fills from (migration 0017). Amount in minor units of currency_code. */
export interface PaymentTemplatesTable {
  id: Generated<number>;
  customer_id: number;
  created_by_user_id: number | null;
  /** 'p2p', or the rail of a beneficiary template (migration 0036). */
  kind: Generated<'p2p' | 'wire' | 'eft' | 'oct' | 'crypto_eft' | 'instant_payment' | 'interac'>;
  name: string;
  from_account_id: number | null;
  /** Lower-case; a p2p template's payee, null for a rail's. */
  to_email: string | null;
  /** A rail template's beneficiary as the rail needs it (name, iban, bic…), null for p2p (migration 0036). */
  beneficiary: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  amount: bigint | null;
  currency_code: string | null;
  note: string | null;
  reference: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** How a transfer that waited in escrow ended: landed with the payee or returned to the sender, once (migration 0017). */
export interface P2pEscrowSettlementsTable {
  transfer_id: bigint;
  outcome: 'landed' | 'returned';
  ledger_transaction_id: bigint;
  created_at: CreatedAt;
}

/** The invitation e-mail sent to the payee of a transfer waiting in escrow, once (migration 0017). */
export interface P2pInvitationsTable {
  transfer_id: bigint;
  email: string;
  sent_at: CreatedAt;
}

/** A recurring (pre-approved) payment the customer authorised in advance (migration 0016, server/transfers/recurring.ts). */
export interface RecurringPaymentsTable {
  id: Generated<bigint>;
  customer_id: number;
  created_by_user_id: number | null;
  kind: 'account' | 'p2p';
  /** The transfer each occurrence makes (server/transfers/recurring.ts RecurringParams). */
  params: ColumnType<Record<string, unknown>, string, string>;
  from_account_id: number;
  to_account_id: number | null;
  to_email: string | null;
  /** In minor units of amount_currency_code: what is sent, or what must arrive when amount_is_received. */
  amount: bigint;
  amount_currency_code: string;
  amount_is_received: boolean;
  frequency: 'daily' | 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly';
  first_run_at: Date;
  /** Null once the payment has ended. */
  next_run_at: Date | null;
  /** The last day an occurrence may run ('YYYY-MM-DD'). */
  end_date: ColumnType<string | null, string | null, string | null>;
  max_count: number | null;
  done_count: Generated<number>;
  failed_attempts: Generated<number>;
  status: ColumnType<
    'active' | 'canceled' | 'finished' | 'failed',
    'active' | 'canceled' | 'finished' | 'failed' | undefined,
    'active' | 'canceled' | 'finished' | 'failed'
  >;
  last_error: string | null;
  canceled_by_user_id: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One occurrence of a recurring payment that ran, at most once per (payment_id, occurrence_no). */
export interface RecurringRunsTable {
  id: Generated<bigint>;
  payment_id: bigint;
  occurrence_no: number;
  transfer_id: bigint;
  ran_at: CreatedAt;
}

/** The card-account role of a card: the one in use, a replacement on its way (reissue), or retired. */
export type CardRole = 'current' | 'replacement' | 'retired';

/** A card issued (or being issued) on a card account (migration 0020, server/cards). */
export interface CardsTable {
  id: Generated<number>;
  customer_id: number;
  account_id: number;
  /** The card product, which is also the card account's type (2006-2135, schemas/data/card-products.json). */
  product_type: number;
  sub_type: 'PREPAID' | 'DEBIT';
  is_virtual: boolean;
  /** Card status id of document 001 section 4 (server/cards/card-status.ts). */
  status_id: number;
  /** The status a paused card returns to when unpaused. */
  previous_status_id: number | null;
  role: ColumnType<CardRole, CardRole | undefined, CardRole>;
  replaces_card_id: number | null;
  /** The processor's token for the card; null until the processor issued it. */
  processor_ref: string | null;
  bin: string | null;
  last4: string | null;
  expiry_month: number | null;
  expiry_year: number | null;
  holder_name: string;
  country_code: string;
  shipping_option_id: string | null;
  express_shipping: Generated<boolean>;
  address_id: number | null;
  document_ids: ColumnType<number[], string | undefined, string>;
  created_by_user_id: number | null;
  activated_at: Date | null;
  /** Shipping already charged (at an upgrade or an express reissue), decimal in the country's fee currency. */
  shipping_fee_paid: ColumnType<string, string | undefined, string>;
  /** A running call's token at the processor (the card being issued, or its PIN assigned), so a second one is refused. */
  activation_claim: string | null;
  activation_claimed_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A purchase the processor authorised or declined against a card (migration 0020). */
export interface CardAuthorizationsTable {
  id: Generated<bigint>;
  card_id: number;
  /** The ledger account charged: the card account (prepaid) or its settlement account (debit). */
  account_id: number;
  processor_auth_id: string;
  amount: bigint;
  currency_code: string;
  merchant_name: string;
  merchant_country: string;
  mcc: string;
  status: 'approved' | 'declined' | 'reversed';
  decline_reason: string | null;
  /** What the account charged paid, in its own currency (after conversion); null when declined before pricing. */
  billed_amount: bigint | null;
  billed_currency_code: string | null;
  ledger_transaction_id: bigint | null;
  created_at: CreatedAt;
}

/** The second factor asked before a sensitive action: a card secret, an approver's decision (migrations 0020, 0024). */
export interface StepUpChallengesTable {
  id: Generated<bigint>;
  customer_id: number;
  user_id: number;
  account_id: number | null;
  action: string;
  bound_hash: string;
  method: 'sms' | 'otp' | 'approvalCode';
  code_hash: string | null;
  failed_attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** The bin dictionary behind bin lookups (migration 0020). */
export interface CardBinsTable {
  bin: string;
  issuer: string;
  card_brand: string;
  card_category: string;
  card_type: string;
  country_code: string;
  currency_code: string;
  is_commercial: Generated<boolean>;
  is_prepaid: Generated<boolean>;
}

/** Card bins the product refuses (migration 0020). */
export interface BlockedCardBinsTable {
  bin: string;
  reason: string;
  created_at: CreatedAt;
}

/** The sandbox card processor's own sealed store of numbers, CVVs and PINs (migration 0020). */
export interface SandboxCardVaultTable {
  processor_ref: string;
  pan_sealed: string;
  cvv_sealed: string;
  pin_sealed: string | null;
  created_at: CreatedAt;
}

/** A card's monthly fee for one month: charged, or tried and left unpaid (migration 0020). */
export interface CardMonthlyFeesTable {
  card_id: number;
  /** 'YYYY-MM' (UTC). */
  period: string;
  status: 'charged' | 'unpaid';
  attempted_at: ColumnType<Date, Date | undefined, Date>;
}

/** Where a payout stands at its rail (migration 0031; the allowed changes are server/rails/payout-states.ts). */
export type PayoutState = 'pending' | 'sent' | 'settled' | 'returned' | 'failed';

/** A transfer out through a rail (wire, ...): its rail state, beneficiary and return reason (migration 0031). */
export interface RailPayoutsTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  rail: string;
  /** The ISO 20022 end-to-end id the rail's reports name the payout by. */
  end_to_end_id: string;
  state: PayoutState;
  beneficiary: ColumnType<Record<string, string>, string, string>;
  /** The ISO 20022 reason code of a return or failure (AC01, AC04, AM04, ...). */
  reason_code: string | null;
  /** The ledger transaction that gave the money back when the payout was returned after it settled. */
  refund_transaction_id: bigint | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One state change of a payout, with the rail's report id (unique per payout) and its time (migration 0031). */
export interface RailPayoutEventsTable {
  id: Generated<bigint>;
  payout_id: bigint;
  report_id: string;
  state: PayoutState;
  reason_code: string | null;
  at: ColumnType<Date, Date | undefined, never>;
}

/** The sandbox rail network's own record of a payout it was sent (migration 0031). */
export interface RailSandboxPayoutsTable {
  end_to_end_id: string;
  rail: string;
  amount: string;
  currency_code: string;
  state: PayoutState;
  reason_code: string | null;
  /** When the sandbox moves it on by itself; null once it ends. */
  next_at: Date | null;
  created_at: CreatedAt;
}

/** A report the sandbox rail has for the bank, delivered once collected (migration 0031). */
export interface RailSandboxReportsTable {
  id: Generated<bigint>;
  end_to_end_id: string;
  rail: string;
  report_id: string;
  state: PayoutState;
  reason_code: string | null;
  reported_at: CreatedAt;
  delivered_at: Date | null;
}

/** A full card number a card payout or a saved card needs, sealed, by its token (migration 0034). */
export interface CardVaultTable {
  token: string;
  pan_sealed: string;
  created_at: CreatedAt;
}

/** A card the customer saved from a card payout, shown masked (migration 0034). */
export interface ExternalCardsTable {
  id: Generated<number>;
  customer_id: number;
  token: string;
  /** A keyed hash of the number: one live entry per number and customer. */
  fingerprint: string;
  masked_number: string;
  card_brand: string;
  issuer: string | null;
  country_code: string | null;
  holder_name: string;
  created_at: CreatedAt;
  deleted_at: Date | null;
}

/** A business registration draft kept by its draft token (migration 0043). */
export interface BusinessRegistrationDraftsTable {
  /** SHA-256 (base64url) of the draft token the wizard holds. */
  token_hash: string;
  version: string;
  draft: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A registered business and its activation by the code e-mailed to the company (migration 0043). */
export interface BusinessRegistrationsTable {
  customer_id: number;
  brand: string;
  /** One of the brand's registrationBusinessTypes. */
  business_type: string;
  /** The company e-mail the code goes to, lower-case. */
  email: string;
  accepted_terms: ColumnType<Array<Record<string, unknown>>, string, string>;
  /** The draft as submitted. */
  draft: ColumnType<Record<string, unknown>, string, string>;
  activation_code_hash: string;
  code_expires_at: Date;
  code_sent_at: ColumnType<Date, Date | undefined, Date>;
  failed_attempts: Generated<number>;
  activated_at: Date | null;
  created_at: CreatedAt;
}

/** What a business customer's company info holds beyond the customer row (migration 0043). */
export interface BusinessProfilesTable {
  customer_id: number;
  trading_name: string | null;
  email: string;
  registration_number: string;
  registration_date: ColumnType<string, string, string>;
  website: string | null;
  description: string | null;
  business_type: string;
  industry_id: number;
  financial_info: ColumnType<Record<string, unknown>, string, string>;
  due_diligence: ColumnType<Record<string, unknown>, string, string>;
  additional_answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

/**
 * A representative of a business (migration 0043): kind 2 director, 6 person shareholder, 9 company
 * shareholder, 8 ultimate owner, 5 authorised user (schemas/data/business-registration-rules.json); a
 * company shareholder's own shareholders and directors point at it by parent_id.
 */
export interface BusinessRepresentativesTable {
  id: Generated<number>;
  customer_id: number;
  kind: number;
  entity: 'person' | 'company';
  parent_id: number | null;
  /** The id the registration draft gave the person or company. */
  draft_id: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  birth_day: ColumnType<string | null, string | null | undefined, string | null>;
  email: string | null;
  phone: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  address: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  registration_country_code: string | null;
  registration_number: string | null;
  tax_id: string | null;
  /** Percent, as numeric(5,2) comes back: a string. */
  share: ColumnType<string | null, number | null | undefined, number | null>;
  source_of_funds: ColumnType<number[], string | undefined, string>;
  source_details: ColumnType<Record<string, string>, string | undefined, string>;
  user_id: number | null;
  created_at: CreatedAt;
  /** Set when the representative was deleted from the company (migration 0045). */
  removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An account resolution a company sent (migration 0045), with the representatives it names and its signers. */
export interface BusinessResolutionsTable {
  id: Generated<number>;
  customer_id: number;
  business_representative_ids: ColumnType<number[], string, string>;
  status_id: number;
  /** `signed` and `signedAt` since migration 0050 (older signers have not signed). */
  signers: ColumnType<Array<{ businessRepresentativeId: number; name: string; signed?: boolean; signedAt?: string }>, string, string>;
  created_by_user_id: number | null;
  created_at: CreatedAt;
}

/** A company's declarations or prohibited escort statement as last answered (migration 0045). */
export interface BusinessStatementsTable {
  customer_id: number;
  kind: 'declarations' | 'prohibitedEscort';
  answers: ColumnType<Record<string, string | boolean | undefined>, string, string>;
  answered_by_user_id: number | null;
  answered_at: ColumnType<Date, Date | undefined, Date>;
}

/** A customer's webhook endpoint (migration 0053): its signing secret is kept sealed (server/webhooks/endpoints.ts). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  enabled: Generated<boolean>;
  url: string;
  /** `whsec_…` sealed with AES-256-GCM under the app setting `webhook_secret_key`. */
  secret_sealed: string;
  /** 'failing' when the runner disabled it after a delivery failed through the whole retry schedule. */
  disabled_reason: ColumnType<'failing' | null, 'failing' | null | undefined, 'failing' | null>;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** An event raised for a customer (migration 0053); its id is the `webhook-id` header. */
export interface WebhookMessagesTable {
  id: string;
  customer_id: number;
  event_type: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One message on its way to one endpoint (migration 0053): the queue. */
export interface WebhookDeliveriesTable {
  id: Generated<bigint>;
  message_id: string;
  endpoint_id: number;
  state: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | 'delivered' | 'failed' | undefined, 'pending' | 'delivered' | 'failed'>;
  attempt_count: Generated<number>;
  next_attempt_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One HTTP request of a delivery and its answer (migration 0053), for the webhook log. */
export interface WebhookAttemptsTable {
  id: Generated<bigint>;
  delivery_id: bigint;
  message_id: string;
  endpoint_id: number;
  customer_id: number;
  url: string;
  request_headers: ColumnType<Record<string, string>, string, string>;
  request_body: string;
  response_status: number | null;
  /** At most 4 KiB of the answer. */
  response_body: string | null;
  /** Why no answer came (timeout, refused connection). */
  error: string | null;
  duration_ms: number;
  attempted_at: Date;
  /** When the delivery is tried again after this attempt; null when delivered or given up. */
  next_attempt_at: Date | null;
  outcome: 'delivered' | 'failed';
}

/** A merchant's logo, shown on its checkout pages (migration 0054); PNG or JPEG bytes. */
export interface MerchantLogosTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  media_type: 'image/png' | 'image/jpeg';
  content: Buffer;
  created_at: CreatedAt;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A saved payment button (migration 0054): a fixed amount, or the payer's within min and max. */
export interface MerchantButtonsTable {
  id: Generated<number>;
  customer_id: number;
  created_by_user_id: number | null;
  name: string;
  account_id: number;
  amount: bigint | null;
  min_amount: bigint | null;
  max_amount: bigint | null;
  description: string | null;
  item_reference: string | null;
  success_url: string;
  cancel_url: string;
  logo_id: number | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Migration 0057: a recurring button repeats its payment every interval (null: a one-off button). */
  recurring_interval: ColumnType<SubscriptionInterval | null, SubscriptionInterval | null | undefined, SubscriptionInterval | null>;
  /** Migration 0057: how many payments in all, the first included (null: until cancelled). */
  recurring_installments: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** How often a recurring button charges (entities/subscription-interval.schema.json). */
export type SubscriptionInterval = 'day' | 'week' | 'month' | 'year';
export type SubscriptionState = 'active' | 'pastDue' | 'finished' | 'cancelled';

/** A payer's subscription to a recurring button (migration 0057). */
export interface MerchantSubscriptionsTable {
  id: Generated<bigint>;
  button_id: number;
  merchant_customer_id: number;
  payer_customer_id: number;
  payer_account_id: number;
  /** The payer's e-mail when they subscribed, lower-case (the list filters on it). */
  payer_email: string;
  amount: bigint;
  currency_code: string;
  recurring_interval: SubscriptionInterval;
  installments_total: number | null;
  /** The number of the last installment recorded (1 once the checkout payment is made). */
  last_installment_no: ColumnType<number, number | undefined, number>;
  first_due_at: Date;
  next_due_at: Date | null;
  state: ColumnType<SubscriptionState, SubscriptionState | undefined, SubscriptionState>;
  failure_reason: string | null;
  cancelled_at: Date | null;
  cancelled_by: 'merchant' | 'payer' | 'system' | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One installment of a subscription (migration 0057), unique per (subscription, number). */
export interface MerchantSubscriptionInstallmentsTable {
  id: Generated<bigint>;
  subscription_id: bigint;
  installment_no: number;
  due_at: Date;
  state: 'pending' | 'paid' | 'failed';
  transfer_id: bigint | null;
  failure_reason: string | null;
  created_at: CreatedAt;
}

/** A transfer paid through a button's checkout page (migration 0054); `notified` once its IPN exists. */
export interface CheckoutPaymentsTable {
  transfer_id: bigint;
  button_id: number;
  merchant_customer_id: number;
  payer_customer_id: number;
  notified: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** A merchant's IPN settings (notifyUrl, notifyStatusId, statusId) and PBN settings (statusId, secret), migration 0054. */
export interface MerchantNotificationSettingsTable {
  customer_id: number;
  notify_url: string | null;
  notify_status_id: ColumnType<number, number | undefined, number>;
  status_id: ColumnType<number, number | undefined, number>;
  pbn_status_id: ColumnType<number, number | undefined, number>;
  pbn_secret: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One instant payment notification (migration 0054): what was posted, the last answer, the retry state. */
export interface IpnMessagesTable {
  id: Generated<bigint>;
  customer_id: number;
  transfer_id: bigint;
  button_id: number;
  notify_url: string;
  status: ColumnType<
    'pending' | 'delivered' | 'failed' | 'confirmed',
    'pending' | 'delivered' | 'failed' | 'confirmed' | undefined,
    'pending' | 'delivered' | 'failed' | 'confirmed'
  >;
  request_body: string;
  signature: string | null;
  response_status: number | null;
  response_body: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  created_at: CreatedAt;
}

/** A merchant's request that a payer verify their identity (migration 0058), with the fee it paid. */
export interface PayerVerificationRequestsTable {
  id: string;
  customer_id: number;
  created_by_user_id: number | null;
  payer_email: string;
  state: ColumnType<'pending' | 'completed' | 'failed', 'pending' | 'completed' | 'failed' | undefined, 'pending' | 'completed' | 'failed'>;
  fee_account_id: number;
  fee_amount: bigint;
  fee_currency_code: string;
  ledger_transaction_id: bigint | null;
  provider: string | null;
  provider_session_id: string | null;
  provider_url: string | null;
  reject_reason: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
}

/** A merchant's API key (migration 0052): only the SHA-256 of the key is kept; `prefix` is what screens show. */
export interface ApiKeysTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** An IP range a customer's API keys may be used from (migration 0052); none enabled means anywhere. */
export interface ApiAllowedIpsTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  ip_from: string;
  ip_to: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One request made with an API key, as the API log shows it (migration 0052). */
export interface ApiRequestsTable {
  id: Generated<bigint>;
  customer_id: number;
  api_key_id: number;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  ip: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A notification told to a customer (migration 0060): title and body as locale keys with their values. */
export interface NotificationsTable {
  id: Generated<bigint>;
  customer_id: number;
  type: string;
  status: ColumnType<'unread' | 'read', 'unread' | 'read' | undefined, 'unread' | 'read'>;
  title: ColumnType<{ key: string; values?: Record<string, unknown> }, string, string>;
  body: ColumnType<{ key: string; values?: Record<string, unknown> }, string, string>;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A revenue-split contract (migration 0061); its status moves by server/contracts/contract-status.ts. */
export interface ContractsTable {
  id: Generated<number>;
  company_id: number;
  sender_id: number;
  beneficiary_id: number;
  initiator_id: number;
  status: ColumnType<ContractStatusName, ContractStatusName | undefined, ContractStatusName>;
  identification_status: 'NEW' | 'PROCESSING' | 'SUCCESS' | 'FAILED' | null;
  /** The percentage in basis points (percent × 100): 1 to 10000. */
  percentage_bp: number;
  note: string | null;
  /** 'YYYY-MM-DD'. */
  active_from: ColumnType<string, string, string>;
  active_to: ColumnType<string | null, string | null | undefined, string | null>;
  sender_signer_name: string;
  beneficiary_signer_name: string;
  sender_obligations: ColumnType<string[], string, string>;
  beneficiary_obligations: ColumnType<string[], string, string>;
  sender_signed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  beneficiary_signed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  terminated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  terminate_note: string | null;
  terminated_by: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type ContractStatusName =
  'ACTIVE' | 'EXPIRED' | 'TERMINATED' | 'TERMINATING' | 'UNSIGNED' | 'WAITING' | 'CANCELLED' | 'REJECTED' | 'SIGNED' | 'NEED_IDENTIFICATION';

/** An event received by the sandbox analytics host (migration 0062). */
export interface AnalyticsEventsTable {
  id: Generated<bigint>;
  project: string;
  route: 'track' | 'engage' | 'groups';
  distinct_id: string | null;
  event: string | null;
  body: ColumnType<Record<string, unknown>, string, never>;
  received_at: ColumnType<Date, Date | undefined, never>;
}

/** A session recording held by the sandbox analytics host (migration 0062). */
export interface AnalyticsRecordingsTable {
  replay_id: string;
  project: string;
  distinct_id: string;
  status: 'running' | 'aborted';
  started_at: Date;
  last_event_at: Date;
  event_count: ColumnType<number, number | undefined, number>;
}

/** One batch of a recording; batch 0 starts with the full snapshot (migration 0062). */
export interface AnalyticsRecordingBatchesTable {
  replay_id: string;
  sequence: number;
  events: ColumnType<unknown[], string, never>;
  received_at: ColumnType<Date, Date | undefined, never>;
}

/** A token the sandbox bot challenge handed out (migration 0065), spent once by the call it guards. */
export interface BotChallengeTokensTable {
  token: string;
  site_key: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  spent_at: Date | null;
}
