/**
 * Applying for a card as its spec draws it (screens/add-card.yaml): the customer's country first; the
 * products of the kind chosen; the chosen product's fees, currencies, shipping options (one not offered
 * saying why) and the documents the country asks; the application sent without the kind, which only
 * narrows the products.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MethodCallError, type ScreenSpec } from '../../engine/index.ts';
import addCard from '../../generated/screens/add-card.json';
import { renderAppSpec } from '../testing/render-app-spec.tsx';
import { testAccount as account } from './test-cards.ts';

const FIND = { timeout: 5000 };
const spec = addCard as unknown as ScreenSpec;

const product = (over: Record<string, unknown>) => ({
  productType: 2006,
  name: 'Virtual prepaid Mastercard',
  subType: 'PREPAID',
  cardIsVirtual: true,
  network: 'MC',
  currencies: ['EUR'],
  fees: { annual: '10.00', issue: '5.00', monthly: '1.00', currency: 'EUR' },
  shippingOptions: [],
  requiredDocuments: [],
  ...over,
});

const physical = product({
  productType: 2010,
  name: 'Prepaid Mastercard',
  cardIsVirtual: false,
  currencies: ['EUR', 'USD'],
  shippingOptions: [
    { id: 'standard', type: 'standard', fee: '0', currency: 'EUR', deliveryTime: { minWorkingDays: 20, maxWorkingDays: 30 }, disabledReasons: [] },
    {
      id: 'express',
      type: 'express',
      fee: '40.00',
      currency: 'EUR',
      deliveryTime: { minWorkingDays: 5, maxWorkingDays: 8 },
      disabledReasons: ['expressUnavailableInCountry'],
    },
  ],
  requiredDocuments: [{ documentType: 88, needsBackSide: false, needsStampPage: true }],
});

/** The server's cardApplyInfo over two products, filtered by productType as the server does. */
function answer(method: string, params: Record<string, unknown>): unknown {
  if (method === 'countries')
    return {
      countries: [
        { code: 'RU', name: 'Russia', phoneCode: '7' },
        { code: 'GB', name: 'United Kingdom', phoneCode: '44' },
      ],
    };
  if (method === 'cardApplyInfo') {
    const products = [product({}), physical].filter((candidate) => params.productType === undefined || candidate.productType === params.productType);
    return { countryCode: params.countryCode ?? 'RU', products };
  }
  if (method === 'balanceInquiry') return { accounts: [account({ accountId: 21 }), account({ accountId: 22, currencyCode: 'USD' })] };
  if (method === 'cardApply') return { cardId: 5, accountId: 9, cardStatusId: 0 };
  throw new Error(`unexpected ${method}`);
}

