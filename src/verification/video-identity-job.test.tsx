/**
 * The video identity job page as its spec draws it (screens/video-identity-job.yaml): the body follows
 * the job's state, a pending job is booked with the time of the call, a scheduled one links to the call
 * and can be moved, a rejected one says why.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScreenSpec } from '../../engine/spec/types.ts';
import { MethodCallError } from '../../engine/index.ts';
import { createTestI18n, renderScreens, testOptions } from '../../engine/testing/harness.tsx';
import spec from '../../generated/screens/video-identity-job.json';
import verification from '../../locales/en/verification.json';

const ID = 'vij_abcdefghijkl';

function provider(job: Record<string, unknown>) {
  return vi.fn(async (method: string, params: Record<string, unknown>) => {
    if (params.id !== ID) throw new Error(`unknown job ${String(params.id)}`);
    if (method === 'videoIdentityJobSchedule')
      Object.assign(job, { status: 'scheduled', scheduledFor: params.scheduledFor, callUrl: 'https://video.example/call/1' });
    return { job: { ...job } };
  });
}

const i18n = () => createTestI18n(verification);

describe('video identity job', () => {
  it('books a pending job, then shows the booked time, the call link and the form to move it', async () => {
    const callMethod = provider({ id: ID, status: 'pending', created: '2026-01-01T10:00:00Z' });
    renderScreens(testOptions([spec as unknown as ScreenSpec], { callMethod }), `/video-identity-job/${ID}`, i18n());
    await screen.findByText('Choose a time for your video call.', undefined, { timeout: 5000 });
    const when = screen.getByLabelText(/Date and time of the call/);
    expect(when.getAttribute('type')).toBe('datetime-local');
    fireEvent.change(when, { target: { value: '2030-05-04T10:30' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Book the call' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('videoIdentityJobSchedule', expect.objectContaining({ id: ID })));
    const sent = callMethod.mock.calls.find(([method]) => method === 'videoIdentityJobSchedule')![1];
    expect(new Date(String(sent.scheduledFor)).getTime()).toBe(new Date('2030-05-04T10:30').getTime());
    await screen.findByText('Your video call is booked.');
    expect(screen.getByText(/Time of the call: .*2030/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the call' }).getAttribute('href')).toBe('https://video.example/call/1');
    expect(screen.getByRole('button', { name: 'Move the call' })).toBeTruthy();
    expect(screen.queryByText('Choose a time for your video call.')).toBeNull();
  });

  it('says why a rejected job failed, with nothing to book', async () => {
    const callMethod = provider({ id: ID, status: 'rejected', created: '2026-01-01T10:00:00Z', rejectReason: 'The face did not match the document' });
    renderScreens(testOptions([spec as unknown as ScreenSpec], { callMethod }), `/video-identity-job/${ID}`, i18n());
    await screen.findByText('The video call did not confirm your identity.', undefined, { timeout: 5000 });
    expect(screen.getByText('Reason: The face did not match the document')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a refused link is not valid, once, with nothing to retry, book or join', async () => {
    const callMethod = vi.fn(async () => {
      throw new MethodCallError('13', 'Access denied');
    });
    renderScreens(testOptions([spec as unknown as ScreenSpec], { callMethod }), '/video-identity-job/vij_nosuchjob000', i18n());
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toBe(verification.verification.video.unknown);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/Access denied/)).toBeNull();
  });

  it('offers to try again when no answer came', async () => {
    const callMethod = vi.fn(async () => {
      throw new MethodCallError('AE', 'Failed to fetch', {}, { unanswered: true });
    });
    renderScreens(testOptions([spec as unknown as ScreenSpec], { callMethod }), `/video-identity-job/${ID}`, i18n());
    await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText(verification.verification.video.unknown)).toBeNull();
  });
});
