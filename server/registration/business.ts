import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BusinessRegistrationDraft } from '../../generated/entities.ts';
import {
  BUSINESS_DICTIONARIES,
  dictionaryProblems,
  draftProblems,
  userEmailProblems,
  offeredIndustryGroups,
  questionTypesOf,
  REGISTRATION_RULES,
  registrantProblems,
  tidiedDraft,
  withRegistrantAsTopUser,
  type DraftShareholder,
  type RegistrationBrand,
} from '../../schemas/rules/business-registration.ts';
import { normalizeTaxId } from '../../schemas/rules/tax-ids.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ALL_BUSINESS_RIGHTS, type BusinessRight, type Database } from '../db/schema.ts';
import { countries } from '../dictionaries/data.ts';
import { messageTexts } from '../i18n/request-language.ts';
import type { KeyedText } from '../i18n/texts.ts';
import { emailLink } from '../messaging/links.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { countCall } from '../db/call-counts.ts';
import { RpcRefusal, type RefusalFieldError } from '../rpc/response-codes.ts';
import type { RegistrationRules } from './brand-rules.ts';
import { CODE_ATTEMPTS, codeMatches, hashCode, newCode } from './one-time-codes.ts';
import { ACTIVATION_CODE_SECONDS, emailStatus } from './registration.ts';

/** A draft untouched this long is forgotten. */
export const DRAFT_KEEP_DAYS = 30;

/** The window the public draft calls are counted in, and what one network address and one draft may make in it. */
export const DRAFT_CALL_WINDOW_SECONDS = 600;
export const DRAFT_CALLS_PER_ADDRESS = 600;
export const DRAFT_CALLS_PER_TOKEN = 300;

/**
 * Counts a public draft call (save, get, delete) against the caller's network address and the draft's token;
 * past either limit → AE 'Too many draft saves from here…', so nobody fills the drafts table or guesses tokens
 * from one place. The wizard saves on every move, far below the limits.
 *
 * @example
 * await countDraftCall(ctx.db, params.draftToken, ctx.ip);
 */
export async function countDraftCall(db: Kysely<Database>, token: string | undefined, ip: string | undefined): Promise<void> {
  const counts = [{ key: `draft-ip:${ip ?? 'unknown'}`, limit: DRAFT_CALLS_PER_ADDRESS }];
  if (token) counts.push({ key: `draft:${tokenHash(token)}`, limit: DRAFT_CALLS_PER_TOKEN });
  if (await countCall(db, DRAFT_CALL_WINDOW_SECONDS, counts)) {
    throw new RpcRefusal('AE', { key: 'server.business.draftTooMany', values: { minutes: DRAFT_CALL_WINDOW_SECONDS / 60 } });
  }
}

const RULES = REGISTRATION_RULES;
const KINDS = RULES.representativeKinds;

/** The wizard's brand-dependent view of the rules. */
export const brandOf = (rules: RegistrationRules): RegistrationBrand => ({
  sourceOfWealthEnable: rules.sourceOfWealthEnable,
  hideAdultIndustriesInRegistration: rules.hideAdultIndustriesInRegistration,
  registrationBusinessTypes: rules.businessTypes,
});

// ---------------------------------------------------------------------------------------------------
// Dictionaries

const labelled = <T extends { id: number; key: string }>(list: string, entries: readonly T[]) =>
  entries.map(({ id, key }) => ({ id, key, labelKey: `business.dictionaries.${list}.${key}` }));

/**
 * The wizard's dictionaries (schemas/data/business-dictionaries.json) for a brand: labels as locale keys,
 * the adult industries left out where the brand hides them, each additional question with the widget and
 * follow-up its type is remapped to.
 *
 * @example
 * businessDictionaries(registrationRules('paxumbank'), ['EUR', 'USD']).industryGroups.map((group) => group.key);
 */
