import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { emailLink } from '../messaging/links.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { hashPassword } from '../auth/passwords.ts';
import { RpcRefusal, type RefusalFieldError } from '../rpc/response-codes.ts';
import type { RegistrationRules } from './brand-rules.ts';
import { hashCode, newCode } from './one-time-codes.ts';
import { messageTexts } from '../i18n/request-language.ts';

/** An activation code works for a day; a new one can be asked for after a minute. */
export const ACTIVATION_CODE_SECONDS = 24 * 60 * 60;

/** Customers must be adults. */
export const MINIMUM_AGE_YEARS = 18;

export const REGISTRATION_CLOSED = 'Registration is not offered here. If you already have an account, sign in; otherwise contact support.';
export const EMAIL_TAKEN = 'An account with this e-mail already exists. Sign in, or recover your password from the sign-in page.';

/** A personal registration as the form sends it (schemas/forms/personal-registration.schema.json). */
export interface PersonalRegistration {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  residenceCountryCode: string;
  birthDay: string;
  phoneCountryCode?: string;
  phone?: string;
  registrationType: string;
  acceptedTerms: string[];
}

/**
 * E-mail existence statuses (document 002 section 5): 0 free, 1 an active account, 2 registered but
 * not yet activated, 3 the active login of a business's user (an employee: a new business may make them
 * its user too, but nobody may register it again).
 */
export type EmailStatus = 0 | 1 | 2 | 3;

/**
 * Whether an e-mail may register (the check email call).
 *
 * @example
 * await emailStatus(db, 'new@example.com'); // 0
 */
export async function emailStatus(db: Kysely<Database>, email: string): Promise<EmailStatus> {
  const row = await db
    .selectFrom('users')
    .leftJoin('registrations', 'registrations.user_id', 'users.id')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .select(['users.id', 'registrations.user_id as registered', 'registrations.activated_at', 'customers.type'])
    .where('users.email', '=', email.toLowerCase())
    .executeTakeFirst();
  if (!row) return 0;
  if (row.registered !== null && row.activated_at === null) return 2;
  return row.type === 'business' ? 3 : 1;
}

/** Whole years between a 'YYYY-MM-DD' birth day and `today`. */
export function ageOn(birthDay: string, today: Date): number {
  const [year, month, day] = birthDay.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The checks the schema cannot make: what the brand offers, the customer's age, the terms. */
function refuseWhatTheBrandDoesNotAllow(rules: RegistrationRules, input: PersonalRegistration, today: Date): void {
  if (!rules.allowRegistration || rules.personalTypes.length === 0) throw new RpcRefusal('ENOA', { key: 'server.registration.closed' });
  const problems: RefusalFieldError[] = [];
  if (!rules.personalTypes.includes(input.registrationType)) {
    problems.push({ field: 'registrationType', key: 'server.registration.type', values: { project: rules.projectName } });
  }
  const missing = rules.terms.filter((term) => !input.acceptedTerms.includes(term.key));
  if (missing.length > 0) {
    problems.push({ field: 'acceptedTerms', key: 'server.registration.acceptTerms', values: { terms: missing.map((term) => term.label).join(', ') } });
  }
  const age = ageOn(input.birthDay, today);
  if (age < MINIMUM_AGE_YEARS || age > 120) {
    problems.push({ field: 'birthDay', key: 'server.registration.minimumAge', values: { years: MINIMUM_AGE_YEARS } });
  }
  if (problems.length > 0) throw new RpcRefusal('TA1', { validationErrors: problems });
}

/** The e-mail with the activation code and a link that fills it in. */
export function activationEmail(linkBase: string, projectName: string, email: string, code: string) {
  const link = emailLink(linkBase, `/activate?username=${encodeURIComponent(email)}&activationCode=${code}`);
  const t = messageTexts();
  return {
    to: email,
    subject: t('messages.activation.subject', { project: projectName }),
    text: t('messages.activation.text', { project: projectName, code, link }),
    purpose: 'activation',
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Registers a personal customer: the customer, their login (inactive until activated, password as
 * Argon2id), their phone when given, the terms they accepted, and an activation code e-mailed to
 * them. Refuses (changing nothing) when the brand does not offer registration or this type, when a
 * term is not accepted, when the customer is under 18, or when the e-mail already has an account.
 *
 * @example
 * await registerPersonal(db, adapters.messages, 'https://bank.example', registrationRules(config.brand), params);
 */
export async function registerPersonal(
  db: Kysely<Database>,
  messages: MessageSender,
  linkBase: string,
  rules: RegistrationRules,
  input: PersonalRegistration,
  today = new Date(),
): Promise<{ username: string }> {
  refuseWhatTheBrandDoesNotAllow(rules, input, today);
  const email = input.username.toLowerCase();
  if ((await emailStatus(db, email)) !== 0) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'username', key: 'server.registration.emailTaken' }] });

  const passwordHash = await hashPassword(input.password);
  const code = newCode();
  const acceptedTerms = rules.terms.map(({ id, key, url }) => ({ id, key, url, acceptedAt: today.toISOString() }));
  try {
    await db.transaction().execute(async (trx) => {
      const customer = await trx
        .insertInto('customers')
        .values({
          type: 'personal',
          first_name: input.firstName.trim(),
          last_name: input.lastName.trim(),
          birth_day: input.birthDay,
          residence_country_code: input.residenceCountryCode,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({ email, password_hash: passwordHash, customer_id: customer.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (input.phone && input.phoneCountryCode) {
        await trx
          .insertInto('phones')
          .values({
            customer_id: customer.id,
            country_code: input.phoneCountryCode.replace(/\D/g, ''),
            number: input.phone.replace(/\D/g, ''),
            status: 'Primary',
            confirmed: false,
          })
          .execute();
      }
      await trx
        .insertInto('registrations')
        .values({
          user_id: user.id,
          customer_id: customer.id,
          brand: rules.brandId,
          registration_type: input.registrationType,
          accepted_terms: JSON.stringify(acceptedTerms),
          activation_code_hash: hashCode(`activation:${user.id}`, code),
          code_expires_at: sql<Date>`now() + ${ACTIVATION_CODE_SECONDS} * interval '1 second'`,
        })
        .execute();
    });
  } catch (error) {
    // Two registrations of one e-mail at the same moment: the second meets the unique index.
    if (isUniqueViolation(error)) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'username', key: 'server.registration.emailTaken' }] });
    throw error;
  }
  await messages.sendEmail(activationEmail(linkBase, rules.projectName, email, code));
  return { username: email };
}
