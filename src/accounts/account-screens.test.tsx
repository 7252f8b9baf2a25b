/**
 * The accounts screens as their specs draw them (screens/accounts.yaml, accounts-instructions.yaml,
 * accounts-wallet.yaml): what each account's derived flags offer, closed accounts marked; payment
 * instructions to copy, marked viewed once on sight; a deposit address with copy and QR code.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import type { Account } from '../../generated/entities.ts';
import accounts from '../../generated/screens/accounts.json';
import instructions from '../../generated/screens/accounts-instructions.json';
import wallet from '../../generated/screens/accounts-wallet.json';
import { renderSpecs } from '../testing/render-spec.tsx';

const specs = [accounts, instructions, wallet] as unknown as ScreenSpec[];
const flags = { statements: true, history: true, instructions: true, cardCanBeRequested: true };
const account = (over: Partial<Account>): Account => ({
  accountId: 1,
  type: 1001,
  accountStatusId: 1,
  balance: '10.00',
  accountBalanceMin: '0.00',
  pendingAmount: '0.00',
  customerId: 7,
  currencyCode: 'USD',
  currencySymbol: '$',
  flags,
  ...over,
});

const tile = (name: string | RegExp) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('accounts', () => {
  it('offers on each account what its derived flags allow, and marks closed accounts', async () => {
    const list = [
      account({ accountId: 11, maskedNumber: '••\u00a00011' }),
      account({ accountId: 12, currencyCode: 'BTC', currencySymbol: '₿', crypto: true, balance: '0.50000000', flags: { ...flags, instructions: false } }),
      account({ accountId: 13, currencyCode: 'EUR', currencySymbol: '€', accountStatusId: 11, flags: { ...flags, instructions: false } }),
      account({ accountId: 14, type: 2006, subType: 'PREPAID', flags: { ...flags, instructions: false, history: false } }),
    ];
    renderSpecs(specs, '/accounts', { callMethod: async () => ({ accounts: list }) });
    await screen.findByRole('heading', { level: 2, name: 'USD · Payment account' });
    const usd = tile('USD · Payment account');
    expect(usd.getAttribute('data-key')).toBe('11');
    // Named by its masked number, never by its database id ("Account ID 11").
    expect(usd.textContent).toContain('Account number••\u00a00011');
    expect(usd.textContent).not.toMatch(/Account ID|\b11\b/);
    expect(
      within(usd)
        .getByRole('link', { name: /Payment instructions/ })
        .getAttribute('href'),
    ).toBe('/accounts/11/instructions');
    expect(
      within(usd)
        .getByRole('link', { name: /History/ })
        .getAttribute('href'),
    ).toBe('/history');
    const btc = tile(/^BTC/);
    expect(within(btc).queryByRole('link', { name: /Payment instructions/ })).toBeNull();
    expect(
      within(btc)
        .getByRole('link', { name: /Deposit address/ })
        .getAttribute('href'),
    ).toBe('/accounts/wallet?currency=BTC');
    const eur = tile(/^EUR/);
    expect(within(eur).getByText('Closed')).toBeTruthy();
    expect(within(eur).queryByRole('link', { name: /Deposit address|Payment instructions/ })).toBeNull();
    const card = tile('USD · Card account');
    expect(
      within(card)
        .getByRole('link', { name: /Open the card/ })
        .getAttribute('href'),
    ).toBe('/cards/14');
    expect(screen.getByRole('link', { name: 'Add currency' }).getAttribute('href')).toBe('/accounts/add-currency');
  });

  it('shows the payment instructions to copy, and marks them viewed once', async () => {
    const instruction = {
      id: 5,
      accountId: 11,
      currencyCode: 'EUR',
      rail: 'sepa',
      bankAccountNumber: '7000000011',
      beneficiaryName: 'Anna Novak',
      bankName: 'Sandbox Partner Bank AG',
      bankAddress: 'Frankfurt',
      iban: 'DE00100200307000000011',
      swift: 'SPBADEFFXXX',
      reference: 'C7-A11',
      viewed: false,
    };
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) => {
      if (method === 'paymentInstructions') return { instructions: [instruction] };
      return { instruction: { ...instruction, viewed: true } };
    });
    renderSpecs(specs, '/accounts/11/instructions', { callMethod });
    await screen.findByRole('heading', { level: 2, name: 'EUR by SEPA transfer' });
    expect(callMethod).toHaveBeenCalledWith('paymentInstructions', { accountId: '11' });
    expect(document.querySelector('[data-field="iban"]')?.textContent).toBe('DE00100200307000000011');
    expect(screen.getAllByRole('button', { name: /^Copy/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Copy Bank' })).toBeNull();
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('paymentInstructionsSetViewed', { instructionId: 5 }));
    expect(callMethod.mock.calls.filter(([method]) => method === 'paymentInstructionsSetViewed')).toHaveLength(1);
  });

  it('creates a deposit address and shows it with copy and a QR code', async () => {
    let list = [account({ accountId: 11 })];
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'balanceInquiry') return { accounts: list };
      list = [...list, account({ accountId: 20, currencyCode: String(params.currencyCode), crypto: true, walletAddress: 'bc1qexampleaddress' })];
      return { address: 'bc1qexampleaddress', accountId: 20, currencyCode: params.currencyCode };
    });
    renderSpecs(specs, '/accounts/wallet', { callMethod });
    await screen.findByText(/You have no deposit address yet/);
    fireEvent.change(screen.getByLabelText(/Currency/), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create wallet' }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('walletCreate', { currencyCode: 'BTC' }));
    const shown = await screen.findByRole('heading', { level: 2, name: 'Your BTC deposit address' });
    const card = shown.closest('li') as HTMLElement;
    expect(card.querySelector('[data-field="walletAddress"]')?.textContent).toBe('bc1qexampleaddress');
    expect(within(card).getByRole('button', { name: 'Copy Deposit address' })).toBeTruthy();
    const qr = within(card).getByRole('img', { name: 'QR code of your BTC deposit address' });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
  });
});
