import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../testing/harness';
import { NOTICE_AREA_DURATION_MS, NoticeArea, type NoticeItem } from './NoticeArea';

const i18n = createTestI18n();

/** A notice area over its own list, as an application keeps it. */
function Area({ start, navigate }: { start: NoticeItem[]; navigate?: (href: string) => void }) {
  const [notices, setNotices] = useState(start);
  return <NoticeArea notices={notices} onDismiss={(id) => setNotices((all) => all.filter((notice) => notice.id !== id))} navigate={navigate} />;
}

const draw = (start: NoticeItem[], navigate?: (href: string) => void) =>
  render(
    <I18nextProvider i18n={i18n}>
      <Area start={start} navigate={navigate} />
    </I18nextProvider>,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('NoticeArea', () => {
  it('announces its notices in a polite live region', () => {
    draw([{ id: 1, text: 'Saved.' }]);
    const area = screen.getByRole('status');
    expect(area.getAttribute('aria-live')).toBe('polite');
    expect(area.textContent).toContain('Saved.');
  });

  it('takes a notice away after 10000 ms, and not while the focus is on it', () => {
    vi.useFakeTimers();
    draw([{ id: 1, text: 'Saved.' }]);
    expect(NOTICE_AREA_DURATION_MS).toBe(10_000);
    act(() => {
      vi.advanceTimersByTime(NOTICE_AREA_DURATION_MS - 1);
    });
    expect(screen.queryByText('Saved.')).not.toBeNull();
    const close = screen.getByRole('button', { name: 'Dismiss notice' });
    act(() => close.focus());
    act(() => {
      vi.advanceTimersByTime(NOTICE_AREA_DURATION_MS * 2);
    });
    expect(screen.queryByText('Saved.')).not.toBeNull();
    act(() => close.blur());
    act(() => {
      vi.advanceTimersByTime(NOTICE_AREA_DURATION_MS);
    });
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('closes a notice with its own button', () => {
    draw([
      { id: 1, text: 'First' },
      { id: 2, text: 'Second' },
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notice' })[0]!);
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.queryByText('Second')).not.toBeNull();
  });

  it('draws a notice with an address as a link that opens its page and goes away', () => {
    const navigate = vi.fn();
    draw([{ id: 'n7', text: 'A new message arrived', href: '/inbox/7' }], navigate);
    const link = screen.getByRole('link', { name: 'A new message arrived' });
    expect(link.getAttribute('href')).toBe('/inbox/7');
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/inbox/7');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('never links off the application', () => {
    draw([
      { id: 1, text: 'Elsewhere', href: '//evil.example/x' },
      { id: 2, text: 'Far', href: 'https://evil.example/' },
    ]);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Elsewhere');
  });
});
