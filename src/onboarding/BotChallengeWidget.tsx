import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useFieldAria, type WidgetProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { solveBotChallenge } from './bot-challenge.ts';
import './onboarding.css';

/**
 * `ui:widget: botChallenge` for the `challengeToken` of a registration or recovery call: an "I am not
 * a robot" button that solves the challenge for the brand's site key (brand.json `botChallengeSiteKey`)
 * and keeps the token the server verifies. A token is good once: when the server refuses it (an error
 * on the field) the button shows again, and so it does after a refusal of another field, since the specs
 * mark the field `ui:options: { singleUse: true }` and the form empties it. The form draws the field's
 * label ("Robot check") and its errors, which the button points at. Draws nothing for a brand without a
 * site key.
 */
export function BotChallengeWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, rawErrors, uiSchema } = props;
  const { t } = useTranslation();
  const { brand, apiBase = '' } = useApp();
  const [state, setState] = useState<'idle' | 'solving' | 'failed'>('idle');
  const describedBy = useFieldAria(id, rawErrors, uiSchema)['aria-describedby'];
  const siteKey = brand.botChallengeSiteKey;
  if (!siteKey) return null;
  const buttonText = state === 'solving' ? t('onboarding.botChallenge.solving') : t('onboarding.botChallenge.solve');
  const solved = typeof value === 'string' && value !== '' && (rawErrors?.length ?? 0) === 0;

  const solve = async () => {
    setState('solving');
    try {
      onChange(await solveBotChallenge({ apiBase, siteKey }));
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      {solved ? (
        <p id={id} role="status">
          {t('onboarding.botChallenge.solved')}
        </p>
      ) : (
        // Named by what it says, not by the field's label that points at it ("Robot check").
        <Button
          id={id}
          variant="secondary"
          pending={state === 'solving'}
          disabled={disabled || readonly}
          aria-label={buttonText}
          aria-describedby={describedBy}
          onClick={() => void solve()}
        >
          {buttonText}
        </Button>
      )}
      {state === 'failed' && (
        <p role="alert" className="bot-challenge-failed">
          {t('onboarding.botChallenge.failed')}
        </p>
      )}
    </>
  );
}