describe('applying for a card', () => {
  it('offers the products of the kind chosen, says why a shipping option is not offered, shows the fees and asks for the documents', async () => {
    const call = renderAppSpec(spec, '/add-card', (method, params) => {
      if (method === 'cardApply') throw new MethodCallError('TA1', 'Refused', { 'documents.0.stampPage': 'Upload the page with the registration stamp too.' });
      return answer(method, params);
    });
    const country = (await screen.findByLabelText('Country', {}, FIND)) as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe('RU'), FIND);
    // Virtual by default: only the virtual product, chosen as the only one, with its currency and fees.
    const products = screen.getByRole('group', { name: /^Card/ });
    const virtualCard = (await within(products).findByRole('radio', { name: 'Virtual prepaid Mastercard' }, FIND)) as HTMLInputElement;
    expect(within(products).queryByRole('radio', { name: 'Prepaid Mastercard' })).toBeNull();
    await waitFor(() => expect(virtualCard.checked).toBe(true));
    expect(screen.getByText('Mastercard · Prepaid · EUR')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-field="annual"]')?.textContent).toBe('€10.00'), FIND);
    expect(screen.queryByRole('group', { name: /^Shipping/ })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Physical' }));
    const card = (await within(products).findByRole('radio', { name: 'Prepaid Mastercard' }, FIND)) as HTMLInputElement;
    await waitFor(() => expect(card.checked).toBe(true));
    const shipping = await screen.findByRole('group', { name: /^Shipping/ }, FIND);
    const express = (await within(shipping).findByRole('radio', { name: 'Express shipping · €40.00' }, FIND)) as HTMLInputElement;
    expect(express.disabled).toBe(true);
    expect(document.getElementById(express.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Not available: Express couriers do not deliver cards to this country.',
    );
    const standard = within(shipping).getByRole('radio', { name: 'Standard shipping · €0.00' }) as HTMLInputElement;
    await waitFor(() => expect(standard.checked).toBe(true));
    expect(within(shipping).getByText('Working days to delivery: 20\u2060–\u206030')).toBeTruthy();
    // The currency chosen for the virtual card is offered for this one too, so it stays.
    const currency = screen.getByLabelText(/^Currency/) as HTMLSelectElement;
    expect([...currency.options].map((option) => option.value)).toEqual(['', 'EUR', 'USD']);
    expect(currency.value).toBe('EUR');
    expect(await screen.findByText('Document: Internal passport with registration stamp', {}, FIND)).toBeTruthy();
    expect(screen.getByLabelText(/Registration stamp page/)).toBeTruthy();
    expect(screen.queryByLabelText(/Back side/)).toBeNull();

    // Her EUR payment account is chosen for her; the missing document is what stops the application.
    const settlement = (await screen.findByLabelText(/Settlement account/, {}, FIND)) as HTMLSelectElement;
    await waitFor(() => expect(settlement.value).toBe('21'), FIND);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const front = screen.getByLabelText(/Front side/);
    await waitFor(() => expect(front.getAttribute('aria-invalid')).toBe('true'), FIND);
    expect(document.getElementById(front.getAttribute('aria-describedby')!)?.textContent).toBe('Fill in this field.');
    expect(settlement.getAttribute('aria-invalid')).not.toBe('true');

    // The sides a document needs besides its front are the server's to refuse: said under the picker.
    fireEvent.change(front, { target: { files: [new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(screen.getByText(/Chosen: passport\.pdf/)).toBeTruthy(), FIND);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(call.mock.calls.some(([method]) => method === 'cardApply')).toBe(true), FIND);
    const stampPage = screen.getByLabelText(/Registration stamp page/);
    await waitFor(() => expect(stampPage.getAttribute('aria-invalid')).toBe('true'), FIND);
    expect(document.getElementById(stampPage.getAttribute('aria-describedby')!)?.textContent).toBe('Upload the page with the registration stamp too.');
    const [, sent] = call.mock.calls.find(([method]) => method === 'cardApply')!;
    expect(sent).toMatchObject({
      productType: 2010,
      shippingOptionId: 'standard',
      documents: [{ documentType: 88, front: expect.stringMatching(/^data:application\/pdf;/) }],
    });
    expect(sent).not.toHaveProperty('cardIsVirtual');
  });

  it('sends the application without the kind, and goes on to confirm it', async () => {
    const call = renderAppSpec(spec, '/add-card', answer);
    const virtualCard = (await screen.findByRole('radio', { name: 'Virtual prepaid Mastercard' }, FIND)) as HTMLInputElement;
    await waitFor(() => expect(virtualCard.checked).toBe(true));
    const settlement = (await screen.findByLabelText(/Settlement account/, {}, FIND)) as HTMLSelectElement;
    await waitFor(() => expect([...settlement.options].map((option) => option.value).filter(Boolean)).toEqual(['21']), FIND);
    await waitFor(() => expect(settlement.value).toBe('21'), FIND);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(call.mock.calls.some(([method]) => method === 'cardApply')).toBe(true), FIND);
    const [, sent] = call.mock.calls.find(([method]) => method === 'cardApply')!;
    expect(sent).toEqual({ countryCode: 'RU', productType: 2006, currencyCode: 'EUR', settlementAccountId: 21 });
  });

  it('starts on the kind the address names, prices the fees in the card currency and chooses the payment account in it', async () => {
    // The price list is in EUR; the server states a USD card's fees in USD when asked with its currency.
    const call = renderAppSpec(spec, '/add-card?virtual=false', (method, params) => {
      if (method === 'cardApplyInfo' && params.currencyCode === 'USD') {
        const fees = { annual: '10.93', issue: '5.47', monthly: '1.10', currency: 'USD' };
        const shippingOptions = [
          { id: 'standard', type: 'standard', fee: '0.00', currency: 'USD', deliveryTime: { minWorkingDays: 20, maxWorkingDays: 30 }, disabledReasons: [] },
          { id: 'express', type: 'express', fee: '43.70', currency: 'USD', deliveryTime: { minWorkingDays: 5, maxWorkingDays: 8 }, disabledReasons: [] },
        ];
        return { countryCode: 'RU', products: [{ ...physical, fees, shippingOptions }] };
      }
      return answer(method, params);
    });
    const card = (await screen.findByRole('radio', { name: 'Prepaid Mastercard' }, FIND)) as HTMLInputElement;
    expect((screen.getByRole('radio', { name: 'Physical' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(card.checked).toBe(true), FIND);
    const currency = screen.getByLabelText(/^Currency/) as HTMLSelectElement;
    const settlement = (await screen.findByLabelText(/Settlement account/, {}, FIND)) as HTMLSelectElement;
    fireEvent.change(currency, { target: { value: 'EUR' } });
    await waitFor(() => expect(settlement.value).toBe('21'), FIND);
    await waitFor(() => expect(document.querySelector('[data-field="annual"]')?.textContent).toBe('€10.00'), FIND);

    // Another currency: its own payment account, and the fees and shipping in dollars.
    fireEvent.change(currency, { target: { value: 'USD' } });
    await waitFor(() => expect(settlement.value).toBe('22'), FIND);
    await waitFor(() => expect(document.querySelector('[data-field="annual"]')?.textContent).toBe('$10.93'), FIND);
    expect(document.querySelector('[data-field="issue"]')?.textContent).toBe('$5.47');
    expect(await screen.findByRole('radio', { name: 'Express shipping · $43.70' }, FIND)).toBeTruthy();
    expect(call.mock.calls.some(([method, params]) => method === 'cardApplyInfo' && params.currencyCode === 'USD' && params.productType === 2010)).toBe(true);
  });
});
