import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A recorded node as the browser's session recorder serializes it (src/analytics/session-recorder.ts). */
type DemoNode =
  { id: number; kind: 'element'; tag: string; attributes: Record<string, string>; children: DemoNode[] } | { id: number; kind: 'text'; text: string };

const element = (id: number, tag: string, attributes: Record<string, string>, children: DemoNode[] = []): DemoNode => ({
  id,
  kind: 'element',
  tag,
  attributes,
  children,
});
const text = (id: number, value: string): DemoNode => ({ id, kind: 'text', text: value });

const PAGE_STYLE = 'font-family: system-ui, sans-serif; margin: 0; padding: 24px; color: #1d2939; background: #f5f7fa; line-height: 1.5;';
const FIELD_STYLE = 'display: block; width: 100%; max-width: 420px; padding: 8px; margin: 4px 0 16px; border: 1px solid #98a2b3; border-radius: 6px;';

/**
 * A short recorded session of the demo business customer (issue 19 item 4), so the admin replay screen
 * shows a recording under `npm start`: a message page whose subject is typed, masked as the browser masks
 * every input, then sent.
 *
 * @example
 * await seedRecordingsDemo(trx, 'business@example.com', 'sandbox-paxum-project', new Date());
 */
export async function seedRecordingsDemo(trx: Transaction<Database>, login: string, project: string, now: Date): Promise<void> {
  const user = await trx.selectFrom('users').select('customer_id').where('email', '=', login).executeTakeFirst();
  if (!user?.customer_id) return;
  const start = now.getTime() - 2 * 60 * 60 * 1000;
  const page = element(1, 'html', { lang: 'en' }, [
    element(2, 'head', {}),
    element(3, 'body', { style: PAGE_STYLE }, [
      element(4, 'h1', {}, [text(5, 'New message')]),
      element(6, 'label', { for: 'subject' }, [text(7, 'Subject')]),
      element(8, 'input', { id: 'subject', type: 'text', value: '', style: FIELD_STYLE }),
      element(9, 'button', { type: 'button', style: 'padding: 8px 16px;' }, [text(10, 'Send')]),
    ]),
  ]);
  const typed = 'Card payment declined';
  const events: Record<string, unknown>[] = [{ type: 'full', time: start, width: 1280, height: 800, root: page }];
  for (let length = 1; length <= typed.length; length += 1) {
    events.push({ type: 'input', time: start + 1500 + length * 180, id: 8, value: '*'.repeat(length) });
  }
  const sent = start + 1500 + typed.length * 180 + 1200;
  events.push({ type: 'add', time: sent, parentId: 3, beforeId: null, node: element(11, 'p', { role: 'status' }, [text(12, 'Your message was sent.')]) });
  const replayId = 'demo-recording-northwind-1';
  await trx
    .insertInto('analytics_recordings')
    .values({
      replay_id: replayId,
      project,
      distinct_id: String(user.customer_id),
      status: 'running',
      started_at: new Date(start),
      last_event_at: new Date(sent),
      event_count: events.length,
    })
    .execute();
  await trx
    .insertInto('analytics_recording_batches')
    .values({ replay_id: replayId, sequence: 0, events: JSON.stringify(events) })
    .execute();
}
