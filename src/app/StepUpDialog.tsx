import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, isMethodCallError } from '../../engine/index.ts';
import type { StepUpChallenge } from '../../generated/entities.ts';
import { useApp } from './app-context.tsx';
import { useCodeField } from './use-code-field.tsx';

/** The answer to a challenge, sent back with the same call. */
export interface ChallengeConfirm {
  requestId: string;
  approvalCode: string;
}

/** An answer of a call behind a step-up: a challenge, or what the call does once confirmed. */
type Answer<Done> = StepUpChallenge | Done;

const isChallenge = (answer: object): answer is StepUpChallenge => (answer as { status?: unknown }).status === 'awaitingConfirmation';

/** The message the server put on the code, wherever it put it. */
function codeError(fieldErrors: Record<string, string>): string | undefined {
  return fieldErrors['confirm.approvalCode'] ?? fieldErrors.approvalCode ?? fieldErrors['confirm.requestId'] ?? fieldErrors.confirm;
}

/**
 * The second factor in front of a sensitive call (a card secret, an approver's decision):
 * `run(call)` makes the call; a challenge answer opens a code popup (where the code went, the code
 * field, send a new code), and the code goes back with the same call as
 * `confirm: { requestId, approvalCode }`. The final answer goes to `onDone`. Errors on the other
 * fields of the call go to `onFieldErrors`.
 *
 * @example
 * const secret = useStepUp();
 * secret.run((confirm) => rpc('cardPinShow', { accountId, ...(confirm ? { confirm } : {}) }), (answer) => setPin(answer.pinCode));
 * return <>{secret.dialog}</>;
 */
export function useStepUp(options: { onFieldErrors?: (errors: Record<string, string>) => void } = {}): {
  run: <Done extends object>(call: (confirm?: ChallengeConfirm) => Promise<Answer<Done>>, onDone: (answer: Done) => void) => Promise<void>;
  pending: boolean;
  dialog: ReactNode;
} {
  const { feedback } = useApp();
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState<{ challenge: StepUpChallenge; submit: (code: string) => Promise<string | undefined>; again: () => Promise<void> } | null>(
    null,
  );

  const failed = (error: unknown) => {
    if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0 && !codeError(error.fieldErrors) && options.onFieldErrors)
      options.onFieldErrors(error.fieldErrors);
    else feedback.showError(error);
  };

  const run = async <Done extends object>(call: (confirm?: ChallengeConfirm) => Promise<Answer<Done>>, onDone: (answer: Done) => void) => {
    setPending(true);
    try {
      const first = await call();
      if (!isChallenge(first)) {
        onDone(first as Done);
        return;
      }
      setOpen({
        challenge: first,
        submit: async (code) => {
          try {
            // The transport turns digit strings of answers into numbers; the request wants the id back as text.
            const answer = await call({ requestId: first.requestId, approvalCode: code });
            if (isChallenge(answer)) return undefined;
            setOpen(null);
            onDone(answer as Done);
            return undefined;
          } catch (error) {
            if (isMethodCallError(error)) {
              const message = codeError(error.fieldErrors);
              if (message) return message;
            }
            setOpen(null);
            failed(error);
            return undefined;
          }
        },
        again: async () => {
          setOpen(null);
          await run(call, onDone);
        },
      });
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  };

  const dialog = open ? (
    <StepUpDialog key={open.challenge.requestId} challenge={open.challenge} onSubmit={open.submit} onAgain={open.again} onCancel={() => setOpen(null)} />
  ) : null;
  return { run, pending, dialog };
}

/** The code popup of a step-up challenge, on the engine's Dialog. */
export function StepUpDialog({
  challenge,
  onSubmit,
  onAgain,
  onCancel,
}: {
  challenge: StepUpChallenge;
  /** Resolves with the error to show on the code, or undefined when the popup is done with. */
  onSubmit: (code: string) => Promise<string | undefined>;
  onAgain: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const code = useCodeField(t('stepUp.code'), t('stepUp.codeInvalid'));
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.take();
    if (value === undefined) return;
    setPending(true);
    const message = await onSubmit(value);
    setPending(false);
    if (message) code.refuse(message);
  };

  const where = challenge.approvalSentTo
    ? t(`stepUp.sent.${challenge.approveType}`, { to: challenge.approvalSentTo })
    : t(`stepUp.ask.${challenge.approveType}`);
  return (
    <Dialog title={t('stepUp.title')} onClose={onCancel} initialFocus={code.ref}>
      <p>{where}</p>
      <form className="step-up__form" onSubmit={(event) => void submit(event)} noValidate>
        {code.field}
        <div className="eng-dialog__buttons">
          <button type="button" className="eng-button eng-button--secondary" disabled={pending} onClick={onCancel}>
            {t('stepUp.cancel')}
          </button>
          <button type="submit" className="eng-button eng-button--primary" disabled={pending}>
            {t('stepUp.confirm')}
          </button>
        </div>
      </form>
      {challenge.approveType !== 'otp' && (
        <button type="button" className="eng-button eng-button--link" disabled={pending} onClick={() => void onAgain()}>
          {t('stepUp.again')}
        </button>
      )}
    </Dialog>
  );
}