export function businessDictionaries(rules: RegistrationRules, currencies: readonly string[]) {
  const data = BUSINESS_DICTIONARIES;
  const types = questionTypesOf(data);
  const questions = (list: ReadonlyArray<{ key: string; type: string }>) =>
    list.flatMap(({ key, type }) => {
      const asked = types[type];
      if (!asked) return [];
      const labelKey = `business.dictionaries.additionalQuestions.${key}`;
      return [
        {
          key,
          labelKey,
          widget: asked.widget,
          ...(asked.options
            ? { options: asked.options.map((value) => ({ value, labelKey: `business.dictionaries.additionalQuestions.${key}Options.${value}` })) }
            : {}),
          followUp: {
            when: asked.followUp.when,
            fields: asked.followUp.fields.map((name) => ({ name, labelKey: `business.dictionaries.additionalQuestions.${name}` })),
          },
        },
      ];
    });
  return {
    countries: [...countries()],
    currencies: [...currencies],
    sourcesOfFunds: {
      personal: labelled('sourcesOfFunds.personal', data.sourcesOfFunds.personal),
      business: labelled('sourcesOfFunds.business', data.sourcesOfFunds.business),
      employee: labelled('sourcesOfFunds.employee', data.sourcesOfFunds.employee),
    },
    purposes: { personal: labelled('purposes.personal', data.purposes.personal), business: labelled('purposes.business', data.purposes.business) },
    industryGroups: offeredIndustryGroups(brandOf(rules)).map((group) => ({
      key: group.key,
      labelKey: `business.dictionaries.industryGroups.${group.key}`,
      industries: labelled('industries', group.industries),
    })),
    additionalQuestions: { personal: questions(data.additionalQuestions.personal), business: questions(data.additionalQuestions.business) },
    estimatedMonthlyDeposits: labelled('estimatedMonthlyDeposits', data.estimatedMonthlyDeposits),
  };
}

/** The currencies a business may name (fiat ones the ledger knows). */
export async function registrationCurrencies(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('currencies').select('code').where('crypto', '=', false).orderBy('code').execute();
  return rows.map((row) => row.code);
}

// ---------------------------------------------------------------------------------------------------
// Drafts

/** NUL and lone surrogates: text PostgreSQL's jsonb cannot hold. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point: the database refuses it.
const NOT_STORABLE = /\u0000|\p{Cs}/u;

/**
 * The dot path of the first text (a value or a key) of a draft in progress that the database cannot
 * store, or null: the draft is free-form until it is submitted, so its schema cannot say it.
 */
function unstorableText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return NOT_STORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableText(item, `${path}.${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (NOT_STORABLE.test(key)) return path;
      const found = unstorableText(item, `${path}.${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');

/**
 * Saves a draft under its token (a new token when none is given or it names no draft). Refuses a draft of
 * another version than the rules' (TA1 on draft.version), and forgets drafts untouched for 30 days.
 *
 * @example
 * const { draftToken } = await saveDraft(db, undefined, { version: '3.54', generalForm: {} });
 */
export async function saveDraft(
  db: Kysely<Database>,
  token: string | undefined,
  draft: { version: string; [key: string]: unknown },
): Promise<{ draftToken: string; savedAt: string }> {
  if (draft.version !== RULES.draftVersion) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'draft.version', key: 'server.business.draftVersion', values: { version: RULES.draftVersion } }],
    });
  }
  const unstorable = unstorableText(draft, 'draft');
  if (unstorable !== null) throw new RpcRefusal('TA1', { validationErrors: [{ field: unstorable, key: 'server.validation.plainText' }] });
  await db
    .deleteFrom('business_registration_drafts')
    .where('updated_at', '<', sql<Date>`now() - ${DRAFT_KEEP_DAYS} * interval '1 day'`)
    .execute();
  const json = JSON.stringify(draft);
  if (token) {
    const updated = await db
      .updateTable('business_registration_drafts')
      .set({ draft: json, version: draft.version, updated_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash(token))
      .returning('updated_at')
      .executeTakeFirst();
    if (updated) return { draftToken: token, savedAt: updated.updated_at.toISOString() };
  }
  const draftToken = randomBytes(32).toString('base64url');
  const created = await db
    .insertInto('business_registration_drafts')
    .values({ token_hash: tokenHash(draftToken), version: draft.version, draft: json })
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return { draftToken, savedAt: created.updated_at.toISOString() };
}

