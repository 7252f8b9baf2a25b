import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ButtonLink,
  ButtonRow,
  DataTable,
  LoadingIndicator,
  Section,
  formatDuration,
  type Column,
  type CustomScreenProps,
} from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { rebuildPage, replayableEvents, ReplayAborted, type ReplayedPage } from './replay.ts';
import type { RecordedEvent } from './session-recorder.ts';
import './replay.css';

const columns: Column[] = [
  { field: 'startedAt', label: 'admin.recordings.started', format: 'datetime' },
  { field: 'lengthMs', label: 'admin.recordings.length', format: 'duration' },
  { field: 'eventCount', label: 'admin.recordings.events', format: 'number' },
  { field: 'status', label: 'admin.recordings.status', format: 'badge', enumKey: 'recordingStatus' },
];

/** The longest pause played between two changes: a customer who left the tab open is not waited for. */
const LONGEST_PAUSE_MS = 2000;

type Replay = { state: 'loading' } | { state: 'aborted'; reason: string } | { state: 'ready'; events: RecordedEvent[] };

/**
 * Admins: a customer's session recordings (issue 19 item 4), newest first, and the one chosen replayed: its
 * full snapshot rebuilt inside a sandboxed frame (no scripts run there) and its changes played in time,
 * with play, pause and a progress bar. What the customer typed was masked when recorded.
 */
export function SessionReplay({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const customerId = params.customerId ?? '';
  const [recordings, setRecordings] = useState<Record<string, unknown>[] | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [replay, setReplay] = useState<Replay>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    rpc('adminRecordingList', { customerId }).then(
      (answer) => live && setRecordings(answer.recordings.map((recording) => ({ ...recording }))),
      (error: unknown) => live && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [rpc, customerId]);

  useEffect(() => {
    if (chosen === null) return;
    let live = true;
    setReplay({ state: 'loading' });
    rpc('adminRecordingGet', { customerId, replayId: chosen }).then(
      (answer) => {
        if (!live) return;
        try {
          setReplay({ state: 'ready', events: replayableEvents(answer.batches as { sequence: number; events: RecordedEvent[] }[]) });
        } catch (error) {
          if (!(error instanceof ReplayAborted)) throw error;
          setReplay({ state: 'aborted', reason: t('admin.recordings.aborted') });
        }
      },
      (error: unknown) => {
        if (live) feedback.showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [rpc, feedback, customerId, chosen, t]);

  return (
    <>
      <DataTable
        caption={t('screens.adminCustomerRecordings.title')}
        columns={columns}
        rows={recordings ?? []}
        rowCount={recordings?.length ?? 0}
        pagination={{ pageIndex: 0, pageSize: Math.max(recordings?.length ?? 0, 1) }}
        rowKey="replayId"
        loading={recordings === null && failed === null}
        error={failed ?? undefined}
        emptyText={t('admin.recordings.empty')}
        renderRowActions={(row) => (
          <Button variant={row.replayId === chosen ? 'primary' : 'secondary'} onClick={() => setChosen(String(row.replayId))}>
            {t('admin.recordings.replay')}
          </Button>
        )}
      />
      {chosen !== null && (
        <Section title={t('admin.recordings.player')}>
          {replay.state === 'loading' && <LoadingIndicator />}
          {replay.state === 'aborted' && <p role="alert">{replay.reason}</p>}
          {replay.state === 'ready' && <Player key={chosen} events={replay.events} />}
        </Section>
      )}
      <ButtonRow>
        <ButtonLink variant="secondary" to={`/admin-overview/customers/${encodeURIComponent(customerId)}`}>
          {t('admin.customer.backToCustomer')}
        </ButtonLink>
      </ButtonRow>
    </>
  );
}

/** Plays `events` (the first a full snapshot) into a sandboxed frame. */
function Player({ events }: { events: RecordedEvent[] }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const page = useRef<{ player: ReplayedPage; applied: number } | null>(null);
  const [ready, setReady] = useState(false);
  const [position, setPosition] = useState(1);
  const [playing, setPlaying] = useState(false);
  const start = events[0]!.time;
  const length = events[events.length - 1]!.time - start;

  // Brings the frame's page to `position` events: forward by applying the next ones, back by rebuilding.
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!ready || !doc) return;
    if (!page.current || page.current.applied > position) page.current = { player: rebuildPage(doc, events[0]!), applied: 1 };
    const current = page.current;
    for (; current.applied < position; current.applied += 1) current.player.apply(events[current.applied]!);
  }, [ready, position, events]);

  useEffect(() => {
    if (!playing) return;
    if (position >= events.length) {
      setPlaying(false);
      return;
    }
    const wait = Math.min(Math.max(events[position]!.time - events[position - 1]!.time, 0), LONGEST_PAUSE_MS);
    const timer = setTimeout(() => setPosition((at) => at + 1), wait);
    return () => clearTimeout(timer);
  }, [playing, position, events]);

  const elapsed = events[Math.min(position, events.length) - 1]!.time - start;
  return (
    <div className="replay">
      <ButtonRow>
        <Button
          variant="primary"
          onClick={() => {
            if (!playing && position >= events.length) setPosition(1);
            setPlaying(!playing);
          }}
        >
          {playing ? t('admin.recordings.pause') : t('admin.recordings.play')}
        </Button>
      </ButtonRow>
      <div className="replay__progress">
        <input
          type="range"
          min={1}
          max={events.length}
          value={position}
          aria-label={t('admin.recordings.progress')}
          onChange={(event) => setPosition(Number(event.target.value))}
        />
        <span>
          {formatDuration(elapsed)} / {formatDuration(length)}
        </span>
      </div>
      <iframe
        ref={frame}
        className="replay__frame"
        title={t('admin.recordings.frame')}
        sandbox="allow-same-origin"
        srcDoc="<!doctype html><html><head></head><body></body></html>"
        onLoad={() => setReady(true)}
      />
    </div>
  );
}
