import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const spec: ScreenSpec = {
  id: 'payment',
  route: '/payments/:paymentId',
  layout: 'main',
  title: 'payments.one',
  kind: 'detail',
  detail: {
    data: { method: 'paymentDetails', routeParams: { paymentId: 'paymentId' }, path: 'payment' },
    entity: { type: 'object', properties: { memo: { type: 'string', title: 'Memo' } } },
    fields: [{ field: 'memo' }],
    timeline: { path: 'steps', event: 'step', at: 'at', labels: 'payments.steps', title: 'payments.timeline', tones: { good: ['paid'], bad: ['failed'] } },
  },
};

const i18n = () => createTestI18n({ payments: { one: 'Payment', timeline: 'What happened', steps: { created: 'Created', held: 'Held', paid: 'Paid' } } });

describe('a detail with a timeline', () => {
  it('lists the steps oldest first, worded, toned and dated', async () => {
    const steps = [
      { step: 'created', at: '2026-03-01T09:00:00Z' },
      { step: 'held', at: '2026-03-01T09:00:01Z' },
      { step: 'paid', at: '2026-03-02T10:30:00Z' },
    ];
    const callMethod = vi.fn(async () => ({ payment: { memo: 'Rent', steps } }));
    renderScreens(testOptions([spec], { callMethod }), '/payments/7', i18n());
    const timeline = await screen.findByRole('region', { name: 'What happened' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.eng-timeline__event')?.textContent)).toEqual(['Created', 'Held', 'Paid']);
    expect(items[2]!.getAttribute('data-tone')).toBe('good');
    expect(items[2]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-02T10:30:00Z');
    expect(items[2]!.querySelector('time')?.textContent).toMatch(/2026/);
    expect(callMethod).toHaveBeenCalledWith('paymentDetails', { paymentId: '7' });
  });

  it('draws nothing when the item has no steps', async () => {
    renderScreens(testOptions([spec], { callMethod: vi.fn(async () => ({ payment: { memo: 'Rent' } })) }), '/payments/7', i18n());
    await screen.findByText('Rent');
    expect(screen.queryByRole('region', { name: 'What happened' })).toBeNull();
  });
});