/**
 * The draft saved under a token; a draft of another version is deleted and answered as discarded.
 *
 * @example
 * const { draft, discarded } = await loadDraft(db, token);
 */
export async function loadDraft(db: Kysely<Database>, token: string): Promise<{ draft?: Record<string, unknown>; savedAt?: string; discarded: boolean }> {
  const row = await db
    .selectFrom('business_registration_drafts')
    .select(['version', 'draft', 'updated_at'])
    .where('token_hash', '=', tokenHash(token))
    .where('updated_at', '>=', sql<Date>`now() - ${DRAFT_KEEP_DAYS} * interval '1 day'`)
    .executeTakeFirst();
  if (!row) return { discarded: false };
  if (row.version !== RULES.draftVersion) {
    await deleteDraft(db, token);
    return { discarded: true };
  }
  return { draft: row.draft, savedAt: row.updated_at.toISOString(), discarded: false };
}

/** Deletes the draft of a token, if any. */
export async function deleteDraft(db: Kysely<Database> | Transaction<Database>, token: string): Promise<void> {
  await db.deleteFrom('business_registration_drafts').where('token_hash', '=', tokenHash(token)).execute();
}

// ---------------------------------------------------------------------------------------------------
// Creating a business

type Draft = BusinessRegistrationDraft;

const refusal = (problems: RefusalFieldError[]) => new RpcRefusal('TA1', { validationErrors: problems });
const underDraft = (problems: ReadonlyArray<{ field: string; key: string; values?: Record<string, string | number> }>): RefusalFieldError[] =>
  problems.map(({ field, key, values }) => ({ field: `draft.${field}`, key, ...(values ? { values } : {}) }));

/** The rights a user of the draft gets on the company: top rights hold every right. */
function rightsOf(person: Draft['persons'][number]): BusinessRight[] {
  if (person.accessRights === RULES.users.topRightsLevel) return [...ALL_BUSINESS_RIGHTS];
  return ALL_BUSINESS_RIGHTS.filter((right) => person.rights?.includes(right));
}

const phoneDigits = (phone: { countryCode: string; number: string }) => ({
  countryCode: phone.countryCode.replace(/\D/g, ''),
  number: phone.number.replace(/\D/g, ''),
});

/** The e-mail with the company's activation code and a link that fills it in. */
function companyActivationEmail(linkBase: string, projectName: string, company: string, email: string, code: string) {
  const t = messageTexts();
  const link = emailLink(linkBase, `/activate-business?email=${encodeURIComponent(email)}&activationCode=${code}`);
  return {
    to: email,
    subject: t('server.business.mail.companySubject', { project: projectName }),
    text: t('server.business.mail.companyText', { project: projectName, company, code, link }),
    purpose: 'businessActivation',
  };
}

/** The e-mail inviting a business's user to activate their login (the employee activation, where they choose a password). */
export function userActivationEmail(linkBase: string, projectName: string, company: string, email: string, code: string) {
  const t = messageTexts();
  const link = emailLink(linkBase, `/activate-employee?username=${encodeURIComponent(email)}&activationCode=${code}`);
  return {
    to: email,
    subject: t('server.business.mail.userSubject', { project: projectName, company }),
    text: t('server.business.mail.userText', { project: projectName, company, code, link }),
    purpose: 'activation',
  };
}

/** The signed-in user registering a new business (the wizard's new-business variant): their user id and login. */
export interface Registrant {
  userId: number;
  /** Their login e-mail, lower-case. */
  email: string;
}

/**
 * Every refusal of a draft before anything is written: the whole-draft checks and the dictionaries
 * (schemas/rules/business-registration.ts, as the wizard runs them), then the users' e-mails against the
 * logins that exist (statuses 1 and 2 block; 3, another business's user, is linked) and a company e-mail
 * already waiting for its activation. Answers each user's existing login (status 3) by e-mail.
 */
