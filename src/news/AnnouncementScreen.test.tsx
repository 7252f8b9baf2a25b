import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import type { Announcement } from '../../generated/entities.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { AppProvider } from '../app/app-context.tsx';
import { testServices } from '../testing/app-services.ts';
import { AnnouncementScreen } from './AnnouncementScreen.tsx';

const spec = { id: 'news-announcement', route: '/news/:id', layout: 'main', title: 'screens.newsAnnouncement.title', kind: 'custom' } as ScreenSpec;

const terms: Announcement = {
  id: 7,
  title: 'Updated terms',
  summary: 'Please answer',
  body: 'First paragraph.\n\nSecond paragraph.',
  publishedAt: '2026-03-01T09:00:00.000Z',
  isRead: true,
  requiresConfirmation: true,
  confirmation: 'awaiting',
};

function renderScreen(rpc: RpcCall) {
  render(
    <AppProvider services={testServices({ rpc })}>
      <AnnouncementScreen spec={spec} props={{}} params={{ id: '7' }} />
    </AppProvider>,
  );
}

describe('AnnouncementScreen', () => {
  it('shows the text and records an accept only after the dialog is confirmed', async () => {
    const rpc = vi.fn(async (method: string) => {
      if (method === 'announcementGet') return { announcement: terms };
      if (method === 'announcementChoice') {
        return { announcement: { ...terms, choice: 'accept', chosenAt: '2026-03-02T10:00:00.000Z', confirmation: 'accepted' } };
      }
      throw new Error(`unexpected ${method}`);
    });
    renderScreen(rpc as unknown as RpcCall);
    expect(await screen.findByRole('heading', { name: 'Updated terms' })).toBeTruthy();
    expect(screen.getByText('Second paragraph.')).toBeTruthy();
    expect(rpc).toHaveBeenCalledWith('announcementGet', { id: 7 });

    fireEvent.click(screen.getByRole('button', { name: 'news.choice.decline' }));
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'news.confirm.cancel' }));
    });
    expect(rpc).not.toHaveBeenCalledWith('announcementChoice', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'news.choice.accept' }));
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'news.choice.accept' }));
    });
    expect(rpc).toHaveBeenCalledWith('announcementChoice', { id: 7, choice: 'accept' });
    expect(await screen.findByText('news.answer.accepted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'news.choice.accept' })).toBeNull();
  });

  it('offers no answer for an announcement that asks none', async () => {
    const rpc = vi.fn(async () => ({ announcement: { ...terms, requiresConfirmation: false, confirmation: undefined } }));
    renderScreen(rpc as unknown as RpcCall);
    expect(await screen.findByRole('heading', { name: 'Updated terms' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
