/**
 * The registration wizard's due-diligence step (screens/register-business.yaml as generated): each
 * question's details box is asked only under "Yes" (the draft's schema requires details there), and a
 * details text written before the answer turned to "No" is not kept.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonSchema, ScreenSpec } from '../../engine/spec/types.ts';
import { createTestI18n, renderScreens, testOptions } from '../../engine/testing/harness.tsx';
import registerBusiness from '../../generated/screens/register-business.json';
import business from '../../locales/en/business.json';

const wizard = registerBusiness as unknown as ScreenSpec;
const step = wizard.wizard!.steps.find((candidate) => candidate.id === 'dueDilligenceForm')!;
const draftSchema = wizard.wizard!.schema as JsonSchema & { properties: Record<string, JsonSchema> };

/** The step as a form over the draft's schema: its one field, its uiSchema. */
const dueDiligence: ScreenSpec = {
  id: 'due-diligence',
  route: '/due-diligence',
  layout: 'main',
  title: 'business.registration.steps.dueDilligenceForm',
  kind: 'form',
  form: {
    schema: { ...draftSchema, required: ['dueDilligenceForm'], properties: { dueDilligenceForm: draftSchema.properties.dueDilligenceForm! } },
    fields: ['dueDilligenceForm'],
    uiSchema: step.uiSchema as Record<string, unknown>,
    submit: { method: 'dueDiligenceSave', label: 'business.registration.steps.dueDilligenceForm' },
  },
};

const fields = business.business.registration.fields;

describe('the due-diligence step', () => {
  it('asks for details only under Yes, and does not send details written before the answer turned to No', async () => {
    const callMethod = vi.fn(async (): Promise<unknown> => ({}));
    renderScreens(testOptions([dueDiligence], { callMethod }), '/due-diligence', createTestI18n(business as Record<string, unknown>));
    const government = await screen.findByRole('group', { name: fields.government }, { timeout: 10_000 });
    expect(within(government).queryByLabelText(fields.details)).toBeNull();

    fireEvent.click(within(government).getAllByRole('radio')[0]!); // Yes
    const details = await within(government).findByLabelText(new RegExp(fields.details));
    fireEvent.change(details, { target: { value: 'A city council holds 10 %' } });
    fireEvent.click(within(government).getAllByRole('radio')[1]!); // No
    await waitFor(() => expect(within(government).queryByLabelText(new RegExp(fields.details))).toBeNull());
    for (const question of [fields.lawsuits, fields.taxPayers]) {
      fireEvent.click(within(screen.getByRole('group', { name: question })).getAllByRole('radio')[1]!);
    }
    // the other questions never showed their details under No either
    expect(screen.queryAllByLabelText(new RegExp(fields.details))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: business.business.registration.steps.dueDilligenceForm }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('dueDiligenceSave', expect.anything()));
    const sent = (callMethod.mock.calls[0] as unknown[])[1] as { dueDilligenceForm: Record<string, Record<string, unknown>> };
    expect(sent.dueDilligenceForm.government).toEqual({ answer: false });
  });
});
