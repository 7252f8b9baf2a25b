import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';
import { queryRedirectTarget } from './openScreen';

const ticket: ScreenSpec = {
  id: 'ticket',
  route: '/tickets/:ticketNumber',
  layout: 'main',
  title: 'tickets.one',
  kind: 'detail',
  detail: { data: { method: 'ticketGet', routeParams: { ticketNumber: 'ticketNumber' } }, entity: {}, fields: [{ field: 'state' }] },
};

const tickets: ScreenSpec = {
  id: 'tickets',
  route: '/tickets',
  layout: 'main',
  title: 'tickets.all',
  kind: 'detail',
  queryRedirect: { param: 'ticketNumber', to: '/tickets/:ticketNumber', pattern: '[0-9]{1,12}' },
  detail: { data: { method: 'ticketCount' }, entity: {}, fields: [{ field: 'count' }] },
};

const i18n = () => createTestI18n({ tickets: { one: 'Ticket', all: 'Tickets' } });

describe('queryRedirectTarget', () => {
  it('fills the route from the parameter, and ignores an absent, empty or refused one', () => {
    const redirect = { param: 'ticket', to: '/tickets/:ticket', pattern: '[0-9]+' };
    expect(queryRedirectTarget(redirect, new URLSearchParams('ticket=7'))).toBe('/tickets/7');
    expect(queryRedirectTarget(redirect, new URLSearchParams('ticket='))).toBeNull();
    expect(queryRedirectTarget(redirect, new URLSearchParams('other=7'))).toBeNull();
    expect(queryRedirectTarget(redirect, new URLSearchParams('ticket=7x'))).toBeNull();
    expect(queryRedirectTarget({ param: 'q', to: '/find/:q' }, new URLSearchParams('q=a b'))).toBe('/find/a%20b');
    expect(queryRedirectTarget(undefined, new URLSearchParams('ticket=7'))).toBeNull();
  });
});

describe('queryRedirect', () => {
  it('opens the route the query parameter names, and shows the screen when the value is refused', async () => {
    const callMethod = vi.fn(async (method: string) => (method === 'ticketCount' ? { count: 3 } : { state: 'open' }));
    const { router } = renderScreens(testOptions([tickets, ticket], { callMethod }), '/tickets?ticketNumber=7', i18n());
    await screen.findByRole('heading', { level: 1, name: 'Ticket' });
    expect(router.state.location.pathname).toBe('/tickets/7');
    await screen.findByText('open');

    await router.navigate('/tickets?ticketNumber=abc');
    await screen.findByRole('heading', { level: 1, name: 'Tickets' });
    await screen.findByText('3');
  });
});
