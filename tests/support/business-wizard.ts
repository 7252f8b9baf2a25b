import type { Page } from 'playwright-core';
import { solveChallengeOnPage } from './bot-challenge.ts';

/**
 * The steps of the business registration wizard (`/register/business`, document 002 section 5) as a person
 * takes them in Chromium, shared by the e2e tests that register a business. Consent boxes and the "is a
 * user" box are ticked with `check()` (a no-op when already ticked) and a user's rights are always chosen,
 * so the steps do not depend on the wizard's defaults.
 *
 * @example
 * const wizard = businessWizard(page, { shots: '/tmp/shots' });
 * await wizard.heading(/Step 1 of \d+: Company/);
 * await wizard.fillCompany({ name: 'Fabrikam Media Ltd', email, registrationNumber: 'FM1' });
 * await wizard.next();
 * businessWizard(page, { screen: 'register-business-new' }); // the new-business variant (/register/business/new)
 */
export function businessWizard(page: Page, { shots, screen = 'register-business' }: { shots?: string; screen?: string } = {}) {
  const field = (step: string, path: string) => page.locator(`#${screen}-${step}_${step}_${path}`);
  const item = (step: string, path: string) => page.locator(`#${screen}-${step}-item_${path}`);
  const save = () => page.getByRole('button', { name: 'Save', exact: true }).click();
  const shot = async (name: string) => {
    if (shots) await page.screenshot({ path: `${shots}/${name.replace(/[^A-Za-z0-9-]/g, '')}.png`, fullPage: true });
  };

  return {
    /** A field of the step's item form (personForm, companyForm, shareholdersHub...). */
    item,

    /** Waits for the step whose title matches `name` (and screenshots it when asked). */
    async heading(name: RegExp) {
      await page.getByRole('heading', { level: 2, name }).waitFor();
      await shot(String(name));
    },

    async next() {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    },

    /** Step 1: the company's general information, in London. */
    async fillCompany({ name, email, registrationNumber }: { name: string; email: string; registrationNumber: string }) {
      await field('generalForm', 'businessName').fill(name);
      await field('generalForm', 'registrationCountryCode').selectOption('GB');
      await field('generalForm', 'registrationNumber').fill(registrationNumber);
      await field('generalForm', 'registrationDate').fill('2015-03-02');
      await field('generalForm', 'email').fill(email);
      await field('generalForm', 'phone_countryCode').selectOption({ label: 'United Kingdom (+44)' });
      await field('generalForm', 'phone_number').fill('2071234567');
      await field('generalForm', 'businessType').selectOption('advertisingNetworks');
      await field('generalForm', 'address_address1').fill('10 Fleet Street');
      await field('generalForm', 'address_city').fill('London');
      await field('generalForm', 'address_countryCode').selectOption('GB');
    },

    /** Step 2: deposits, withdrawals, sources, purposes, industry and the additional questions. */
    async fillFinancialInfo() {
      await field('financialInfoForm', 'monthlyDepositAmountId').selectOption('2');
      await field('financialInfoForm', 'monthlyDepositCurrency').selectOption('EUR');
      await field('financialInfoForm', 'monthlyWithdrawalAmountId').selectOption('1');
      await field('financialInfoForm', 'monthlyWithdrawalCurrency').selectOption('EUR');
      await page.getByRole('checkbox', { name: 'Sales revenue' }).check();
      await page.getByRole('checkbox', { name: 'Pay contractors' }).check();
      await field('financialInfoForm', 'industryId').selectOption('12');
      await page
        .getByRole('group', { name: /another payment institution/ })
        .getByRole('radio', { name: 'Yes' })
        .check();
      await page.getByLabel('Which institution?').fill('Contoso Payments');
      await page.getByRole('group', { name: 'Who controls the account?' }).getByRole('radio', { name: "The company's own staff" }).check();
    },

    /** Step 3: "no" to every due-diligence question. */
    async fillDueDiligence() {
      for (const question of ['government', 'lawsuits', 'taxPayers']) {
        await page.locator(`#${screen}-dueDilligenceForm_dueDilligenceForm_${question}_answer-1`).check();
      }
    },

    /** Adds a person in London; with an e-mail, a user with full rights (the rights chosen, not left to a default). */
    async addPerson(first: string, last: string, email?: string) {
      await page.getByRole('button', { name: 'Add a person' }).click();
      await item('personForm', 'firstName').fill(first);
      await item('personForm', 'lastName').fill(last);
      await item('personForm', 'birthday').fill('1980-05-17');
      await item('personForm', 'address_address1').fill('1 High Street');
      await item('personForm', 'address_city').fill('London');
      await item('personForm', 'address_countryCode').selectOption('GB');
      await item('personForm', 'phone_countryCode').selectOption({ label: 'United Kingdom (+44)' });
      await item('personForm', 'phone_number').fill('7700900123');
      if (email) {
        await item('personForm', 'email').fill(email);
        await item('personForm', 'isUser').check();
        await page.getByRole('radio', { name: 'Full rights' }).check();
      }
      await save();
      await shot(`person-${first}`);
      await page.getByText(`${first} ${last}`).first().waitFor();
    },

    /** Ticks the people listed on a directors or owners step. */
    async pick(...names: string[]) {
      for (const name of names) await page.getByRole('checkbox', { name }).check();
    },

    /** Adds a shareholding company in Bucharest whose director is `director` (a person already added). */
    async addCompany(name: string, director: string) {
      await page.getByRole('button', { name: 'Add a company' }).click();
      await item('companyForm', 'name').fill(name);
      await item('companyForm', 'registrationCountryCode').selectOption('RO');
      await item('companyForm', 'registrationNumber').fill('J40-1234');
      await item('companyForm', 'address_address1').fill('Calea Victoriei 1');
      await item('companyForm', 'address_city').fill('Bucharest');
      await item('companyForm', 'address_countryCode').selectOption('RO');
      await page.getByRole('checkbox', { name: director }).check();
      await save();
      await page.getByText(name).first().waitFor();
    },

    /**
     * Adds a shareholder of the root company: a person or a company already in the draft, with its share.
     * The first one opens with the form; later ones need "Add a shareholder".
     */
    async addShareholder(kind: 'A person' | 'A company', name: string, share: string, { first = false } = {}) {
      if (!first) await page.getByRole('button', { name: 'Add a shareholder' }).click();
      await page.getByRole('radio', { name: kind }).check();
      await item('shareholdersHub', 'id').selectOption({ label: name });
      await item('shareholdersHub', 'share').fill(share);
      await save();
    },

    /** Changes the share of the shareholder listed as `label` ("Shareholder 2"). */
    async changeShare(label: string, share: string) {
      await page.getByRole('button', { name: new RegExp(`^Edit: ${label}`) }).click();
      await item('shareholdersHub', 'share').fill(share);
      await save();
    },

    /** The last form: the privacy policy and the user agreement, ticked explicitly. */
    async acceptTerms() {
      await field('legalForm', 'terms_privacyPolicy').check();
      await field('legalForm', 'terms_userAgreement').check();
    },

    /** Ticks the bot challenge under the review's answers, then sends. */
    async send() {
      await solveChallengeOnPage(page);
      await page.getByRole('button', { name: 'Send the registration' }).click();
    },
  };
}
