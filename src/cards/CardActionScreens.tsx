import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, isMethodCallError, type CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { Field } from '../app/Field.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { useAccounts } from '../accounts/use-accounts.ts';
import { useKeyedCall } from './use-keyed-call.ts';
import { CardArt } from './CardArt.tsx';
import { AccountOptions, CardFees, CardFormButtons, usePending } from './card-form.tsx';
import { CardLoadState } from './CardLoadState.tsx';
import { cardPaths } from './card-data.ts';
import { useCard } from './use-card.ts';
import './cards.css';

/** The shown PIN goes after this long unless hidden first. */
export const ACTIVATION_PIN_MS = 60_000;

/** Field errors of a refusal, else the popup. */
function useFailure(setErrors: (errors: Record<string, string>) => void) {
  const { feedback } = useApp();
  return (error: unknown) => {
    if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
    else feedback.showError(error);
  };
}

/**
 * Card activation (/cards/{accountId}/activate): the fees (issue, annual, shipping, total) and the
 * account that pays them, the extra parameters the card asks (a physical card: the last four digits
 * printed on it); once activated, the PIN is shown this once with a clear "remember it".
 */
export function CardActivateScreen({ params }: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc } = useApp();
  const { accountId, card, failed, reload } = useCard(params);
  const activation = useLoaded(() => (accountId ? rpc('cardActivationData', { accountId }) : new Promise<never>(() => {})));
  const { accounts } = useAccounts();
  const [feeAccountId, setFeeAccountId] = useState<number>();
  const [extra, setExtra] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = usePending();
  const keyedCall = useKeyedCall();
  const [pin, setPin] = useState<string | null>(null);
  const [pinHidden, setPinHidden] = useState(false);
  const fail = useFailure(setErrors);
  const pinRef = useRef<HTMLDivElement>(null);

  const data = activation.data;
  const feeAccounts = useMemo(() => (data && accounts ? accounts.filter((account) => data.feeAccounts.includes(account.accountId)) : []), [data, accounts]);
  if (!card || !data) return <CardLoadState failed={failed || activation.failed} reload={async () => void (await Promise.all([reload(), activation.reload()]))} />;
  const money = (amount: string) => formatMoney(amount, data.fees.currency, i18n.language);

  if (pin !== null) {
    return (
      <div className="eng-section card-page">
        <div className="eng-panel card-pin-once" ref={pinRef} role="status">
          <h2>{t('cards.activate.doneTitle')}</h2>
          {pin === '' ? (
            <p>{t('cards.activate.pinOnPinPage')}</p>
          ) : (
            <p>{t('cards.activate.rememberPin')}</p>
          )}
          {pin === '' ? null : pinHidden ? (
            <p className="eng-help">{t('cards.activate.pinHidden')}</p>
          ) : (
            <>
              <p className="card-pin-once__pin" aria-label={t('cards.activate.pinLabel')} data-fact="pinCode">
                {pin}
              </p>
              <button type="button" className="eng-button eng-button--secondary" onClick={() => setPinHidden(true)}>
                {t('cards.activate.hidePin')}
              </button>
            </>
          )}
        </div>
        <Link className="eng-button eng-button--primary" to={cardPaths.detail(card.accountId)}>
          {t('cards.backToCard')}
        </Link>
      </div>
    );
  }
  if (!card.capabilities.activate) return <CardLoadState failed={false} reload={reload} unavailable accountId={card.accountId} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!feeAccountId) missing.feeAccountId = t('cards.activate.chooseFeeAccount');
    for (const param of data.extraParams) {
      const value = extra[param.name]?.trim() ?? '';
      if (param.required && !value) missing[`extraParams.${param.name}`] = t('cards.fieldRequired');
      else if (param.name === 'last4' && value && !/^[0-9]{4}$/.test(value)) missing[`extraParams.${param.name}`] = t('cards.activate.last4Invalid');
    }
    setErrors(missing);
    if (Object.keys(missing).length) return;
    await run(async () => {
      const values = Object.fromEntries(Object.entries(extra).filter(([, value]) => value.trim() !== '').map(([name, value]) => [name, value.trim()]));
      const answer = await keyedCall('cardActivate', { accountId: card.accountId, feeAccountId: feeAccountId!, ...(Object.keys(values).length ? { extraParams: values } : {}) });
      // A replayed activation (the same key after a lost answer) carries no PIN: the PIN page shows it.
      setPin(answer.pinCode ?? '');
      setTimeout(() => setPinHidden(true), ACTIVATION_PIN_MS);
    }, fail);
  };

  return (
    <div className="eng-section card-page">
      <CardArt card={card} />
      <form className="eng-form eng-panel card-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={pending || undefined}>
        <CardFees
          caption={t('cards.activate.feesTitle')}
          currency={data.fees.currency}
          rows={[
            { name: 'issue', amount: data.fees.issue },
            { name: 'annual', amount: data.fees.annual },
            !card.cardIsVirtual && { name: 'shipping', amount: data.fees.shipping },
            { name: 'total', amount: data.fees.total, fact: true },
          ]}
        />
        <Field label={t('cards.activate.feeAccount')} error={errors.feeAccountId} required>
          {({ id, describedBy, invalid }) => (
            <select id={id} name="feeAccountId" className="eng-input eng-select" value={feeAccountId ?? ''} disabled={!accounts} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => setFeeAccountId(event.target.value ? Number(event.target.value) : undefined)}>
              <option value="">{t('engine.form.choose')}</option>
              <AccountOptions accounts={feeAccounts} />
            </select>
          )}
        </Field>
        {accounts && feeAccounts.length === 0 && <p className="eng-help">{t('cards.activate.noFeeAccount', { currency: data.fees.currency })}</p>}
        {(() => {
          const quote = data.feeQuotes.find((candidate) => candidate.accountId === feeAccountId);
          if (!quote || quote.currencyCode === data.fees.currency) return null;
          return (
            <p className="eng-help" data-fact="feeQuote" aria-live="polite">
              {t('cards.activate.converted', { amount: formatMoney(quote.total, quote.currencyCode, i18n.language), total: money(data.fees.total) })}
            </p>
          );
        })()}
        {data.extraParams.map((param) => (
          <Field key={param.name} label={t(`cards.activate.extra.${param.name}`, { defaultValue: param.title })} error={errors[`extraParams.${param.name}`]} required={param.required}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name={param.name}
                className="eng-input"
                inputMode={param.name === 'last4' ? 'numeric' : undefined}
                maxLength={param.name === 'last4' ? 4 : 100}
                autoComplete="off"
                value={extra[param.name] ?? ''}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onChange={(event) => setExtra({ ...extra, [param.name]: event.target.value })}
              />
            )}
          </Field>
        ))}
        <CardFormButtons back={cardPaths.detail(card.accountId)} label={t('cards.activate.submit')} disabled={pending} />
      </form>
    </div>
  );
}
