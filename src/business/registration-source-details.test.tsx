/**
 * The registration wizard's person form asks a big holder for details of each source of funds (document
 * 002 section 5): the person step of screens/register-business.yaml as generated, its sources of funds and
 * their details drawn by the engine from the wizard's own schema and dictionaries. The details show only
 * for a person the answer rules mark (`sourceDetailsAsked`: the threshold share or more where the brand
 * enables source of wealth, see server/registration/business-rules.test.ts), one box per chosen source.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonSchema, ScreenSpec } from '../../engine/spec/types.ts';
import { createTestI18n, renderScreens, testOptions } from '../../engine/testing/harness.tsx';
import registerBusiness from '../../generated/screens/register-business.json';
import business from '../../locales/en/business.json';
import { BUSINESS_DICTIONARIES } from '../../schemas/rules/business-registration.ts';

const wizard = registerBusiness as unknown as ScreenSpec;
const personStep = wizard.wizard!.steps.find((step) => step.id === 'personForm')!;
const personSchema = (wizard.wizard!.schema as { properties: { persons: { items: JsonSchema } } }).properties.persons.items;
const hubUi = (personStep as unknown as { hub: { uiSchema: Record<string, unknown> } }).hub.uiSchema;

/** The person step's sources of funds and their details as a form over one person, loaded by `personGet`. */
const personForm: ScreenSpec = {
  id: 'person-sources',
  route: '/person',
  layout: 'main',
  title: 'business.registration.steps.personForm',
  kind: 'form',
  form: {
    schema: personSchema,
    fields: ['sourceOfFunds', 'sourceDetailsAsked', 'sourceDetails'],
    data: { method: 'personGet' },
    uiSchema: { sourceOfFunds: hubUi.sourceOfFunds, sourceDetailsAsked: hubUi.sourceDetailsAsked, sourceDetails: hubUi.sourceDetails },
    submit: { method: 'personSave', label: 'business.registration.steps.personForm' },
  },
};

const salary = BUSINESS_DICTIONARIES.sourcesOfFunds.personal.find((source) => source.id === 1)!;
const investments = BUSINESS_DICTIONARIES.sourcesOfFunds.personal.find((source) => source.id === 4)!;
const wording = business.business.dictionaries.sourcesOfFunds.personal as Record<string, string>;

function render(person: Record<string, unknown>) {
  const dictionaries = {
    sourcesOfFunds: {
      personal: BUSINESS_DICTIONARIES.sourcesOfFunds.personal.map((source) => ({
        ...source,
        labelKey: `business.dictionaries.sourcesOfFunds.personal.${source.key}`,
      })),
    },
  };
  const callMethod = vi.fn(async (method: string): Promise<unknown> =>
    method === 'businessRegistrationDictionaries' ? dictionaries : method === 'personGet' ? person : {},
  );
  renderScreens(testOptions([personForm], { callMethod }), '/person', createTestI18n(business as Record<string, unknown>));
}

describe('source-of-funds details in the registration wizard', () => {
  it('asks a marked holder for one detail per chosen source, worded by the dictionary', async () => {
    render({ id: 'dir', sourceOfFunds: [1, 4], sourceDetailsAsked: true });
    const details = await screen.findByRole('group', { name: business.business.registration.fields.sourceDetails }, { timeout: 10_000 });
    await waitFor(() => expect(within(details).getByLabelText(wording[salary.key]!)).toBeTruthy());
    expect(within(details).getByLabelText(wording[investments.key]!)).toBeTruthy();
    // unchoosing a source takes its box away
    fireEvent.click(screen.getByRole('checkbox', { name: wording[investments.key]! }));
    await waitFor(() => expect(within(details).queryByLabelText(wording[investments.key]!)).toBeNull());
  });

  it('does not ask a person the rules do not mark', async () => {
    render({ id: 'p2', sourceOfFunds: [1, 4] });
    await screen.findByRole('checkbox', { name: wording[salary.key]! }, { timeout: 10_000 });
    expect(screen.queryByRole('group', { name: business.business.registration.fields.sourceDetails })).toBeNull();
  });
});
