import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { formSpec } from '../testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';

const i18n = () =>
  createTestI18n({
    person: { title: 'Your details', save: 'Save', saved: 'Saved' },
    fields: { firstName: 'Given name' },
    home: { title: 'Home' },
  });

const home: ScreenSpec = {
  id: 'home',
  route: '/home',
  layout: 'main',
  title: 'home.title',
  kind: 'detail',
  detail: { data: { method: 'homeGet' }, entity: {}, fields: [{ field: 'state' }] },
};

/** The fixture's person form, shown as a dialog whose closing goes home, filled from its link. */
function dialogSpec(): ScreenSpec {
  const spec = formSpec({ dialog: { closeTo: '/home' } }, { fields: ['firstName', 'email'], queryDefaults: { firstName: 'name', email: 'email' } });
  return spec;
}

describe('a screen shown as a dialog (`dialog`)', () => {
  it('draws the form in a modal dialog labelled by the screen title, filled from the link, focus on its first field', async () => {
    renderScreens(testOptions([dialogSpec(), home]), '/person?name=Ada&email=ada%40example.com', i18n());
    const dialog = await screen.findByRole('dialog', { name: 'Your details' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('heading', { level: 1, name: 'Your details' })).toBeTruthy();
    const name = (await within(dialog).findByLabelText(/Given name/)) as HTMLInputElement;
    expect(name.value).toBe('Ada');
    expect((within(dialog).getByLabelText(/Email/) as HTMLInputElement).value).toBe('ada@example.com');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(document.activeElement).toBe(name);
    // No page heading beside it: the dialog is the screen.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('keeps Tab inside: from the last control back to the first', async () => {
    renderScreens(testOptions([dialogSpec(), home]), '/person', i18n());
    const dialog = await screen.findByRole('dialog', { name: 'Your details' });
    await within(dialog).findByLabelText(/Given name/);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Given name/));
  });

  it('goes to closeTo on its close button and on Escape', async () => {
    const callMethod = vi.fn(async () => ({ state: 'ready' }));
    const { router } = renderScreens(testOptions([dialogSpec(), home], { callMethod }), '/person', i18n());
    const dialog = await screen.findByRole('dialog', { name: 'Your details' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(router.state.location.pathname).toBe('/home');

    await act(async () => {
      await router.navigate('/person');
    });
    const again = await screen.findByRole('dialog', { name: 'Your details' });
    await act(async () => {
      fireEvent.keyDown(again, { key: 'Escape' });
    });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the form like a page does, and its success leads on', async () => {
    const callMethod = vi.fn(async (method: string) => (method === 'homeGet' ? { state: 'ready' } : { personId: 7 }));
    const spec = dialogSpec();
    const withSuccess: ScreenSpec = { ...spec, form: { ...spec.form!, submit: { ...spec.form!.submit, success: { navigate: '/home' } } } };
    const { router } = renderScreens(testOptions([withSuccess, home], { callMethod }), '/person?name=Ada&email=ada%40example.com', i18n());
    const dialog = await screen.findByRole('dialog', { name: 'Your details' });
    await within(dialog).findByLabelText(/Given name/);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(router.state.location.pathname).toBe('/home');
    expect(callMethod.mock.calls.some(([method]) => method !== 'homeGet')).toBe(true);
  });
});
