import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { Field } from '../app/Field.tsx';
import { CardArt } from './CardArt.tsx';
import { useStepUp } from '../app/StepUpDialog.tsx';
import { CardLoadState } from './CardLoadState.tsx';
import { cardPaths, hasDetailPage } from './card-data.ts';
import { useCard } from './use-card.ts';
import './cards.css';

/** The shown PIN goes after this long. */
export const PIN_SHOWN_MS = 30_000;

/** The PIN form's own checks, in the customer's language (the server checks again). */
export function pinErrors(pin: string, pinRepeat: string, t: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^[0-9]{4}$/.test(pin)) errors.pin = t('cards.pin.fourDigits');
  if (!/^[0-9]{4}$/.test(pinRepeat)) errors.pinRepeat = t('cards.pin.fourDigits');
  else if (!errors.pin && pin !== pinRepeat) errors.pinRepeat = t('cards.pin.mismatch');
  return errors;
}

/**
 * PIN actions (/card/{accountId}/pin): change the PIN (twice, 4 digits, never shown) and show the
 * PIN for 30 seconds, each behind the customer's second factor.
 */
export function CardPinScreen({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const { card, failed, reload } = useCard(params);
  const [pin, setPin] = useState('');
  const [pinRepeat, setPinRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shownPin, setShownPin] = useState<string | null>(null);
  const change = useStepUp({ onFieldErrors: setErrors });
  const show = useStepUp();
  useEffect(() => {
    if (shownPin === null) return;
    const timer = setTimeout(() => setShownPin(null), PIN_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shownPin]);
  if (!card) return <CardLoadState failed={failed} reload={reload} />;
  if (!card.capabilities.pin) return <CardLoadState failed={false} reload={reload} unavailable accountId={hasDetailPage(card) ? card.accountId : null} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = pinErrors(pin, pinRepeat, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    await change.run(
      (confirm) => rpc('cardPinChange', { accountId: card.accountId, pin, pinRepeat, ...(confirm ? { confirm } : {}) }),
      () => {
        setPin('');
        setPinRepeat('');
        feedback.notify('cards.pin.changed');
      },
    );
  };
  const reveal = () =>
    show.run(
      (confirm) => rpc('cardPinShow', { accountId: card.accountId, ...(confirm ? { confirm } : {}) }),
      (answer) => setShownPin(answer.pinCode),
    );

  const pinInput = (name: 'pin' | 'pinRepeat', value: string, set: (value: string) => void) => (
    <Field label={t(`cards.pin.${name}`)} error={errors[name]} required>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type="password"
          className="eng-input card-pin__input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            set(event.target.value.replace(/[^0-9]/g, ''));
            setErrors((previous) => ({ ...previous, [name]: '' }));
          }}
        />
      )}
    </Field>
  );

  return (
    <div className="eng-section card-page card-pin">
      <CardArt card={card} />
      <div className="card-pin__panels">
        <section className="eng-panel card-form" aria-labelledby="pin-show-title">
          <h2 id="pin-show-title">{t('cards.pin.showTitle')}</h2>
          {shownPin !== null ? (
            <>
              <p className="card-pin-once__pin" data-fact="pinCode" aria-label={t('cards.activate.pinLabel')}>
                {shownPin}
              </p>
              <p className="eng-help">{t('cards.pin.hidesSoon')}</p>
              <button type="button" className="eng-button eng-button--secondary" onClick={() => setShownPin(null)}>
                {t('cards.pin.hide')}
              </button>
            </>
          ) : (
            <>
              <p className="eng-help">{t('cards.pin.showHelp')}</p>
              <button type="button" className="eng-button eng-button--secondary" disabled={show.pending} onClick={() => void reveal()}>
                {t('cards.pin.show')}
              </button>
            </>
          )}
        </section>
        <section aria-labelledby="pin-change-title">
          <form className="eng-form eng-panel card-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={change.pending || undefined}>
            <h2 id="pin-change-title">{t('cards.pin.changeTitle')}</h2>
            {pinInput('pin', pin, setPin)}
            {pinInput('pinRepeat', pinRepeat, setPinRepeat)}
            <div className="card-form__buttons">
              <button type="submit" className="eng-button eng-button--primary" disabled={change.pending}>
                {t('cards.pin.change')}
              </button>
            </div>
          </form>
        </section>
      </div>
      {hasDetailPage(card) ? <Link to={cardPaths.detail(card.accountId)}>{t('cards.backToCard')}</Link> : <Link to={cardPaths.list}>{t('cards.backToCards')}</Link>}
      {change.dialog}
      {show.dialog}
    </div>
  );
}
