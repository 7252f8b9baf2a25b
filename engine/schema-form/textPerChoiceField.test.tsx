/**
 * One text per chosen value (`ui:widget: textPerChoice`), written as a spec: a box appears as a value is
 * chosen in the field it follows, worded by that value's source item, and goes with its text as the value
 * is unchosen; the texts are sent keyed by value, and a refusal of one is said under its box.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../errors/MethodCallError';
import type { ScreenSpec } from '../spec/types';
import { textsForChoices } from './textPerChoiceField';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';

const source = { method: 'hobbies', path: 'hobbies', value: 'id', labelKeyField: 'labelKey' };

const club: ScreenSpec = {
  id: 'club',
  route: '/club',
  layout: 'main',
  title: 'club.title',
  kind: 'form',
  form: {
    schema: {
      type: 'object',
      properties: {
        hobbyIds: { type: 'array', uniqueItems: true, items: { type: 'integer' } },
        hobbyNotes: { type: 'object', additionalProperties: { type: 'string', maxLength: 20 } },
      },
    },
    fields: ['hobbyIds', 'hobbyNotes'],
    uiSchema: {
      hobbyIds: { 'ui:title': 'club.hobbies', 'ui:widget': 'checkboxes', 'ui:options': { source } },
      hobbyNotes: {
        'ui:title': 'club.notes',
        'ui:help': 'club.notesHelp',
        'ui:widget': 'textPerChoice',
        'ui:options': { choicesOf: 'hobbyIds', source, multiline: true },
      },
    },
    submit: { method: 'clubJoin', label: 'club.join', success: { notice: 'club.joined' } },
  },
};

const words = () =>
  createTestI18n({
    club: { title: 'Club', hobbies: 'Hobbies', notes: 'About your hobbies', notesHelp: 'A line each.', join: 'Join', joined: 'Joined' },
    hobby: { chess: 'Chess', rowing: 'Rowing' },
  });

const hobbies = {
  hobbies: [
    { id: 3, labelKey: 'hobby.chess' },
    { id: 4, labelKey: 'hobby.rowing' },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('textsForChoices', () => {
  it('keeps one text per chosen value, the written ones kept, the unchosen dropped', () => {
    expect(textsForChoices([3, 4], { 3: 'Since 2010', 7: 'Gone' })).toEqual({ 3: 'Since 2010', 4: '' });
    expect(textsForChoices([], { 3: 'x' })).toEqual({});
  });
});

describe('a text per choice', () => {
  it('shows a worded box per chosen value, drops one unchosen with its text, and sends the texts keyed by value', async () => {
    const callMethod = vi.fn(async (method: string): Promise<unknown> => (method === 'hobbies' ? hobbies : {}));
    renderScreens(testOptions([club], { callMethod }), '/club', words());
    const chess = await screen.findByRole('checkbox', { name: 'Chess' });
    // Nothing chosen: no boxes, not even the legend.
    expect(screen.queryByRole('group', { name: 'About your hobbies' })).toBeNull();

    fireEvent.click(chess);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rowing' }));
    const group = await screen.findByRole('group', { name: 'About your hobbies' });
    expect(group.textContent).toContain('A line each.');
    const chessText = within(group).getByLabelText('Chess') as HTMLTextAreaElement;
    expect(chessText.tagName).toBe('TEXTAREA');
    fireEvent.change(chessText, { target: { value: 'Since 2010' } });
    fireEvent.change(within(group).getByLabelText('Rowing'), { target: { value: 'Weekends' } });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Rowing' }));
    await waitFor(() => expect(within(group).queryByLabelText('Rowing')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('clubJoin', { hobbyIds: [3], hobbyNotes: { 3: 'Since 2010' } }));
  });

  it('says a refusal of one value’s text under its box', async () => {
    const callMethod = vi.fn(async (method: string): Promise<unknown> => {
      if (method === 'hobbies') return hobbies;
      throw new MethodCallError('TA1', 'Invalid parameters', { 'hobbyNotes.4': 'Say how often you row.' });
    });
    renderScreens(testOptions([club], { callMethod }), '/club', words());
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Chess' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rowing' }));
    const group = await screen.findByRole('group', { name: 'About your hobbies' });
    fireEvent.change(within(group).getByLabelText('Chess'), { target: { value: 'Since 2010' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    });
    const rowing = within(group).getByLabelText('Rowing');
    await waitFor(() => expect(rowing.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(rowing.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Say how often you row.');
    expect(within(group).getByLabelText('Chess').getAttribute('aria-invalid')).toBeNull();
  });
});
