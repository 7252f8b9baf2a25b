import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../testing/harness';
import { useConfirm } from './ConfirmDialog';

const i18n = createTestI18n({ contacts: { remove: 'Remove {{name}}?', removeTitle: 'Remove a contact', yes: 'Remove', keep: 'Keep' } });

function Contacts({ onAnswer }: { onAnswer: (yes: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      {dialog}
      <button
        type="button"
        onClick={() =>
          void confirm('contacts.remove', {
            values: { name: 'Ada' },
            titleKey: 'contacts.removeTitle',
            yesKey: 'contacts.yes',
            noKey: 'contacts.keep',
            tone: 'danger',
          }).then(onAnswer)
        }
      >
        Ask
      </button>
    </>
  );
}

describe('useConfirm', () => {
  it('words the question with its values, title and buttons, focuses the no answer first and resolves with the answer', async () => {
    const answers: boolean[] = [];
    render(
      <I18nextProvider i18n={i18n}>
        <Contacts onAnswer={(yes) => answers.push(yes)} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove a contact' });
    expect(dialog.textContent).toContain('Remove Ada?');
    expect(document.activeElement?.textContent).toBe('Keep');
    const yes = screen.getByRole('button', { name: 'Remove' });
    expect(yes.className).toContain('eng-button--danger');
    await act(async () => fireEvent.click(yes));
    expect(answers).toEqual([true]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
