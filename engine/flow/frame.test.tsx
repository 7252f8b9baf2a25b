/**
 * A partner's page inside a result step (`result.frame`), written as a spec only: a section button asks the
 * server for the page's address and the step frames it; an address that is not http(s) or a path on this
 * site is never framed.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';
import { frameAddress } from './steps';

const FIND = { timeout: 5000 };

const spec: ScreenSpec = {
  id: 'forms',
  route: '/forms/:formId',
  layout: 'main',
  title: 'forms.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'fill',
        kind: 'detail',
        title: 'forms.title',
        data: { method: 'formGet', routeParams: { formId: 'formId' } },
        actions: [
          {
            id: 'open',
            label: 'forms.open',
            method: 'formPageUrl',
            params: { formId: ':formId' },
            result: {
              title: 'forms.pageTitle',
              close: 'forms.done',
              frame: { field: 'page.url', title: 'forms.frame', height: 400, missingText: 'forms.noPage' },
            },
            success: { refresh: true },
          },
        ],
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    forms: {
      title: 'Form',
      open: 'Fill it in',
      pageTitle: 'Fill in the form',
      done: 'Done',
      frame: 'The partner form {{formId}}',
      noPage: 'The page cannot be opened.',
    },
  });

async function openFrame(url: string) {
  const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    if (method === 'formGet') return { formId: params.formId };
    if (method === 'formPageUrl') return { formId: params.formId, page: { url } };
    throw new Error(`unexpected ${method}`);
  });
  renderScreens(testOptions([spec], { callMethod }), '/forms/7', i18n());
  fireEvent.click(await screen.findByRole('button', { name: 'Fill it in' }, FIND));
  return { step: await screen.findByRole('alertdialog', { name: 'Fill in the form' }, FIND), callMethod };
}

describe('result.frame', () => {
  it("frames the answer's address, named by its title, at the spec's height", async () => {
    const { step, callMethod } = await openFrame('https://sign.example/s/7?token=a');
    expect(callMethod).toHaveBeenCalledWith('formPageUrl', expect.objectContaining({ formId: '7' }));
    const frame = within(step).getByTitle('The partner form 7');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://sign.example/s/7?token=a');
    expect((frame as HTMLIFrameElement).style.height).toBe('400px');
    fireEvent.click(within(step).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('refreshes once the step is closed, not while the framed page is being filled in', async () => {
    const { step, callMethod } = await openFrame('https://sign.example/s/7?token=a');
    const reads = () => callMethod.mock.calls.filter(([method]) => method === 'formGet').length;
    const before = reads();
    fireEvent.click(within(step).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(reads()).toBeGreaterThan(before), FIND);
  });

  it('frames a path on this site', async () => {
    const { step } = await openFrame('/sandbox/page/7');
    expect(within(step).getByTitle('The partner form 7').getAttribute('src')).toBe('/sandbox/page/7');
  });

  it('never frames a script address: it says missingText instead', async () => {
    const { step } = await openFrame('javascript:alert(1)');
    expect(step.querySelector('iframe')).toBeNull();
    expect(within(step).getByText('The page cannot be opened.')).toBeTruthy();
  });
});

describe('frameAddress', () => {
  it('keeps http(s) addresses and site paths, refuses the rest', () => {
    expect(frameAddress('https://a.example/x')).toBe('https://a.example/x');
    expect(frameAddress('http://127.0.0.1:4000/x')).toBe('http://127.0.0.1:4000/x');
    expect(frameAddress('/x/y')).toBe('/x/y');
    expect(frameAddress('//evil.example/x')).toBeNull();
    expect(frameAddress('data:text/html,hi')).toBeNull();
    expect(frameAddress('')).toBeNull();
    expect(frameAddress(7)).toBeNull();
  });
});