async function checkDraft(db: Kysely<Database>, rules: RegistrationRules, draft: Draft, registrant?: Registrant): Promise<Map<string, number>> {
  const problems = underDraft([...draftProblems(draft, brandOf(rules)), ...dictionaryProblems(draft, brandOf(rules), await registrationCurrencies(db))]);
  if (problems.length > 0) throw refusal(problems);
  const statuses = new Map<string, number>();
  problems.push(
    ...underDraft(
      await userEmailProblems(draft, async (email) => {
        // The signed-in registrant's own login is theirs to bring, not an address someone else holds.
        if (email === registrant?.email) return RULES.emailStatuses.free;
        const status = await emailStatus(db, email);
        statuses.set(email, status);
        return status;
      }),
    ),
  );
  const linked = new Map<string, number>();
  for (const [email, status] of statuses) {
    if (status !== RULES.emailStatuses.employee) continue;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    linked.set(email, user.id);
  }
  const pending = await db
    .selectFrom('business_registrations')
    .select('customer_id')
    .where('email', '=', draft.generalForm.email.toLowerCase())
    .where('activated_at', 'is', null)
    .executeTakeFirst();
  if (pending) problems.push({ field: 'draft.generalForm.email', key: 'server.business.companyPending' });
  if (problems.length > 0) throw refusal(problems);
  return linked;
}

