import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import type { Account } from '../../generated/entities.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { AppProvider } from '../app/app-context.tsx';
import { testServices } from '../testing/app-services.ts';
import { AccountsScreen } from './AccountsScreen.tsx';
import { PaymentInstructionsScreen } from './PaymentInstructionsScreen.tsx';

const spec = { id: 'accounts', route: '/accounts', layout: 'main', title: 'screens.accounts.title', kind: 'custom' } as ScreenSpec;
const flags = { statements: true, history: true, instructions: true, cardCanBeRequested: true };
const account = (over: Partial<Account>): Account => ({
  accountId: 1, type: 1001, accountStatusId: 1, balance: '10.00', accountBalanceMin: '0.00', pendingAmount: '0.00', customerId: 7,
  currencyCode: 'USD', currencySymbol: '$', flags, ...over,
});

function renderWith(rpc: RpcCall, element: React.ReactNode) {
  render(
    <AppProvider services={testServices({ rpc })}>
      <MemoryRouter>{element}</MemoryRouter>
    </AppProvider>,
  );
}

describe('AccountsScreen', () => {
  it('offers what the derived flags allow on each card and marks closed accounts', async () => {
    const accounts = [
      account({ accountId: 11 }),
      account({ accountId: 12, currencyCode: 'BTC', currencySymbol: '₿', crypto: true, balance: '0.50000000', flags: { ...flags, instructions: false } }),
      account({ accountId: 13, currencyCode: 'EUR', currencySymbol: '€', accountStatusId: 11, flags: { ...flags, instructions: false } }),
    ];
    const rpc = vi.fn(async (method: string) => {
      if (method === 'balanceInquiry') return { accounts };
      throw new Error(`unexpected ${method}`);
    });
    renderWith(rpc as unknown as RpcCall, <AccountsScreen spec={spec} props={{}} params={{}} />);
    const usd = (await screen.findByRole('heading', { name: /USD/ })).closest('li')!;
    expect(within(usd).getByRole('link', { name: /accounts.instructionsLink/ }).getAttribute('href')).toBe('/accounts/11/instructions');
    const btc = screen.getByRole('heading', { name: /BTC/ }).closest('li')!;
    expect(within(btc).queryByRole('link', { name: /accounts.instructionsLink/ })).toBeNull();
    expect(within(btc).getByRole('link', { name: /accounts.depositAddressLink/ }).getAttribute('href')).toBe('/accounts/wallet?currency=BTC');
    expect(within(btc).getByText('0.50 BTC')).toBeTruthy();
    const eur = screen.getByRole('heading', { name: /EUR/ }).closest('li')!;
    expect(within(eur).getByText('accounts.closed')).toBeTruthy();
    expect(within(eur).queryByRole('link', { name: /accounts.depositAddressLink|accounts.instructionsLink/ })).toBeNull();
  });
});

describe('PaymentInstructionsScreen', () => {
  it('shows the details of the account and marks them viewed once', async () => {
    const instruction = {
      id: 5, accountId: 11, currencyCode: 'EUR', rail: 'sepa', bankAccountNumber: '7000000011', beneficiaryName: 'Anna Novak',
      bankName: 'Sandbox Partner Bank AG', bankAddress: 'Frankfurt', iban: 'DE00100200307000000011', swift: 'SPBADEFFXXX', reference: 'C7-A11', viewed: false,
    };
    const rpc = vi.fn(async (method: string) => {
      if (method === 'paymentInstructions') return { instructions: [instruction] };
      if (method === 'paymentInstructionsSetViewed') return { instruction: { ...instruction, viewed: true } };
      throw new Error(`unexpected ${method}`);
    });
    renderWith(rpc as unknown as RpcCall, <PaymentInstructionsScreen spec={spec} props={{}} params={{ accountId: '11' }} />);
    expect(await screen.findByText('DE00100200307000000011')).toBeTruthy();
    expect(rpc).toHaveBeenCalledWith('paymentInstructions', { accountId: 11 });
    await vi.waitFor(() => expect(rpc).toHaveBeenCalledWith('paymentInstructionsSetViewed', { instructionId: 5 }));
    expect(screen.getAllByRole('button', { name: /accounts.copy/ }).length).toBe(5);
  });
});
