import type { Transaction } from 'kysely';
import { hashOpaqueToken } from '../auth/opaque-tokens.ts';
import type { Database } from '../db/schema.ts';

/**
 * The demo sign-ins of each login flow (password Demo-pass-2026, like every demo user):
 * - otp@example.com: authenticator app; its secret is DEMO_TOTP_SECRET (add it to any TOTP app);
 * - sms@example.com: codes by SMS to +40 721 000 111 (read them on /sandbox/outbox);
 * - push@example.com: push approvals to the linked phone "Demo Pixel" (approve on /sandbox/device);
 * - device@example.com: new-device approval, every new browser is confirmed by an SMS or e-mail code;
 * - migrate@example.com: simple sign-in with a soft migration requirement (enable push in 14 days).
 */
export const SIGN_IN_DEMO_LOGINS = {
  otp: 'otp@example.com',
  sms: 'sms@example.com',
  push: 'push@example.com',
  device: 'device@example.com',
  migrate: 'migrate@example.com',
} as const;

/** The authenticator secret of otp@example.com (base32). Demo only: production seeds no users. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The secret of push@example.com's demo phone, for `X-Device-Secret` and direct sign-in. */
export const DEMO_DEVICE_SECRET = 'demo-device-secret-push-example-com-0000000001';

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  phone?: { countryCode: string; number: string };
  user: Partial<Pick<Database['users'], never>> & Record<string, unknown>;
};

const DEMO_USERS: DemoUser[] = [
  { email: SIGN_IN_DEMO_LOGINS.otp, firstName: 'Oscar', lastName: 'Tan', user: { login_2fa_mode: 'otp', totp_secret: DEMO_TOTP_SECRET } },
  { email: SIGN_IN_DEMO_LOGINS.sms, firstName: 'Sofia', lastName: 'Marin', phone: { countryCode: '40', number: '721000111' }, user: { login_2fa_mode: 'sms' } },
  {
    email: SIGN_IN_DEMO_LOGINS.push,
    firstName: 'Paul',
    lastName: 'Reyes',
    phone: { countryCode: '44', number: '7700900555' },
    user: { login_2fa_mode: 'push' },
  },
  {
    email: SIGN_IN_DEMO_LOGINS.device,
    firstName: 'Dana',
    lastName: 'Ionescu',
    phone: { countryCode: '373', number: '69123456' },
    user: { device_approval: true },
  },
  {
    email: SIGN_IN_DEMO_LOGINS.migrate,
    firstName: 'Mia',
    lastName: 'Lopez',
    user: { migration_type: 'soft', migration_strategy: 'enablePush', migration_deadline: new Date(Date.now() + 14 * 86_400_000) },
  },
];

/**
 * Adds the sign-in demo users, each a verified personal customer with a USD account, inside the
 * demo seed's transaction.
 *
 * @example
 * await seedSignInDemo(trx, passwordHash);
 */
export async function seedSignInDemo(trx: Transaction<Database>, passwordHash: string): Promise<void> {
  for (const demo of DEMO_USERS) {
    const customer = await trx
      .insertInto('customers')
      .values({
        type: 'personal',
        first_name: demo.firstName,
        last_name: demo.lastName,
        business_name: null,
        birth_day: null,
        residence_country_code: 'GB',
        tax_id: null,
        verified: true,
        due_diligence_level: null,
        transaction_approve_mode: demo.phone ? 2 : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({ email: demo.email, password_hash: passwordHash, customer_id: customer.id, ...demo.user })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (demo.phone) {
      await trx
        .insertInto('phones')
        .values({ customer_id: customer.id, country_code: demo.phone.countryCode, number: demo.phone.number, status: 'Primary', confirmed: true })
        .execute();
    }
    await trx.insertInto('accounts').values({ customer_id: customer.id, currency_code: 'USD', type: 1001 }).execute();
    if (demo.email === SIGN_IN_DEMO_LOGINS.push) {
      await trx
        .insertInto('devices')
        .values({
          user_id: user.id,
          code: 'demo-pixel-0001',
          type: 'android',
          name: 'Demo Pixel',
          location: 'London',
          secret_hash: hashOpaqueToken(DEMO_DEVICE_SECRET),
          push_token: null,
        })
        .execute();
    }
  }
}
