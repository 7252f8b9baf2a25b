/**
 * The KYC page as its spec draws it (screens/kyc.yaml): a personal customer's details start from what is
 * stored and are saved; the questionnaire of the variant the address names is answered, sent under
 * `answers` and followed by the customer store's reload; the identity check opens the session the
 * answer names; once submitted the page says so.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenSpec } from '../../engine/spec/types.ts';
import { createTestI18n, renderScreens, testOptions } from '../../engine/testing/harness.tsx';
import spec from '../../generated/screens/kyc.json';
import verification from '../../locales/en/verification.json';

const i18n = () => createTestI18n(verification);
/** The guard of the signed-in screens, letting the test's customer in. */
const OPEN = { authenticated: () => null };

function server(customerType: 'personal' | 'business') {
  const state = { status: 'required', answers: {} as Record<string, unknown> };
  const info = { customerType, firstName: 'Ana', lastName: 'Pop', birthDay: '1990-02-03', nationality: 'RO', residenceCountryCode: 'RO' };
  return vi.fn(async (method: string, params: Record<string, unknown>) => {
    switch (method) {
      case 'kycCustomerInfoGet':
        return { customerInfo: info };
      case 'kycRequestGet':
        return { customerKycRequest: { ...state } };
      case 'countries':
        return {
          countries: [
            { code: 'RO', name: 'Romania' },
            { code: 'PT', name: 'Portugal' },
          ],
        };
      case 'kycCustomerPersonalInfoUpdate':
        Object.assign(info, params);
        return { customerInfo: info };
      case 'kycInfoUpdate':
        Object.assign(state, { status: 'submitted', answers: params.answers });
        return { customerInfo: info, customerKycRequest: { ...state } };
      case 'customerJumioDocumentCreate':
        return { workflowRunId: 'w1', token: 't', sessionPath: '/identity-verification/w1', redirectUrl: 'https://partner.example' };
      default:
        throw new Error(`unexpected ${method}`);
    }
  });
}

/** Picks the option a person reads (the options' values are the engine's own). */
function choose(select: HTMLElement, label: string) {
  const option = within(select).getByRole('option', { name: label }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

const section = async (title: string) => (await screen.findByRole('heading', { level: 2, name: title }, { timeout: 5000 })).closest('section')!;

describe('KYC', () => {
  it("saves a personal customer's details from what is stored, sends the personal answers and reloads the customer", async () => {
    const callMethod = server('personal');
    const customerReload = vi.fn(async () => undefined);
    renderScreens(testOptions([spec as unknown as ScreenSpec], { callMethod, actions: { customerReload }, guards: OPEN }), '/kyc', i18n());

    const details = await section('Your details');
    await waitFor(() => expect((within(details).getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ana'));
    fireEvent.change(within(details).getByLabelText(/Last name/), { target: { value: 'Popescu' } });
    await act(async () => {
      fireEvent.click(within(details).getByRole('button', { name: 'Save details' }));
    });
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('kycCustomerPersonalInfoUpdate', {
        firstName: 'Ana',
        lastName: 'Popescu',
        birthDay: '1990-02-03',
        nationality: 'RO',
        residenceCountryCode: 'RO',
      }),
    );
    await waitFor(() => expect(customerReload).toHaveBeenCalledOnce());

    expect(screen.queryByRole('heading', { name: 'About your company and its account' })).toBeNull();
    const questions = await section('About you and your account');
    expect(within(questions).queryByLabelText(/Industry/)).toBeNull();
    fireEvent.change(within(questions).getByLabelText(/Occupation/), { target: { value: 'Engineer' } });
    choose(within(questions).getByLabelText(/Source of funds/), 'Salary');
    choose(within(questions).getByLabelText(/Purpose of the account/), 'Savings');
    choose(within(questions).getByLabelText(/Expected monthly volume/), 'Up to 1,000');
    await act(async () => {
      fireEvent.click(within(questions).getByRole('button', { name: 'Submit' }));
    });
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('kycInfoUpdate', {
        answers: expect.objectContaining({ occupation: 'Engineer', sourceOfFunds: 'salary', purposeOfAccount: 'savings', expectedMonthlyVolume: 'upTo1000' }),
      }),
    );
    await waitFor(() => expect(customerReload).toHaveBeenCalledTimes(2));
    await screen.findByText('Thank you, your answers are submitted.');
    expect(screen.getByRole('link', { name: 'Go to your accounts' }).getAttribute('href')).toBe('/home');
  });

  it('refuses answers the schema refuses, on their field, and sends nothing', async () => {
    const callMethod = server('personal');
    renderScreens(
      testOptions([spec as unknown as ScreenSpec], { callMethod, actions: { customerReload: vi.fn(async () => undefined) }, guards: OPEN }),
      '/kyc',
      i18n(),
    );
    const questions = await section('About you and your account');
    fireEvent.change(within(questions).getByLabelText(/Occupation/), { target: { value: 'E' } });
    await act(async () => {
      fireEvent.click(within(questions).getByRole('button', { name: 'Submit' }));
    });
    await waitFor(() =>
      expect(
        within(questions)
          .getByLabelText(/Occupation/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(callMethod).not.toHaveBeenCalledWith('kycInfoUpdate', expect.anything());
  });

  it('asks a business its own questions by ?variant=business, without personal details or the identity check', async () => {
    const callMethod = server('business');
    renderScreens(
      testOptions([spec as unknown as ScreenSpec], { callMethod, actions: { customerReload: vi.fn(async () => undefined) }, guards: OPEN }),
      '/kyc?variant=business',
      i18n(),
    );
    const questions = await section('About your company and its account');
    expect(within(questions).getByLabelText(/Industry/)).toBeTruthy();
    expect(within(questions).queryByLabelText(/Occupation/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'About you and your account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify identity' })).toBeNull();
  });

  it('opens the identity session the answer names', async () => {
    const callMethod = server('personal');
    renderScreens(
      testOptions(
        [
          spec as unknown as ScreenSpec,
          {
            id: 'session',
            route: '/identity-verification/:id',
            layout: 'main',
            title: 'verification.identity.continue',
            kind: 'dashboard',
            dashboard: { sections: [] },
          } as ScreenSpec,
        ],
        {
          callMethod,
          actions: { customerReload: vi.fn(async () => undefined) },
          guards: OPEN,
        },
      ),
      '/kyc',
      i18n(),
    );
    const identity = await section('Identity check');
    await act(async () => {
      fireEvent.click(within(identity).getByRole('button', { name: 'Verify identity' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Continue at the verification partner' });
  });
});
