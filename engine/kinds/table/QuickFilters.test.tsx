import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const spec: ScreenSpec = {
  id: 'tickets',
  route: '/tickets',
  layout: 'main',
  title: 'tickets.title',
  kind: 'table',
  table: {
    data: { method: 'ticketList' },
    entity: { type: 'object', properties: { subject: { type: 'string' }, state: { type: 'string' } } },
    rows: 'tickets',
    total: 'count',
    rowKey: 'number',
    columns: [{ field: 'subject' }, { field: 'state', format: 'badge', tones: { good: ['open'] } }],
    quickFilters: {
      field: 'state',
      options: ['all', 'open', 'closed'],
      label: 'tickets.show',
      labels: 'tickets.states',
      emptyText: { closed: 'tickets.noneClosed' },
    },
    summary: { label: 'tickets.unread', count: 'unreadNumbers' },
    emptyText: 'tickets.none',
    emptyAction: { label: 'tickets.write', to: '/tickets/new' },
  },
};

const i18n = () =>
  createTestI18n({
    tickets: {
      title: 'Tickets',
      show: 'Show',
      states: { all: 'All', open: 'Open', closed: 'Closed' },
      unread_one: '{{count}} unread answer',
      unread_other: '{{count}} unread answers',
      none: 'No tickets yet.',
      noneClosed: 'No closed tickets.',
      write: 'Write to us',
    },
  });

const TICKETS = [
  { number: 7, subject: 'Card declined', state: 'open' },
  { number: 9, subject: 'Old question', state: 'closed' },
];

function server(rows = TICKETS) {
  return vi.fn(async (_method: string, params: Record<string, unknown>) => {
    const tickets = rows.filter((row) => params.state === 'all' || row.state === params.state);
    return { tickets, count: tickets.length, unreadNumbers: tickets.filter((row) => row.state === 'open').map((row) => row.number) };
  });
}

describe('table quick filters, summary, empty action, row key and tones', () => {
  it('sends the pressed value, keeps it in the address and counts what the answer says', async () => {
    const callMethod = server();
    const { router } = renderScreens(testOptions([spec], { callMethod }), '/tickets', i18n());
    const group = await screen.findByRole('group', { name: 'Show' });
    expect(within(group).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByText('Card declined');
    expect(callMethod).toHaveBeenCalledWith('ticketList', expect.objectContaining({ state: 'all', pageNumber: 1 }));
    expect(screen.getByText('1 unread answer')).toBeTruthy();
    const row = screen.getByText('Card declined').closest('tr')!;
    expect(row.getAttribute('data-key')).toBe('7');
    expect(within(row).getByText('open').getAttribute('data-tone')).toBe('good');

    await act(async () => {
      fireEvent.click(within(group).getByRole('button', { name: 'Closed' }));
    });
    await waitFor(() => expect(screen.queryByText('Card declined')).toBeNull());
    expect(screen.getByText('Old question')).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?state=closed');
    expect(callMethod).toHaveBeenLastCalledWith('ticketList', expect.objectContaining({ state: 'closed' }));
    expect(screen.queryByText(/unread answer/)).toBeNull();
  });

  it('reads the pressed value from the address, and words an empty list by the filter', async () => {
    renderScreens(testOptions([spec], { callMethod: server(TICKETS.slice(0, 1)) }), '/tickets?state=closed', i18n());
    const group = await screen.findByRole('group', { name: 'Show' });
    expect(within(group).getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByText('No closed tickets.');
    // The way to a first ticket is offered only when nothing narrows the list.
    expect(screen.queryByRole('link', { name: 'Write to us' })).toBeNull();
  });

  it('offers the empty action under an unfiltered empty list', async () => {
    renderScreens(testOptions([spec], { callMethod: server([]) }), '/tickets', i18n());
    await screen.findByText('No tickets yet.');
    expect(screen.getByRole('link', { name: 'Write to us' }).getAttribute('href')).toBe('/tickets/new');
  });
});
