import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { AppProvider } from '../app/app-context.tsx';
import { testServices } from '../testing/app-services.ts';
import { AddCard } from './AddCard.tsx';
import { deliveryText, disabledReasonsText } from './shipping.ts';

const spec = { id: 'cards', route: '/cards', layout: 'main', title: 'screens.cards.title', kind: 'custom' } as ScreenSpec;

function renderWith(rpc: (method: string, params: Record<string, unknown>) => Promise<unknown>, element: React.ReactNode) {
  const fn = vi.fn(rpc);
  render(
    <AppProvider services={testServices({ rpc: fn as unknown as RpcCall })}>
      <MemoryRouter>{element}</MemoryRouter>
    </AppProvider>,
  );
  return fn;
}

describe('AddCard', () => {
  const product = (over: Record<string, unknown>) => ({
    productType: 2010,
    name: 'Prepaid Mastercard',
    subType: 'PREPAID',
    cardIsVirtual: false,
    network: 'MC',
    currencies: ['EUR'],
    fees: { annual: '10.00', issue: '5.00', monthly: '1.00', currency: 'EUR' },
    shippingOptions: [
      { id: 'standard', type: 'standard', fee: '0', deliveryTime: { minWorkingDays: 10, maxWorkingDays: 15 }, disabledReasons: [] },
      {
        id: 'express',
        type: 'express',
        fee: '25.00',
        deliveryTime: { minWorkingDays: 2, maxWorkingDays: 4 },
        disabledReasons: ['expressUnavailableInCountry'],
      },
    ],
    requiredDocuments: [{ documentType: 88, needsBackSide: false, needsStampPage: true }],
    ...over,
  });

  it('shows the fees, disables a shipping option with its reason, and asks for the stamp page', async () => {
    renderWith(
      async (method) => {
        if (method === 'countries')
          return {
            countries: [
              { code: 'RU', name: 'Russia', phoneCode: '7' },
              { code: 'GB', name: 'United Kingdom', phoneCode: '44' },
            ],
          };
        if (method === 'cardApplyInfo') return { countryCode: 'RU', products: [product({})] };
        if (method === 'balanceInquiry') return { accounts: [] };
        throw new Error(`unexpected ${method}`);
      },
      <AddCard spec={spec} props={{}} params={{}} />,
    );
    fireEvent.click(await screen.findByRole('radio', { name: /cards.kind.physical/ }));
    const express = await screen.findByRole('radio', { name: /cards.shippingType.express/ });
    expect((express as HTMLInputElement).disabled).toBe(true);
    expect(express.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('cards.apply.unavailable')).toBeTruthy();
    expect(screen.getByText('cards.deliveryWorkingDays')).toBeTruthy();
    const standard = screen.getByRole('radio', { name: /cards.shippingType.standard/ }) as HTMLInputElement;
    expect(standard.disabled).toBe(false);
    expect(standard.checked).toBe(true);
    expect(screen.getByText('cards.fees.annual')).toBeTruthy();
    expect(screen.getByLabelText(/cards.apply.side.stampPage/)).toBeTruthy();
    expect(screen.queryByLabelText(/cards.apply.side.back/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'cards.apply.submit' }));
    expect(await screen.findByText('cards.apply.chooseAccount')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('settlementAccountId'));
  });

  it('can be submitted before a card is chosen, and then says so and moves the focus to the cards', async () => {
    renderWith(
      async (method) => {
        if (method === 'countries') return { countries: [{ code: 'GB', name: 'United Kingdom', phoneCode: '44' }] };
        if (method === 'cardApplyInfo')
          return {
            countryCode: 'GB',
            products: [
              product({ productType: 2006, cardIsVirtual: true, shippingOptions: [], requiredDocuments: [] }),
              product({ productType: 2030, name: 'Virtual UnionPay prepaid', cardIsVirtual: true, shippingOptions: [], requiredDocuments: [] }),
            ],
          };
        if (method === 'balanceInquiry') return { accounts: [] };
        throw new Error(`unexpected ${method}`);
      },
      <AddCard spec={spec} props={{}} params={{}} />,
    );
    const first = (await screen.findAllByRole('radio', { name: /Prepaid Mastercard|UnionPay/ }))[0]!;
    const submit = screen.getByRole('button', { name: 'cards.apply.submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('cards.apply.chooseProduct')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(first));
  });
});

describe('shipping texts', () => {
  it('says the delivery time from working days and the disabled reasons from their codes', () => {
    const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key}(${JSON.stringify(options)})` : key)) as never;
    expect(deliveryText({ deliveryTime: { minWorkingDays: 5, maxWorkingDays: 7 } }, t, 'es-ES')).toBe('cards.deliveryWorkingDays({"days":"5\u2060–\u20607"})');
    expect(deliveryText({ deliveryTime: { minWorkingDays: 3, maxWorkingDays: 3 } }, t, 'en-GB')).toBe('cards.deliveryWorkingDays({"days":"3"})');
    expect(deliveryText({}, t, 'en-GB')).toBeUndefined();
    expect(disabledReasonsText({ disabledReasons: ['expressUnavailableInCountry', 'noCardShippingToCountry'] }, t)).toBe(
      'cards.shippingDisabled.expressUnavailableInCountry cards.shippingDisabled.noCardShippingToCountry',
    );
    expect(disabledReasonsText({ disabledReasons: [] }, t)).toBe('');
  });
});
