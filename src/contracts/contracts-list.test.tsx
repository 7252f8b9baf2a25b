/**
 * The contract list as its spec draws it (screens/contracts.yaml): the pages run over what the filters match
 * (GET /contract's `total`), not over all the customer's contracts (`meta.total`, said above the list).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import contracts from '../../generated/screens/contracts.json';
import { renderSpecs } from '../testing/render-spec.tsx';

const meta = { pay: 240, receive: 10, active: 3, total: 250, requests: 0, pending: 0, ended: 247 };
const contract = (id: number) => ({
  id,
  status: 'ACTIVE',
  percentage: 10,
  initiatorId: 1,
  direction: 'PAY',
  activeFrom: '2026-01-01',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  company: { id: 9, title: 'Northwind Traders' },
  sender: { id: 1, username: 'a@example.com', name: 'Northwind' },
  beneficiary: { id: 2, username: 'b@example.com', name: `Partner ${id}` },
  senderSignerName: 'A',
  beneficiarySignerName: 'B',
  senderObligations: ['x'],
  beneficiaryObligations: ['y'],
});

describe('contract list', () => {
  it('pages by the count of what the filters match, not by all the contracts', async () => {
    const callMethod = vi.fn(async () => ({ data: [contract(1), contract(2), contract(3)], meta, total: 3, page: 1, pageSize: 100 }));
    renderSpecs([contracts as unknown as ScreenSpec], '/revenue-split?statuses=ACTIVE,TERMINATING', {
      callMethod,
      guards: { contractsEnabled: async () => null },
    });
    await screen.findByText('3 results');
    await waitFor(() => expect(callMethod).toHaveBeenCalled());
    expect(screen.queryByText(/Page 1 of/)).toBeNull();
    expect(screen.queryByText('250 results')).toBeNull();
  });

  it('offers the further pages when the filters match more than a page', async () => {
    const callMethod = vi.fn(async () => ({ data: [contract(1)], meta, total: 150, page: 1, pageSize: 100 }));
    renderSpecs([contracts as unknown as ScreenSpec], '/revenue-split', { callMethod, guards: { contractsEnabled: async () => null } });
    await screen.findByText('Page 1 of 2');
  });
});
