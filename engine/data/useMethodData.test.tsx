import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';
import { requestParams } from './useMethodData';

describe('requestParams', () => {
  it('takes fixed params, then route parameters, then query parameters, then extra', () => {
    const source = { method: 'ticketList', params: { status: 'open', page: 0 }, routeParams: { storeId: 'storeId' }, queryParams: { ticketNumber: 'ticket' } };
    expect(requestParams(source, { storeId: '7' }, { page: 2 }, new URLSearchParams('ticket=12&other=x'))).toEqual({
      status: 'open',
      page: 2,
      storeId: '7',
      ticketNumber: '12',
    });
  });

  it('leaves out a query parameter the address does not have, or has empty', () => {
    const source = { method: 'ticketList', queryParams: { ticketNumber: 'ticket' } };
    expect(requestParams(source, {}, {}, new URLSearchParams(''))).toEqual({});
    expect(requestParams(source, {}, {}, new URLSearchParams('ticket='))).toEqual({});
  });
});

const spec: ScreenSpec = {
  id: 'tickets',
  route: '/tickets',
  layout: 'main',
  title: 'tickets.title',
  kind: 'table',
  table: {
    data: { method: 'ticketList', queryParams: { ticketNumber: 'ticket' }, refreshEvery: 60_000 },
    entity: { type: 'object', properties: { subject: { type: 'string', title: 'Subject' } } },
    rows: 'tickets',
    total: 'count',
    columns: [{ field: 'subject' }],
  },
};

describe('a screen bound to its address and refreshed at an interval', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the query parameter the spec names, and loads again every refreshEvery while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const callMethod = vi.fn(async () => {
      calls += 1;
      return { tickets: [{ subject: `Answer ${calls}` }], count: 1 };
    });
    renderScreens(testOptions([spec], { callMethod }), '/tickets?ticket=42', createTestI18n({ tickets: { title: 'Tickets' } }));
    await screen.findByText('Answer 1');
    expect(callMethod).toHaveBeenCalledWith('ticketList', expect.objectContaining({ ticketNumber: '42' }));

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await waitFor(() => expect(screen.getByText('Answer 2')).toBeTruthy());
  });
});

describe('answers the backend words itself', () => {
  it('are asked for again when the user picks another language', async () => {
    const i18n = createTestI18n({ tickets: { title: 'Tickets' } });
    // The backend words its answer in the language the request names, as the application's callMethod sends it.
    const callMethod = vi.fn(async () => ({ tickets: [{ subject: i18n.language === 'es' ? 'Pedido abierto' : 'Open request' }], count: 1 }));
    renderScreens(testOptions([spec], { callMethod }), '/tickets', i18n);
    await screen.findByText('Open request');
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    await screen.findByText('Pedido abierto');
    expect(screen.queryByText('Open request')).toBeNull();
  });
});

describe('a screen reloaded by live events', () => {
  it('loads again at each event of a topic its source follows, and stops listening when it closes', async () => {
    const listeners = new Map<string, Set<() => void>>();
    const liveEvents = {
      subscribe(topic: string, onEvent: () => void) {
        const set = listeners.get(topic) ?? new Set();
        listeners.set(topic, set);
        set.add(onEvent);
        return () => set.delete(onEvent);
      },
    };
    let calls = 0;
    const callMethod = vi.fn(async () => {
      calls += 1;
      return { tickets: [{ subject: `Answer ${calls}` }], count: 1 };
    });
    const live: ScreenSpec = { ...spec, table: { ...spec.table!, data: { method: 'ticketList', refreshOn: ['tickets'] } } };
    const view = renderScreens({ ...testOptions([live], { callMethod }), liveEvents }, '/tickets', createTestI18n({ tickets: { title: 'Tickets' } }));
    await screen.findByText('Answer 1');
    listeners.get('other')?.forEach((listener) => listener());
    expect(listeners.get('tickets')?.size).toBe(1);

    act(() => listeners.get('tickets')!.forEach((listener) => listener()));
    await screen.findByText('Answer 2');
    view.unmount();
    expect(listeners.get('tickets')?.size).toBe(0);
  });
});
