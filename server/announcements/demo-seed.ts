import type { Kysely } from 'kysely';
import type { AnnouncementAudience, Database } from '../db/schema.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoAnnouncement {
  title: string;
  summary: string;
  body: string;
  audience: AnnouncementAudience;
  requiresConfirmation?: boolean;
  /** Days before `now` it was published. */
  ageDays: number;
  /** Days after `now` it stops being shown. */
  expiresInDays?: number;
}

const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    title: 'Updated terms of the multi-currency account',
    summary: 'From next month new terms apply to currency exchange within your account. Please accept or decline them.',
    body: [
      'We are updating the terms of the multi-currency account. From the first day of next month, exchanges between your own accounts are priced at the interbank rate plus a fixed 0.4% margin, shown before you confirm each exchange.',
      'Monthly account fees do not change. Exchanges you schedule before the new terms apply are charged under the current terms.',
      'Please accept the updated terms to keep exchanging between currencies. If you decline, your accounts stay open and you can still receive, hold and send money in each currency, but exchanges between them will be paused until you accept.',
    ].join('\n\n'),
    audience: 'all',
    requiresConfirmation: true,
    ageDays: 1,
  },
  {
    title: 'Scheduled maintenance on Sunday night',
    summary: 'Card payments keep working, but transfers and statements are unavailable between 01:00 and 03:00 UTC.',
    body: [
      'We are upgrading our payment systems on Sunday between 01:00 and 03:00 UTC.',
      'During this time you can still pay by card and sign in, but new transfers, exchanges and statement exports will be unavailable. Transfers you scheduled for that window will be sent right after the maintenance.',
    ].join('\n\n'),
    audience: 'all',
    ageDays: 3,
    expiresInDays: 5,
  },
  {
    title: 'Batch payouts now accept up to 5,000 lines',
    summary: 'Business customers can now upload mass payout files with up to 5,000 payments each.',
    body: [
      'Mass payout files can now hold up to 5,000 payments, up from 1,000. Validation of large files runs in the background and you get a notification when the batch is ready to approve.',
      'The file formats do not change; the sample files on the mass transfer page are up to date.',
    ].join('\n\n'),
    audience: 'business',
    ageDays: 6,
  },
  {
    title: 'Protect yourself from phishing',
    summary: 'We never ask for your password or a confirmation code by phone, e-mail or chat.',
    body: [
      'Fraudsters sometimes pretend to be our staff. We will never ask you for your password, a one-time code or your card details by phone, e-mail, text message or chat.',
      'If something looks suspicious, do not click the link; sign in by typing our address yourself and contact support from the Help page.',
    ].join('\n\n'),
    audience: 'all',
    ageDays: 12,
  },
  {
    title: 'Savings goals for personal accounts',
    summary: 'Set a target, put money aside in any currency and follow your progress from the home page.',
    body: 'Personal customers can now set savings goals: choose an amount and a date, put money aside in any of your currencies and see how close you are from the home page. Goals are free and you can move the money back at any time.',
    audience: 'personal',
    ageDays: 20,
  },
];

/**
 * The demo's news: five published announcements (one asking every customer to accept updated terms
 * of the multi-currency account, one for business customers only, one for personal customers only,
 * one expiring in a few days). Runs inside the demo seed's transaction.
 *
 * @example
 * await seedAnnouncementsDemo(trx, now);
 */
export async function seedAnnouncementsDemo(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .insertInto('announcements')
    .values(
      // Oldest first, so ids grow with the publication date as they would in real life.
      [...DEMO_ANNOUNCEMENTS].reverse().map((item) => ({
        title: item.title,
        summary: item.summary,
        body: item.body,
        audience: item.audience,
        requires_confirmation: item.requiresConfirmation ?? false,
        published_at: new Date(now.getTime() - item.ageDays * DAY),
        expires_at: item.expiresInDays === undefined ? null : new Date(now.getTime() + item.expiresInDays * DAY),
      })),
    )
    .execute();
}
