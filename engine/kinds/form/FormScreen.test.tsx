import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { MethodCallError } from '../../errors/MethodCallError';
import { formSchema } from '../../schema-form/formSchemas';
import { formSpec, personSchema } from '../../testing/fixtures';
import type { JsonSchema } from '../../index';
import { useNavigate } from 'react-router';
import { useEngine } from '../../provider/EngineProvider';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import { TokenWidget } from '../../testing/TokenWidget';

const i18n = () =>
  createTestI18n({
    person: { title: 'Your details', save: 'Save', saved: 'Saved', confirm: 'Save these details?' },
    fields: { firstName: 'Given name' },
  });

function input(label: RegExp | string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function type(label: RegExp | string, value: string) {
  const field = input(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('FormScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows only the listed fields, in order, labelled from fields.* or the schema title', async () => {
    renderScreens(testOptions([formSpec({}, { fields: ['email', 'firstName', 'birthDate', 'plan', 'newsletter'] })]), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    const form = document.querySelector('form');
    const labels = [...(form?.querySelectorAll('label') ?? [])].map((label) => label.textContent);
    expect(labels).toEqual(['Email *', 'Given name *', 'Birth date', 'Plan', 'Newsletter']);
    expect(input(/Email/).type).toBe('email');
    expect(input('Birth date').type).toBe('date');
    expect(screen.getByLabelText('Plan').tagName).toBe('SELECT');
    expect(input('Newsletter').type).toBe('checkbox');
    expect(screen.queryByLabelText('Last name')).toBeNull();
  });

  it('blocks the call while the data is invalid and shows the errors on their fields', async () => {
    const callMethod = vi.fn(async () => ({}));
    renderScreens(testOptions([formSpec()], { callMethod }), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    type(/Given name/, 'A');
    await submit();
    expect(callMethod).not.toHaveBeenCalled();
    const firstName = input(/Given name/);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = firstName.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter at least 2 characters.');
    expect(input(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Fill in this field.')).toBeTruthy();
  });

  it('validates a field when it is left, without flagging fields not reached yet', async () => {
    renderScreens(testOptions([formSpec()]), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    await act(async () => type(/Given name/, 'A'));
    await waitFor(() => expect(screen.getByText('Enter at least 2 characters.')).toBeTruthy());
    expect(input(/Email/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Fill in this field.')).toBeNull();
  });

  it('sends valid data wrapped, then navigates and says the notice there', async () => {
    const callMethod = vi.fn(async () => ({ personId: 7 }));
    // Where the app is when the notice is said: on the screen the success goes to, so it survives the move.
    const notifiedAt: string[] = [];
    const notify = vi.fn(() => void notifiedAt.push(router.state.location.pathname));
    const spec = formSpec(
      {},
      {
        submit: { method: 'personUpdate', label: 'person.save', wrap: 'person', success: { notice: 'person.saved', navigate: '/people/:personId' } },
      },
    );
    const { router } = renderScreens(testOptions([spec], { callMethod, notify }), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    type(/Given name/, 'Ada');
    type(/Email/, 'ada@example.com');
    await submit();
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('personUpdate', { person: { firstName: 'Ada', email: 'ada@example.com' } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/7'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('person.saved', { personId: 7 }));
    expect(notifiedAt).toEqual(['/people/7']);
  });

  it('shows fresh data on the next screen after a save, not the answer cached before it', async () => {
    let firstName = 'Grace';
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'personUpdate') firstName = String((params as { firstName: string }).firstName);
      return { person: { firstName, email: 'grace@example.com' } };
    });
    const data = { method: 'personInquiry', path: 'person' };
    const edit = formSpec({}, { data, submit: { method: 'personUpdate', label: 'person.save', success: { navigate: '/person/view' } } });
    const view = formSpec({ id: 'person-view', route: '/person/view' }, { data });
    const { router } = renderScreens(testOptions([edit, view], { callMethod }), '/person', i18n());
    await waitFor(() => expect(input(/Given name/).value).toBe('Grace'));
    type(/Given name/, 'Ada');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/person/view'));
    await waitFor(() => expect(input(/Given name/).value).toBe('Ada'));
  });

  it('shows fresh data after a custom screen changed it with a call of its own', async () => {
    let firstName = 'Grace';
    const callMethod = vi.fn(async (method: string) => {
      if (method === 'personRename') firstName = 'Ada';
      return { person: { firstName, email: 'grace@example.com' } };
    });
    function Rename() {
      const engine = useEngine();
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void engine.callMethod('personRename', {}).then(() => navigate('/person'))}>
          Rename
        </button>
      );
    }
    const view = formSpec({}, { data: { method: 'personInquiry', path: 'person' } });
    const rename = { id: 'rename', route: '/rename', layout: 'main', title: 'person.title', kind: 'custom', custom: { component: 'Rename' } } as const;
    const { router } = renderScreens(testOptions([view, rename], { callMethod, components: { Rename } }), '/person', i18n());
    await waitFor(() => expect(input(/Given name/).value).toBe('Grace'));
    await act(async () => {
      await router.navigate('/rename');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/person'));
    await waitFor(() => expect(input(/Given name/).value).toBe('Ada'));
  });

  it('fills the form from form.data, sending back only the listed fields', async () => {
    const callMethod = vi.fn(async (method: string) =>
      method === 'personInquiry' ? { person: { personId: 3, firstName: 'Grace', email: 'grace@example.com', lastName: 'Hopper' } } : {},
    );
    const spec = formSpec({}, { data: { method: 'personInquiry', path: 'person' } });
    renderScreens(testOptions([spec], { callMethod }), '/person', i18n());
    await waitFor(() => expect(input(/Given name/).value).toBe('Grace'));
    await submit();
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('personUpdate', { firstName: 'Grace', email: 'grace@example.com' }));
  });

  it('shows server field errors on their fields and refuses to resubmit until the field changes', async () => {
    const callMethod = vi
      .fn<(method: string, params: Record<string, unknown>) => Promise<unknown>>()
      .mockRejectedValueOnce(new MethodCallError('VF', 'Validation failed', { 'person.email': 'This address is taken' }))
      .mockResolvedValue({});
    const spec = formSpec({}, { submit: { method: 'personUpdate', label: 'person.save', wrap: 'person' } });
    renderScreens(testOptions([spec], { callMethod }), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    type(/Given name/, 'Ada');
    type(/Email/, 'ada@example.com');
    await submit();
    await waitFor(() => expect(screen.getByText('This address is taken')).toBeTruthy());
    expect(input(/Email/).getAttribute('aria-invalid')).toBe('true');

    await submit();
    expect(callMethod).toHaveBeenCalledTimes(1);

    await act(async () => type(/Email/, 'ada@example.org'));
    await waitFor(() => expect(screen.queryByText('This address is taken')).toBeNull());
    await submit();
    await waitFor(() => expect(callMethod).toHaveBeenCalledTimes(2));
    expect(callMethod).toHaveBeenLastCalledWith('personUpdate', { person: { firstName: 'Ada', email: 'ada@example.org' } });
  });

  it('hands errors that are not field errors to onError', async () => {
    const failure = new MethodCallError('TE', 'Technical error');
    const onError = vi.fn();
    const callMethod = vi.fn(async () => {
      throw failure;
    });
    renderScreens(testOptions([formSpec()], { callMethod, onError }), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    type(/Given name/, 'Ada');
    type(/Email/, 'ada@example.com');
    await submit();
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });

  it('asks for confirmation first when submit.confirm is set', async () => {
    const callMethod = vi.fn(async () => ({}));
    const spec = formSpec({}, { submit: { method: 'personUpdate', label: 'person.save', confirm: 'person.confirm' } });
    renderScreens(testOptions([spec], { callMethod }), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    type(/Given name/, 'Ada');
    type(/Email/, 'ada@example.com');

    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Please confirm' });
    expect(within(dialog).getByText('Save these details?')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No, go back' }));
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callMethod).not.toHaveBeenCalled();

    await submit();
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, continue' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledTimes(1));
  });

  it('runs an application action named by submit.action and goes where it says', async () => {
    const signIn = vi.fn(async () => ({ navigate: '/welcome' }));
    const spec = formSpec({}, { submit: { action: 'signIn', label: 'person.save' } });
    const { router } = renderScreens(testOptions([spec], { actions: { signIn } }), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    type(/Given name/, 'Ada');
    type(/Email/, 'ada@example.com');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(signIn).toHaveBeenCalledWith({ firstName: 'Ada', email: 'ada@example.com' }, expect.objectContaining({ screenId: 'person-edit' }));
  });

  it('validates with the precompiled validator its entry brings, not a schema compiled in the browser', async () => {
    const callMethod = vi.fn(async () => ({}));
    const spec = formSpec();
    // Stricter than the schema, so the outcome shows which validator ran: only "Ada" passes.
    const validate = Object.assign(
      (data: { firstName?: string }) => {
        validate.errors =
          data.firstName === 'Ada'
            ? null
            : [
                {
                  instancePath: '/firstName',
                  schemaPath: '#/properties/firstName/pattern',
                  keyword: 'pattern',
                  params: { pattern: '^Ada$' },
                  message: 'must match',
                },
              ];
        return validate.errors === null;
      },
      { errors: null as unknown[] | null },
    );
    const options = testOptions([spec], { callMethod });
    const key = hashForSchema(formSchema(spec.form!) as RJSFSchema);
    options.screens = options.screens.map((entry) => ({ ...entry, validators: async () => ({ default: { [key]: validate } }) }));
    renderScreens(options, '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });

    type(/Given name/, 'Grace');
    type(/Email/, 'grace@example.com');
    await submit();
    expect(callMethod).not.toHaveBeenCalled();
    expect(input(/Given name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the value in the expected format.')).toBeTruthy();

    type(/Given name/, 'Ada');
    await submit();
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('personUpdate', { firstName: 'Ada', email: 'grace@example.com' }));
  });
});

describe('FormScreen: a single-use value', () => {
  it('is emptied when the server refuses another field, so a new one is asked for, and kept beside its own refusal', async () => {
    const callMethod = vi
      .fn<(method: string, params: Record<string, unknown>) => Promise<unknown>>()
      .mockRejectedValueOnce(new MethodCallError('TA1', 'Invalid', { email: 'This address is taken' }))
      .mockRejectedValueOnce(new MethodCallError('TA1', 'Invalid', { token: 'The token was refused' }))
      .mockResolvedValue({});
    const schema: JsonSchema = { ...personSchema, properties: { ...personSchema.properties, token: { type: 'string', title: 'Token' } } };
    const spec = formSpec(
      {},
      { schema, fields: ['firstName', 'email', 'token'], uiSchema: { token: { 'ui:widget': 'token', 'ui:options': { singleUse: true } } } },
    );
    renderScreens(testOptions([spec], { callMethod, widgets: { token: TokenWidget } }), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    type(/Given name/, 'Ada');
    type(/Email/, 'ada@example.com');
    await act(async () => fireEvent.click(screen.getByText('Get a token')));
    await submit();
    expect(callMethod).toHaveBeenLastCalledWith('personUpdate', { firstName: 'Ada', email: 'ada@example.com', token: 't1' });
    await screen.findByText('This address is taken');
    // The send used the token up: the widget asks for a new one.
    await screen.findByText('Get a token');
    expect(screen.queryByText('Token t1 ready')).toBeNull();

    await act(async () => type(/Email/, 'ada@example.org'));
    await act(async () => fireEvent.click(screen.getByText('Get a token')));
    await submit();
    expect(callMethod).toHaveBeenLastCalledWith('personUpdate', { firstName: 'Ada', email: 'ada@example.org', token: 't2' });
    // Refused itself, the token stays beside the error that says so.
    await screen.findByText('The token was refused');
    expect(screen.getByText('Token t2 ready')).toBeTruthy();
  });
});
