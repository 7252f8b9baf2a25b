import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A recorded session as the admin lists it. */
export interface RecordingSummary {
  replayId: string;
  startedAt: string;
  lengthMs: number;
  eventCount: number;
  status: 'running' | 'aborted';
}

/** The read side of the analytics host that the admin replay needs; a real host's export API implements it too. */
export interface AnalyticsRecordings {
  listForPerson(distinctId: string): Promise<RecordingSummary[]>;
  batches(replayId: string): Promise<{ distinctId: string; batches: { sequence: number; events: unknown[] }[] } | null>;
}

/** Why a batch was refused by the host; the route answers 400 with it. */
export class RecordingRefused extends Error {}

/** One recording batch as the browser sends it to the record route. */
export interface RecordingBatch {
  replayId: string;
  distinctId: string;
  sequence: number;
  events: { type: string; time: number }[];
}

/**
 * Stores a recording batch. Batch 0 opens the recording and must start with the full snapshot, otherwise the
 * recording is aborted (document 002 section 8, Replay); later batches of an aborted or unknown recording
 * are refused.
 *
 * @example
 * await storeRecordingBatch(db, 'sandbox-paxum-project', { replayId, distinctId: '7', sequence: 0, events });
 */
export async function storeRecordingBatch(db: Kysely<Database>, project: string, batch: RecordingBatch): Promise<void> {
  const times = batch.events.map((event) => event.time).filter((time) => Number.isFinite(time));
  const first = new Date(Math.min(...times));
  const last = new Date(Math.max(...times));
  const refused = await db.transaction().execute(async (trx): Promise<string | undefined> => {
    if (batch.sequence === 0) {
      const full = batch.events[0]?.type === 'full';
      const inserted = await trx
        .insertInto('analytics_recordings')
        .values({
          replay_id: batch.replayId,
          project,
          distinct_id: batch.distinctId,
          status: full ? 'running' : 'aborted',
          started_at: first,
          last_event_at: last,
        })
        .onConflict((conflict) => conflict.column('replay_id').doNothing())
        .returning('replay_id')
        .executeTakeFirst();
      if (!inserted) throw new RecordingRefused('This recording already has its first batch.');
      // The aborted recording is kept (committed) so its later batches are refused too.
      if (!full) return 'The first batch of a recording must start with a full snapshot; the recording is aborted.';
    } else {
      const recording = await trx
        .selectFrom('analytics_recordings')
        .select(['status', 'project', 'distinct_id'])
        .where('replay_id', '=', batch.replayId)
        .forUpdate()
        .executeTakeFirst();
      if (!recording || recording.project !== project)
        throw new RecordingRefused('No recording has this id: send its first batch, with the full snapshot, first.');
      if (recording.status === 'aborted') throw new RecordingRefused('This recording was aborted: its first batch had no full snapshot.');
      // A visitor who signs in during the recording: the recording becomes the person's.
      if (recording.distinct_id !== batch.distinctId && !batch.distinctId.startsWith('$device:')) {
        await trx.updateTable('analytics_recordings').set({ distinct_id: batch.distinctId }).where('replay_id', '=', batch.replayId).execute();
      }
    }
    const stored = await trx
      .insertInto('analytics_recording_batches')
      .values({ replay_id: batch.replayId, sequence: batch.sequence, events: JSON.stringify(batch.events) })
      .onConflict((conflict) => conflict.columns(['replay_id', 'sequence']).doNothing())
      .returning('sequence')
      .executeTakeFirst();
    // A batch sent again after a lost answer is stored once.
    if (!stored) return undefined;
    await trx
      .updateTable('analytics_recordings')
      .set({ event_count: sql<number>`event_count + ${batch.events.length}`, last_event_at: sql<Date>`greatest(last_event_at, ${last})` })
      .where('replay_id', '=', batch.replayId)
      .execute();
    return undefined;
  });
  if (refused) throw new RecordingRefused(refused);
}

/**
 * The recordings kept by the sandbox host, read from our database.
 *
 * @example
 * const list = await sandboxRecordings(db).listForPerson('7');
 */
export function sandboxRecordings(db: Kysely<Database>): AnalyticsRecordings {
  return {
    async listForPerson(distinctId) {
      const rows = await db
        .selectFrom('analytics_recordings')
        .select(['replay_id', 'started_at', 'last_event_at', 'event_count', 'status'])
        .where('distinct_id', '=', distinctId)
        .orderBy('started_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({
        replayId: row.replay_id,
        startedAt: row.started_at.toISOString(),
        lengthMs: row.last_event_at.getTime() - row.started_at.getTime(),
        eventCount: row.event_count,
        status: row.status,
      }));
    },
    async batches(replayId) {
      const recording = await db.selectFrom('analytics_recordings').select('distinct_id').where('replay_id', '=', replayId).executeTakeFirst();
      if (!recording) return null;
      const rows = await db
        .selectFrom('analytics_recording_batches')
        .select(['sequence', 'events'])
        .where('replay_id', '=', replayId)
        .orderBy('sequence')
        .execute();
      return { distinctId: recording.distinct_id, batches: rows.map((row) => ({ sequence: row.sequence, events: row.events })) };
    },
  };
}

/**
 * Without sandboxes the recordings live at the brand's real analytics host, whose export API is not wired
 * here yet: the admin sees no recordings rather than someone else's.
 */
export const unavailableRecordings: AnalyticsRecordings = {
  listForPerson: () => Promise.resolve([]),
  batches: () => Promise.resolve(null),
};