/** Writes the representatives of the draft: directors, owners, the shareholders tree, the users. */
async function insertRepresentatives(trx: Transaction<Database>, customerId: number, draft: Draft, userIds: Map<string, number>): Promise<void> {
  const persons = new Map(draft.persons.map((person) => [person.id, person]));
  const companies = new Map(draft.companies.map((company) => [company.id, company]));
  const insertPerson = async (kind: number, personId: string, parentId: number | null, share?: number) => {
    const person = persons.get(personId)!;
    const row = await trx
      .insertInto('business_representatives')
      .values({
        customer_id: customerId,
        kind,
        entity: 'person',
        parent_id: parentId,
        draft_id: person.id,
        first_name: person.firstName.trim(),
        last_name: person.lastName.trim(),
        birth_day: person.birthday,
        email: person.email?.toLowerCase() ?? null,
        phone: person.phone ? JSON.stringify(phoneDigits(person.phone)) : null,
        address: JSON.stringify(person.address),
        tax_id: person.taxId ? normalizeTaxId(person.taxId) : null,
        share: share ?? null,
        source_of_funds: JSON.stringify(person.sourceOfFunds ?? []),
        source_details: JSON.stringify(person.sourceDetails ?? {}),
        user_id: person.isUser && person.email ? (userIds.get(person.email.toLowerCase()) ?? null) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const insertHolders = async (holders: readonly DraftShareholder[], parentId: number | null): Promise<void> => {
    for (const holder of holders) {
      if (holder.type === 'person') {
        await insertPerson(KINDS.personShareholder, holder.id, parentId, holder.share);
        continue;
      }
      const company = companies.get(holder.id)!;
      const row = await trx
        .insertInto('business_representatives')
        .values({
          customer_id: customerId,
          kind: KINDS.companyShareholder,
          entity: 'company',
          parent_id: parentId,
          draft_id: company.id,
          company_name: company.name.trim(),
          registration_country_code: company.registrationCountryCode,
          registration_number: company.registrationNumber.trim(),
          address: company.address ? JSON.stringify(company.address) : null,
          share: holder.share,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const director of company.directors) await insertPerson(KINDS.director, director, row.id);
      await insertHolders(company.shareholders ?? [], row.id);
    }
  };
  for (const director of draft.directors) await insertPerson(KINDS.director, director, null);
  for (const owner of draft.owners) await insertPerson(KINDS.owner, owner, null);
  await insertHolders(draft.shareholders, null);
  for (const person of draft.persons) if (person.isUser) await insertPerson(KINDS.authorisedUser, person.id, null);
}

/**
 * Registers a business from a complete draft (its schema already checked by the dispatcher): refuses,
 * changing nothing, when the brand offers no registration (ENOA) or the draft breaks a rule (TA1 on
 * draft.<path>). Creates the business customer, its profile, address and phone, its representatives, its
 * users (new logins wait for their activation; another business's user is linked), deletes the saved
 * draft, and e-mails the activation code to the company e-mail.
 *
 * @example
 * await registerBusiness(db, messages, 'https://bank.example', registrationRules('paxum'), { draft, draftToken });
 */
export async function registerBusiness(
  db: Kysely<Database>,
  messages: MessageSender,
  linkBase: string,
  rules: RegistrationRules,
  input: { draft: Draft; draftToken?: string },
  now = new Date(),
  registrant?: Registrant,
): Promise<{ email: string; customerId: number }> {
  if (!rules.allowRegistration || rules.businessTypes.length === 0) throw new RpcRefusal('ENOA', { key: 'server.registration.closed' });
  if (registrant) {
    const missing = registrantProblems(input.draft, registrant.email);
    if (missing.length > 0) throw refusal(underDraft(missing));
  }
  const sent = registrant ? withRegistrantAsTopUser(input.draft, registrant.email) : input.draft;
  // Refusals name the fields of the draft as sent; what is stored is the draft as the wizard keeps it.
  const linked = await checkDraft(db, rules, sent, registrant);
  if (registrant) linked.set(registrant.email, registrant.userId);
  const draft = tidiedDraft(sent);
  const general = draft.generalForm;
  const companyEmail = general.email.toLowerCase();
  const newUsers = draft.persons.filter((person) => person.isUser && person.email && !linked.has(person.email.toLowerCase()));
  // Each new login gets an unusable password until its user chooses one on activation.
  const placeholderHashes = await Promise.all(newUsers.map(() => hashPassword(randomBytes(32).toString('base64url'))));
  const code = newCode();
  const acceptedTerms = rules.terms.map(({ id, key, url }) => ({ id, key, url, acceptedAt: now.toISOString() }));
  let invitations: ReturnType<typeof userActivationEmail>[] = [];
  let customerId = 0;
  try {
    await db.transaction().execute(async (trx) => {
      const customer = await trx
        .insertInto('customers')
        .values({
          type: 'business',
          first_name: null,
          last_name: null,
          business_name: general.businessName.trim(),
          birth_day: null,
          residence_country_code: general.registrationCountryCode,
          tax_id: general.businessTaxId ? normalizeTaxId(general.businessTaxId) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      customerId = customer.id;
      const { sourceIds, purposeIds, monthlyDepositAmountId, monthlyDepositCurrency, monthlyWithdrawalAmountId, monthlyWithdrawalCurrency, specifications } =
        draft.financialInfoForm;
      await trx
        .insertInto('business_profiles')
        .values({
          customer_id: customer.id,
          trading_name: general.tradingName?.trim() ?? null,
          email: companyEmail,
          registration_number: general.registrationNumber.trim(),
          registration_date: general.registrationDate,
          website: general.website ?? null,
          description: general.description ?? null,
          business_type: general.businessType,
          industry_id: draft.financialInfoForm.industryId,
          financial_info: JSON.stringify({
            sourceIds,
            purposeIds,
            monthlyDepositAmountId,
            monthlyDepositCurrency,
            monthlyWithdrawalAmountId,
            monthlyWithdrawalCurrency,
            ...(specifications ? { specifications } : {}),
          }),
          due_diligence: JSON.stringify(draft.dueDilligenceForm),
          additional_answers: JSON.stringify(draft.financialInfoForm.additionalAnswers ?? {}),
        })
        .execute();
      const address = general.address;
      await trx
        .insertInto('addresses')
        .values({
          customer_id: customer.id,
          address1: address.address1.trim(),
          address2: address.address2?.trim() || null,
          city: address.city.trim(),
          postal_code: address.postalCode?.trim() || null,
          country_code: address.countryCode,
          state_code: address.stateCode ?? null,
          state_name: null,
          address_type: 2, // business (schemas/entities/address.schema.json)
          address_status: 0,
          confirmed: false,
        })
        .execute();
      const phone = phoneDigits(general.phone);
      await trx
        .insertInto('phones')
        .values({ customer_id: customer.id, country_code: phone.countryCode, number: phone.number, status: 'Primary', confirmed: false })
        .execute();

      const userIds = new Map(linked);
      for (const [index, person] of newUsers.entries()) {
        const email = person.email!.toLowerCase();
        const user = await trx
          .insertInto('users')
          .values({ email, password_hash: placeholderHashes[index]!, customer_id: customer.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        userIds.set(email, user.id);
        // Waits for the company's activation, which sends the user their own code.
        await trx
          .insertInto('registrations')
          .values({
            user_id: user.id,
            customer_id: customer.id,
            brand: rules.brandId,
            registration_type: general.businessType,
            accepted_terms: JSON.stringify(acceptedTerms),
            activation_code_hash: hashCode(`activation:${user.id}`, newCode()),
            code_expires_at: sql<Date>`now()`,
            needs_password: true,
          })
          .execute();
      }
      // A new login cannot sign in before its activation, which the company's comes first; another
      // business's user (already active) gets their access when the company is activated.
      for (const person of newUsers) {
        await trx
          .insertInto('customer_access')
          .values({ user_id: userIds.get(person.email!.toLowerCase())!, customer_id: customer.id, rights: rightsOf(person) })
          .execute();
      }
      await insertRepresentatives(trx, customer.id, draft, userIds);
      await trx
        .insertInto('business_registrations')
        .values({
          customer_id: customer.id,
          brand: rules.brandId,
          business_type: general.businessType,
          email: companyEmail,
          accepted_terms: JSON.stringify(acceptedTerms),
          draft: JSON.stringify(draft),
          activation_code_hash: hashCode(`businessActivation:${customer.id}`, code),
          code_expires_at: sql<Date>`now() + ${ACTIVATION_CODE_SECONDS} * interval '1 second'`,
          // A signed-in registrant has proven who they are: their business needs no activation code.
          ...(registrant ? { activated_at: sql<Date>`now()` } : {}),
        })
        .execute();
      if (registrant) {
        // Their user is linked at once with every right, as the business's activation would give them.
        const person = draft.persons.find((candidate) => candidate.email?.toLowerCase() === registrant.email)!;
        await trx
          .insertInto('customer_access')
          .values({ user_id: registrant.userId, customer_id: customer.id, rights: rightsOf(person) })
          .execute();
        invitations = await activatedBusinessInvitations(trx, customer.id, linkBase, rules.projectName, general.businessName.trim());
      }
      if (input.draftToken) await deleteDraft(trx, input.draftToken);
    });
  } catch (error) {
    // A user's e-mail registered by someone else at the same moment meets the unique index.
    if ((error as { code?: string } | null)?.code === '23505') throw refusal([{ field: 'draft.persons', key: 'server.business.emailTaken' }]);
    throw error;
  }
  if (registrant) {
    for (const invitation of invitations) await messages.sendEmail(invitation);
  } else {
    await messages.sendEmail(companyActivationEmail(linkBase, rules.projectName, general.businessName.trim(), companyEmail, code));
  }
  return { email: companyEmail, customerId };
}

// ---------------------------------------------------------------------------------------------------
// Activating a business

/**
 * Gives the users of an activated business who already had a login (another business's users, linked at
 * registration) their access with the rights the submitted draft gave them.
 */
async function grantLinkedUsers(trx: Transaction<Database>, customerId: number): Promise<void> {
  const registration = await trx.selectFrom('business_registrations').select('draft').where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  const draft = registration.draft as unknown as Draft;
  const linked = await trx
    .selectFrom('business_representatives as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('customer_access as a', (join) => join.onRef('a.user_id', '=', 'r.user_id').on('a.customer_id', '=', customerId))
    .select(['r.user_id', 'r.draft_id'])
    .where('r.customer_id', '=', customerId)
    .where('r.kind', '=', KINDS.authorisedUser)
    .where('a.user_id', 'is', null)
    .execute();
  for (const { user_id, draft_id } of linked) {
    const person = draft.persons.find((candidate) => candidate.id === draft_id);
    if (!person || user_id === null) continue;
    await trx
      .insertInto('customer_access')
      .values({ user_id, customer_id: customerId, rights: rightsOf(person) })
      .execute();
  }
}

/**
 * What follows a business's activation: its linked users (other businesses' users) get their access, and
 * each of its new users a fresh code, whose invitation e-mails are answered for sending after the commit.
 */
async function activatedBusinessInvitations(
  trx: Transaction<Database>,
  customerId: number,
  linkBase: string,
  projectName: string,
  businessName: string,
): Promise<ReturnType<typeof userActivationEmail>[]> {
  await grantLinkedUsers(trx, customerId);
  const users = await trx
    .selectFrom('registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'u.email'])
    .where('r.customer_id', '=', customerId)
    .where('r.activated_at', 'is', null)
    .orderBy('r.user_id')
    .execute();
  const invitations = [];
  for (const user of users) {
    const code = newCode();
    await trx
      .updateTable('registrations')
      .set({
        activation_code_hash: hashCode(`activation:${user.user_id}`, code),
        code_expires_at: sql<Date>`now() + ${ACTIVATION_CODE_SECONDS} * interval '1 second'`,
        code_sent_at: sql<Date>`now()`,
        failed_attempts: 0,
      })
      .where('user_id', '=', user.user_id)
      .execute();
    invitations.push(userActivationEmail(linkBase, projectName, businessName, user.email, code));
  }
  return invitations;
}

const WRONG_CODE: KeyedText = { key: 'server.activation.wrongCode' };

/**
 * Activates the business waiting under a company e-mail with its code (once, for 24 hours, 5 wrong tries;
 * an unknown e-mail answers as a wrong code), then gives each of its new users a fresh code and e-mails
 * them their activation link. Answers the activation notice in the request's language.
 *
 * @example
 * const { message } = await activateBusiness(db, messages, 'https://bank.example', 'Paxum', 'office@harbour.example', '048213');
 */
export async function activateBusiness(
  db: Kysely<Database>,
  messages: MessageSender,
  linkBase: string,
  projectName: string,
  email: string,
  activationCode: string,
): Promise<{ message: string }> {
  const outcome = await db.transaction().execute(async (trx): Promise<{ refused: KeyedText } | { invitations: ReturnType<typeof userActivationEmail>[] }> => {
    const row = await trx
      .selectFrom('business_registrations as b')
      .innerJoin('customers as c', 'c.id', 'b.customer_id')
      .select(['b.customer_id', 'b.activation_code_hash', 'b.failed_attempts', 'c.business_name', sql<boolean>`b.code_expires_at > now()`.as('fresh')])
      .where('b.email', '=', email.toLowerCase())
      .where('b.activated_at', 'is', null)
      .orderBy('b.created_at', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { refused: WRONG_CODE };
    if (row.failed_attempts >= CODE_ATTEMPTS) return { refused: { key: 'server.activation.spent' } };
    if (!row.fresh) return { refused: { key: 'server.activation.expired' } };
    if (!codeMatches(`businessActivation:${row.customer_id}`, activationCode, row.activation_code_hash)) {
      const attempts = row.failed_attempts + 1;
      await trx.updateTable('business_registrations').set({ failed_attempts: attempts }).where('customer_id', '=', row.customer_id).execute();
      const left = CODE_ATTEMPTS - attempts;
      return {
        refused:
          left > 1
            ? { key: 'server.activation.wrongLeft', values: { left } }
            : left === 1
              ? { key: 'server.activation.wrongOneLeft' }
              : { key: 'server.activation.spent' },
      };
    }
    await trx
      .updateTable('business_registrations')
      .set({ activated_at: sql`now()` })
      .where('customer_id', '=', row.customer_id)
      .execute();
    return { invitations: await activatedBusinessInvitations(trx, row.customer_id, linkBase, projectName, row.business_name ?? '') };
  });
  if ('refused' in outcome) throw new RpcRefusal('VF', { ...outcome.refused, validationErrors: [{ field: 'activationCode', ...outcome.refused }] });
  for (const invitation of outcome.invitations) await messages.sendEmail(invitation);
  return { message: messageTexts()('server.business.activated') };
}

/**
 * Sends a business waiting for activation a new code (the old one stops working), at most once a minute.
 * Answers false when no business waits under this e-mail, so the caller can try a login instead.
 *
 * @example
 * if (!(await resendBusinessCode(db, messages, 'https://bank.example', 'Paxum', email, 60))) await resendActivationCode(...);
 */
export async function resendBusinessCode(
  db: Kysely<Database>,
  messages: MessageSender,
  linkBase: string,
  projectName: string,
  email: string,
  cooldownSeconds: number,
): Promise<boolean> {
  const code = newCode();
  const sent = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('business_registrations as b')
      .innerJoin('customers as c', 'c.id', 'b.customer_id')
      .select(['b.customer_id', 'c.business_name', sql<number>`extract(epoch from (now() - b.code_sent_at))::int`.as('since')])
      .where('b.email', '=', email.toLowerCase())
      .where('b.activated_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    if (row.since < cooldownSeconds) {
      const wait = cooldownSeconds - row.since;
      throw new RpcRefusal('VF', { key: 'server.activation.resendWait', values: { wait }, extra: { resendAfterSeconds: wait } });
    }
    await trx
      .updateTable('business_registrations')
      .set({
        activation_code_hash: hashCode(`businessActivation:${row.customer_id}`, code),
        code_expires_at: sql<Date>`now() + ${ACTIVATION_CODE_SECONDS} * interval '1 second'`,
        code_sent_at: sql<Date>`now()`,
        failed_attempts: 0,
      })
      .where('customer_id', '=', row.customer_id)
      .execute();
    return row.business_name ?? '';
  });
  if (sent === null) return false;
  await messages.sendEmail(companyActivationEmail(linkBase, projectName, sent, email.toLowerCase(), code));
  return true;
}

/**
 * Where the new-business variant of the wizard starts for a signed-in user: themselves as the draft's first
 * person, a user with top rights under their login, with their own customer's names, birth day and first
 * address where it has them.
 *
 * @example
 * const { persons } = await registrantStart(db, { userId: 7, email: 'anna@example.com' });
 */
export async function registrantStart(db: Kysely<Database>, registrant: Registrant) {
  const own = await db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .select(['users.customer_id', 'customers.type', 'customers.first_name', 'customers.last_name', 'customers.birth_day'])
    .where('users.id', '=', registrant.userId)
    .executeTakeFirst();
  const personal = own?.type === 'personal';
  const address =
    personal && own.customer_id !== null
      ? await db
          .selectFrom('addresses')
          .select(['address1', 'address2', 'city', 'postal_code', 'country_code', 'state_code'])
          .where('customer_id', '=', own.customer_id)
          .orderBy('id')
          .executeTakeFirst()
      : undefined;
  return {
    persons: [
      {
        id: 'registrant',
        ...(personal && own.first_name ? { firstName: own.first_name } : {}),
        ...(personal && own.last_name ? { lastName: own.last_name } : {}),
        ...(personal && own.birth_day ? { birthday: own.birth_day } : {}),
        email: registrant.email,
        isUser: true,
        accessRights: RULES.users.topRightsLevel,
        ...(address
          ? {
              address: {
                address1: address.address1,
                ...(address.address2 ? { address2: address.address2 } : {}),
                city: address.city,
                ...(address.postal_code ? { postalCode: address.postal_code } : {}),
                countryCode: address.country_code,
                ...(address.state_code ? { stateCode: address.state_code } : {}),
              },
            }
          : {}),
      },
    ],
    // The step of shareholding companies may be skipped: the draft must still hold the (empty) list.
    companies: [],
  };
}
