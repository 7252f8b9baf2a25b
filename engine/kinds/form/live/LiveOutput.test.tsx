import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../../testing/harness';
import type { LiveValue } from '../../../spec/types';
import { LivePanel } from './LiveOutput';

const i18n = createTestI18n({
  fields: { annual: 'Annual fee', monthly: 'Monthly fee' },
  offer: { fees: 'Fees of {{name}}', when: 'Charged in {{currency}} when you start.', most: 'Use the most' },
});

const live: LiveValue = {
  id: 'fees',
  method: 'offerInfo',
  panel: {
    path: 'offers.0',
    title: 'offer.fees',
    note: 'offer.when',
    items: [
      { field: 'annual', format: 'money', currencyField: 'currency' },
      { field: 'monthly', format: 'money', currencyField: 'currency' },
    ],
    button: { label: 'offer.most', fill: { amount: 'maxAmount' } },
  },
};

const renderPanel = (state: Parameters<typeof LivePanel>[0]['state'], onFill = vi.fn()) =>
  render(
    <I18nextProvider i18n={i18n}>
      <LivePanel live={live} state={state} onFill={onFill} />
    </I18nextProvider>,
  );

describe('a live panel', () => {
  it('reads the part of the answer at its path, under its title and above its note; its button reads the whole answer', () => {
    const onFill = vi.fn();
    renderPanel({ status: 'ready', answer: { maxAmount: '90.00', offers: [{ name: 'Basic', annual: '10', monthly: '1.5', currency: 'EUR' }] } }, onFill);
    expect(screen.getByText('Fees of Basic')).toBeTruthy();
    expect(document.querySelector('[data-field="annual"]')?.textContent).toBe('€10.00');
    expect(document.querySelector('[data-field="monthly"]')?.textContent).toBe('€1.50');
    expect(screen.getByText('Charged in EUR when you start.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the most' }));
    expect(onFill).toHaveBeenCalledWith({ amount: '90.00' });
  });

  it('shows dashes until answered', () => {
    renderPanel(undefined);
    expect(document.querySelector('[data-field="annual"]')?.textContent).toContain('—');
    expect((screen.getByRole('button', { name: 'Use the most' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
