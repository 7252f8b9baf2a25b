import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Both drivers are configured (see connect.ts) to read bigint as
 * `bigint` and date as a 'YYYY-MM-DD' string, so these types hold on PGlite and PostgreSQL alike.
 */
export interface Database {
  users: UsersTable;
  login_attempts: LoginAttemptsTable;
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
  outbox_messages: OutboxMessagesTable;
  documents: DocumentsTable;
  document_files: DocumentFilesTable;
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
export type BusinessRight = 'balanceInfo' | 'transfers' | 'documents' | 'users';

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
}

export interface CurrenciesTable {
  code: string;
  /** ISO 4217 minor units: 2 means amounts are stored in hundredths. */
  scale: number;
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
  /** Posted balance in minor units. */
  balance: Generated<bigint>;
  /** Held (pending) amount in minor units; reduces what can be spent. */
  pending: Generated<bigint>;
  /** The lowest the available balance may go for a customer account. */
  balance_min: Generated<bigint>;
  created_at: CreatedAt;
}

export interface LedgerTransactionsTable {
  id: Generated<bigint>;
  created_at: ColumnType<Date, Date | undefined, never>;
  operation_type: string;
  description: string;
  idempotency_key: string | null;
  request_hash: string | null;
}

export type LedgerEntryStatus = 'posted' | 'pending' | 'voided';

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  account_id: number;
  /** Signed minor units: negative leaves the account, positive enters it. */
  amount: bigint;
  status: LedgerEntryStatus;
  /** Who is on the other side, as this account's holder sees it. */
  counterparty: string | null;
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
