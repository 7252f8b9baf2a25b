/**
 * A live value's `suggest`: a value looked up from what the person typed is copied into another field
 * once per answer, where the answer has one, and stays the person's to change.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { formSpec } from '../../testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const spec = formSpec(
  {},
  {
    schema: {
      type: 'object',
      properties: {
        accountNumber: { type: 'string', title: 'Account number', pattern: '^[0-9]{4}$' },
        branch: { type: 'string', title: 'Branch' },
      },
    },
    fields: ['accountNumber', 'branch'],
    live: [
      {
        id: 'bank',
        method: 'bankLookup',
        params: { account: ':accountNumber' },
        debounceMs: 10,
        suggest: { branch: 'bank.branch' },
        message: { field: 'accountNumber', cases: [{ when: { field: 'bank.branch', present: true }, text: 'person.known' }, { text: 'person.unknown' }] },
      },
    ],
  },
);

/** The lookup: a branch for the accounts it knows, none for 9999. */
const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
  if (method !== 'bankLookup') throw new Error(`unexpected ${method}`);
  const branches: Record<string, string> = { '1234': 'North', '5678': 'East' };
  const branch = branches[String(params.account)];
  return branch ? { bank: { branch } } : { bank: {} };
});

const branchInput = () => screen.getByLabelText(/Branch/) as HTMLInputElement;

describe('live suggest', () => {
  it('suggests a value once per answer, keeps what the person typed over it, and leaves it where the answer has none', async () => {
    renderScreens(
      testOptions([spec], { callMethod }),
      '/person',
      createTestI18n({ person: { title: 'Person', save: 'Save', known: 'Branch found.', unknown: 'No branch known for this account.' } }),
    );
    const account = (await screen.findByLabelText(/Account number/, {}, { timeout: 5000 })) as HTMLInputElement;

    fireEvent.change(account, { target: { value: '1234' } });
    await waitFor(() => expect(branchInput().value).toBe('North'));

    // The person changes it: it stays theirs.
    fireEvent.change(branchInput(), { target: { value: 'South' } });
    // Another account whose answer has no branch leaves it as typed.
    fireEvent.change(account, { target: { value: '9999' } });
    await screen.findByText('No branch known for this account.');
    await act(async () => {}); // the effects of that answer have run
    expect(branchInput().value).toBe('South');

    // A new answer with a branch suggests it again.
    fireEvent.change(account, { target: { value: '5678' } });
    await waitFor(() => expect(branchInput().value).toBe('East'));
  });
});
