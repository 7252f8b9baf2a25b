/**
 * A submit sent as multipart, a refusal that is a question (`askAgain`: asked with the server's values,
 * sent again with a flag on yes), a result listing an answer's problems by row, and data reloaded only
 * while a job runs (`refreshWhile`), with its progress drawn as a bar.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MethodCallError } from '../errors/MethodCallError';
import { refreshInterval } from '../data/useMethodData';
import { FormattedValue } from '../format/formatValue';
import { formSpec } from '../testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';

const i18n = () =>
  createTestI18n({
    person: { title: 'Your details', save: 'Save' },
    jobs: {
      sameTitle: 'Sent already',
      sameText: 'Job {{jobId}} with these lines was sent on {{sentOn}}. Send it again?',
      sendAgain: 'Send again',
      checked: 'Checked',
      lines: 'Lines',
      row: 'Line',
      problem: 'Problem',
    },
  });

const spec = () =>
  formSpec(
    {},
    {
      submit: {
        method: 'jobUpload',
        label: 'person.save',
        multipart: true,
        askAgain: {
          code: '92',
          title: 'jobs.sameTitle',
          text: 'jobs.sameText',
          confirm: 'jobs.sendAgain',
          params: { force: true },
          formats: { sentOn: 'date' },
        },
        result: {
          title: 'jobs.checked',
          items: [{ field: 'summary.count', label: 'jobs.lines' }],
          list: {
            path: 'problems',
            columns: [
              { field: 'row', label: 'jobs.row' },
              { field: 'message', label: 'jobs.problem' },
            ],
          },
        },
      },
    },
  );

async function fillAndSave() {
  await screen.findByRole('button', { name: 'Save' });
  fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ana' } });
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ana@example.com' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('askAgain and multipart submits', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the form as multipart, asks with the refusal values, and on yes sends it again with the flag', async () => {
    const callMethod = vi
      .fn()
      .mockRejectedValueOnce(new MethodCallError('92', 'Same upload', {}, { values: { jobId: 41, sentOn: '2026-03-02' } }))
      .mockResolvedValueOnce({ summary: { count: 4 }, problems: [{ row: 3, message: 'Amount is missing' }] });
    renderScreens(testOptions([spec()], { callMethod }), '/person', i18n());
    await fillAndSave();

    const dialog = (await screen.findByText('Sent already')).closest('dialog')!;
    expect(within(dialog).getByText('Sent already')).toBeTruthy();
    expect(within(dialog).getByText(/Job 41 with these lines was sent on/).textContent).toMatch(/Mar.*2.*2026/);
    expect(callMethod).toHaveBeenCalledTimes(1);
    expect(callMethod.mock.calls[0]![2]).toEqual({ multipart: true });
    expect(callMethod.mock.calls[0]![1]).not.toHaveProperty('force');

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    });
    expect(callMethod).toHaveBeenCalledTimes(2);
    expect(callMethod.mock.calls[1]![1]).toMatchObject({ firstName: 'Ana', force: true });
    expect(callMethod.mock.calls[1]![2]).toEqual({ multipart: true });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Amount is missing')).toBeTruthy();
    expect(within(table).getByText('3')).toBeTruthy();
    // A nested answer's fields are items too: the summary beside the list.
    expect((await screen.findByText('Lines')).closest('div')?.textContent).toContain('4');
  });

  it('sends nothing more when the person says no, and keeps the form', async () => {
    const callMethod = vi.fn().mockRejectedValueOnce(new MethodCallError('92', 'Same upload', {}, { values: { jobId: 41, sentOn: '2026-03-02' } }));
    renderScreens(testOptions([spec()], { callMethod }), '/person', i18n());
    await fillAndSave();
    const dialog = (await screen.findByText('Sent already')).closest('dialog')!;
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    });
    expect(callMethod).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ana');
  });

  it('passes another refusal on as it is, without asking', async () => {
    const onError = vi.fn();
    const callMethod = vi.fn().mockRejectedValueOnce(new MethodCallError('CA', 'Closed'));
    renderScreens(testOptions([spec()], { callMethod, onError }), '/person', i18n());
    await fillAndSave();
    expect(screen.queryByText('Sent already')).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'CA' }));
  });
});

describe('refreshWhile and progress', () => {
  it('reloads while the data meets the condition and stops once it does not', () => {
    const interval = refreshInterval({ method: 'jobStatus', refreshEvery: 2000, refreshWhile: { field: 'state', in: ['queued', 'running'] } }) as (
      latest: unknown,
    ) => number;
    expect(interval({ state: 'running' })).toBe(2000);
    expect(interval({ state: 'done' })).toBe(0);
    expect(interval(undefined)).toBe(0);
    expect(refreshInterval({ method: 'jobStatus', refreshEvery: 5000 })).toBe(5000);
    const nested = refreshInterval({ method: 'jobStatus', path: 'job', refreshEvery: 2000, refreshWhile: { field: 'state', equals: 'running' } }) as (
      latest: unknown,
    ) => number;
    expect(nested({ job: { state: 'running' } })).toBe(2000);
  });

  it('draws the part done of the whole as a progress bar with its numbers', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <FormattedValue row={{ processed: 350, count: 1000 }} column={{ field: 'processed', format: 'progress', totalField: 'count', label: 'Paid' }} />
      </I18nextProvider>,
    );
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('value')).toBe('350');
    expect(bar.getAttribute('max')).toBe('1000');
    expect(screen.getByText('350 of 1,000')).toBeTruthy();
  });
});
