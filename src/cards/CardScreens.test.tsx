import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import { MethodCallError } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { AppProvider } from '../app/app-context.tsx';
import { testServices } from '../testing/app-services.ts';
import { AddCard } from './AddCard.tsx';
import { CardDetail } from './CardDetail.tsx';
import { deliveryText, disabledReasonsText } from './shipping.ts';
import { noCapabilities, testCard } from './test-cards.ts';

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

const emptyHistory = { authorizations: [], total: 0, pageNumber: 1, pageSize: 10 };

describe('CardDetail', () => {
  it('offers only the actions the capabilities allow (an active card)', async () => {
    const card = testCard({ capabilities: { ...noCapabilities, balance: true, history: true, load: true, pause: true, pin: true, rename: true, block: true, details: true, reissue: true } });
    renderWith(async (method) => {
      if (method === 'cardGet') return card;
      if (method === 'cardAuthorizationList') return emptyHistory;
      throw new Error(`unexpected ${method}`);
    }, <CardDetail spec={spec} props={{}} params={{ accountId: '7' }} />);
    const actions = await screen.findByRole('region', { name: 'cards.actionsTitle' });
    expect(within(actions).getByRole('link', { name: 'cards.actions.load' }).getAttribute('href')).toBe('/cards/7/load');
    expect(within(actions).getByRole('button', { name: 'cards.actions.pause' })).toBeTruthy();
    expect(within(actions).getByRole('link', { name: 'cards.actions.pin' }).getAttribute('href')).toBe('/card/7/pin');
    expect(within(actions).getByRole('link', { name: 'cards.actions.block' }).getAttribute('href')).toBe('/cards/7/cancel');
    expect(within(actions).queryByRole('button', { name: 'cards.actions.unpause' })).toBeNull();
    expect(within(actions).queryByRole('link', { name: 'cards.actions.activate' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'cards.actions.upgradeShipping' })).toBeNull();
    expect(screen.getByRole('button', { name: 'cards.reveal.show' })).toBeTruthy();
    expect(await screen.findByText('cards.history.empty')).toBeTruthy();
    expect(screen.getAllByText('5355 22•• •••• 1234').length).toBeGreaterThan(0);
  });

  it('a paused card offers unpause and not pause; a pending one only activation, without history or details', async () => {
    const paused = testCard({ cardStatusId: 71, capabilities: { ...noCapabilities, balance: true, unpause: true, block: true } });
    renderWith(async (method) => {
      if (method === 'cardGet') return paused;
      if (method === 'cardUnpause') return { ...paused, cardStatusId: 2, capabilities: { ...noCapabilities, pause: true } };
      throw new Error(`unexpected ${method}`);
    }, <CardDetail spec={spec} props={{}} params={{ accountId: '7' }} />);
    const unpause = await screen.findByRole('button', { name: 'cards.actions.unpause' });
    expect(screen.queryByRole('button', { name: 'cards.actions.pause' })).toBeNull();
    expect(screen.getByText('cards.status.71')).toBeTruthy();
    fireEvent.click(unpause);
    expect(await screen.findByRole('button', { name: 'cards.actions.pause' })).toBeTruthy();
  });

  it('a card awaiting activation links to activation only', async () => {
    const pending = testCard({ cardStatusId: 23, capabilities: { ...noCapabilities, balance: true, activate: true, rename: true, block: true } });
    renderWith(async (method) => {
      if (method === 'cardGet') return pending;
      throw new Error(`unexpected ${method}`);
    }, <CardDetail spec={spec} props={{}} params={{ accountId: '7' }} />);
    expect((await screen.findByRole('link', { name: 'cards.actions.activate' })).getAttribute('href')).toBe('/cards/7/activate');
    expect(screen.queryByRole('link', { name: 'cards.actions.load' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'cards.reveal.show' })).toBeNull();
    expect(screen.queryByText('cards.history.title')).toBeNull();
  });

  it('shows the full number only after the code, and hides it on request', async () => {
    const card = testCard({ capabilities: { ...noCapabilities, details: true } });
    const rpc = renderWith(async (method, params) => {
      if (method === 'cardGet') return card;
      if (method === 'cardDetailsReveal' && !params.confirm) return { status: 'awaitingConfirmation', requestId: '55', approveType: 'sms', approvalSentTo: '+44•••89', availableApprovalMethods: ['sms'], expiresInSeconds: 300 };
      if (method === 'cardDetailsReveal') {
        if ((params.confirm as { approvalCode: string }).approvalCode !== '123456') throw new MethodCallError('TA1', 'wrong', { 'confirm.approvalCode': 'The code is not right.' });
        return { status: 'done', cardNumber: '5355221111111234', cvv: '321', cardExpiryMonth: 11, cardExpiryYear: 2029, holderName: 'ANNA NOVAK' };
      }
      throw new Error(`unexpected ${method}`);
    }, <CardDetail spec={spec} props={{}} params={{ accountId: '7' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'cards.reveal.show' }));
    const dialog = await screen.findByRole('dialog', { name: 'stepUp.title' });
    fireEvent.change(within(dialog).getByLabelText('stepUp.code'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'stepUp.confirm' }));
    expect(await within(dialog).findByText('The code is not right.')).toBeTruthy();
    expect(screen.queryByText('5355 2211 1111 1234')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('stepUp.code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'stepUp.confirm' }));
    expect(await screen.findByText('5355 2211 1111 1234')).toBeTruthy();
    expect(rpc).toHaveBeenLastCalledWith('cardDetailsReveal', { accountId: 7, confirm: { requestId: '55', approvalCode: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'cards.reveal.hide' }));
    expect(screen.queryByText('5355 2211 1111 1234')).toBeNull();
  });
});

describe('AddCard', () => {
  const product = (over: Record<string, unknown>) => ({
    productType: 2010, name: 'Prepaid Mastercard', subType: 'PREPAID', cardIsVirtual: false, network: 'MC', currencies: ['EUR'],
    fees: { annual: '10.00', issue: '5.00', monthly: '1.00', currency: 'EUR' },
    shippingOptions: [
      { id: 'standard', type: 'standard', fee: '0', deliveryTime: { minWorkingDays: 10, maxWorkingDays: 15 }, disabledReasons: [] },
      { id: 'express', type: 'express', fee: '25.00', deliveryTime: { minWorkingDays: 2, maxWorkingDays: 4 }, disabledReasons: ['expressUnavailableInCountry'] },
    ],
    requiredDocuments: [{ documentType: 88, needsBackSide: false, needsStampPage: true }],
    ...over,
  });

  it('shows the fees, disables a shipping option with its reason, and asks for the stamp page', async () => {
    renderWith(async (method) => {
      if (method === 'countries') return { countries: [{ code: 'RU', name: 'Russia', phoneCode: '7' }, { code: 'GB', name: 'United Kingdom', phoneCode: '44' }] };
      if (method === 'cardApplyInfo') return { countryCode: 'RU', products: [product({})] };
      if (method === 'balanceInquiry') return { accounts: [] };
      throw new Error(`unexpected ${method}`);
    }, <AddCard spec={spec} props={{}} params={{}} />);
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
    renderWith(async (method) => {
      if (method === 'countries') return { countries: [{ code: 'GB', name: 'United Kingdom', phoneCode: '44' }] };
      if (method === 'cardApplyInfo') return { countryCode: 'GB', products: [product({ productType: 2006, cardIsVirtual: true, shippingOptions: [], requiredDocuments: [] }), product({ productType: 2030, name: 'Virtual UnionPay prepaid', cardIsVirtual: true, shippingOptions: [], requiredDocuments: [] })] };
      if (method === 'balanceInquiry') return { accounts: [] };
      throw new Error(`unexpected ${method}`);
    }, <AddCard spec={spec} props={{}} params={{}} />);
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
    expect(disabledReasonsText({ disabledReasons: ['expressUnavailableInCountry', 'noCardShippingToCountry'] }, t)).toBe('cards.shippingDisabled.expressUnavailableInCountry cards.shippingDisabled.noCardShippingToCountry');
    expect(disabledReasonsText({ disabledReasons: [] }, t)).toBe('');
  });
});
