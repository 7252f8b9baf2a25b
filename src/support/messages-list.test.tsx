/**
 * The support list as its spec draws it (screens/messages.yaml): checked again every 60000 ms while it is open
 * (document 002's recheck of support), and the quick filter `open` asks the desk for the open tickets only.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import messages from '../../generated/screens/messages.json';
import { renderSpecs } from '../testing/render-spec.tsx';

const ticket = (ticketNumber: string, subject: string, derivedStatus: string) => ({
  ticketNumber,
  subject,
  derivedStatus,
  unread: false,
  status: 'Open',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
});

describe('support list', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the desk again every 60 seconds while it is open, and not sooner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const callMethod = vi.fn(async () => {
      calls += 1;
      return { tickets: [ticket('101', `Question ${calls}`, 'open')], results: 1, unreadTicketNumbers: [] };
    });
    renderSpecs([messages as unknown as ScreenSpec], '/messages', { callMethod });
    await screen.findByText('Question 1');
    const first = callMethod.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(callMethod.mock.calls.length).toBe(first);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await waitFor(() => expect(screen.getByText('Question 2')).toBeTruthy());
  });

  it('asks for the open tickets only when the Open filter is chosen', async () => {
    const callMethod = vi.fn(async (_method: string, params: Record<string, unknown>) =>
      params.status === 'open'
        ? { tickets: [ticket('102', 'Card question', 'open')], results: 1, unreadTicketNumbers: [] }
        : { tickets: [ticket('102', 'Card question', 'open'), ticket('103', 'Old question', 'closed')], results: 2, unreadTicketNumbers: [] },
    );
    renderSpecs([messages as unknown as ScreenSpec], '/messages', { callMethod });
    await screen.findByText('Old question');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.queryByText('Old question')).toBeNull());
    expect(screen.getByText('Card question')).toBeTruthy();
    expect(callMethod).toHaveBeenLastCalledWith('supportTicketList', expect.objectContaining({ status: 'open' }));
  });
});
