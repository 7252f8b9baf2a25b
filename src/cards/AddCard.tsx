import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, intlLocale, isMethodCallError, type CustomScreenProps } from '../../engine/index.ts';
import type { RpcResponse } from '../../generated/methods.ts';
import { useApp } from '../app/app-context.tsx';
import { Field } from '../app/Field.tsx';
import { useAccounts } from '../accounts/use-accounts.ts';
import { readFileAsDataUrl } from '../verification/shared.tsx';
import { AccountOptions, CardFees, CardFormButtons, productFeeRows, usePending } from './card-form.tsx';
import { cardPaths, productName } from './card-data.ts';
import { deliveryText, disabledReasonsText } from './shipping.ts';
import './cards.css';

type ApplyInfo = RpcResponse<'cardApplyInfo'>;
type Product = ApplyInfo['products'][number];
type Kind = 'virtual' | 'physical';
type DocumentFiles = { front?: File; back?: File; stampPage?: File };

/** The shipping option chosen by default: the first one not disabled. */
export function defaultShipping(product: Product | undefined): string | undefined {
  return product?.shippingOptions.find((option) => option.disabledReasons.length === 0)?.id;
}

/**
 * Apply for a card (/add-card): the country (the customer's by default), virtual or physical, the
 * product, its currency, the fees (annual, issue, monthly), for a physical card the shipping options
 * with their delivery time (a disabled one says why), the payment account in that currency that
 * settles the card, and the documents the country asks (front; back for types 4 and 5; the stamp page
 * for type 88). Sends `cardApply`, then the confirmation page.
 */
export function AddCard(_props: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const navigate = useNavigate();
  const locale = intlLocale(i18n.language);
  const { accounts } = useAccounts();
  const [countries, setCountries] = useState<Array<{ code: string; label: string }>>();
  const [countryCode, setCountryCode] = useState<string>();
  const [info, setInfo] = useState<ApplyInfo>();
  const [infoFailed, setInfoFailed] = useState(false);
  const [kind, setKind] = useState<Kind>('virtual');
  const [productType, setProductType] = useState<number>();
  const [currencyCode, setCurrencyCode] = useState<string>();
  const [shippingOptionId, setShippingOptionId] = useState<string>();
  const [settlementAccountId, setSettlementAccountId] = useState<number>();
  const [files, setFiles] = useState<Record<number, DocumentFiles>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = usePending();
  // Each time errors are shown, the first invalid field that can take the focus gets it (as engine forms do).
  const formRef = useRef<HTMLFormElement>(null);
  const [errorsShown, setErrorsShown] = useState(0);
  useEffect(() => {
    if (errorsShown) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled), [data-invalid] input:not(:disabled)')?.focus();
  }, [errorsShown]);

  useEffect(() => {
    let live = true;
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    rpc('countries', {}).then(
      ({ countries: list }) => {
        if (!live) return;
        const collator = new Intl.Collator(locale);
        setCountries(
          list.map((country) => ({ code: country.code, label: names.of(country.code) ?? country.name })).sort((a, b) => collator.compare(a.label, b.label)),
        );
      },
      () => live && setCountries([]),
    );
    return () => {
      live = false;
    };
  }, [rpc, locale]);

  useEffect(() => {
    let live = true;
    setInfoFailed(false);
    rpc('cardApplyInfo', countryCode ? { countryCode } : {}).then(
      (answer) => {
        if (!live) return;
        setInfo(answer);
        if (!countryCode) setCountryCode(answer.countryCode);
      },
      (error: unknown) => {
        if (!live) return;
        setInfoFailed(true);
        feedback.showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [rpc, feedback, countryCode]);

  const products = useMemo(() => info?.products.filter((product) => product.cardIsVirtual === (kind === 'virtual')) ?? [], [info, kind]);
  const product = products.find((candidate) => candidate.productType === productType) ?? (products.length === 1 ? products[0] : undefined);
  const currency =
    currencyCode && product?.currencies.includes(currencyCode) ? currencyCode : product?.currencies.length === 1 ? product.currencies[0] : undefined;
  const settlementAccounts = useMemo(
    () =>
      accounts && currency ? accounts.filter((account) => account.type === 1001 && account.accountStatusId === 1 && account.currencyCode === currency) : [],
    [accounts, currency],
  );
  const shipping =
    product && !product.cardIsVirtual
      ? (product.shippingOptions.find((option) => option.id === shippingOptionId && option.disabledReasons.length === 0)?.id ?? defaultShipping(product))
      : undefined;
  const money = (amount: string) => formatMoney(amount, product!.fees.currency, i18n.language);

  const setFile = (documentType: number, side: keyof DocumentFiles, file: File | undefined) => {
    setFiles((previous) => ({ ...previous, [documentType]: { ...previous[documentType], [side]: file } }));
    setErrors((previous) => ({ ...previous, [`documents.${documentType}.${side}`]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!product) missing.productType = t('cards.apply.chooseProduct');
    if (!currency) missing.currencyCode = t('cards.apply.chooseCurrency');
    if (product && !product.cardIsVirtual && !shipping) missing.shippingOptionId = t('cards.apply.noShipping');
    if (!settlementAccountId || !settlementAccounts.some((account) => account.accountId === settlementAccountId))
      missing.settlementAccountId = t('cards.apply.chooseAccount');
    for (const document of product?.requiredDocuments ?? []) {
      const chosen = files[document.documentType] ?? {};
      if (!chosen.front) missing[`documents.${document.documentType}.front`] = t('cards.fieldRequired');
      if (document.needsBackSide && !chosen.back) missing[`documents.${document.documentType}.back`] = t('cards.fieldRequired');
      if (document.needsStampPage && !chosen.stampPage) missing[`documents.${document.documentType}.stampPage`] = t('cards.fieldRequired');
    }
    setErrors(missing);
    if (Object.keys(missing).length) {
      setErrorsShown((count) => count + 1);
      return;
    }
    await run(
      async () => {
        const documents = await Promise.all(
          product!.requiredDocuments.map(async (document) => {
            const chosen = files[document.documentType]!;
            return {
              documentType: document.documentType,
              front: await readFileAsDataUrl(chosen.front!),
              ...(document.needsBackSide ? { back: await readFileAsDataUrl(chosen.back!) } : {}),
              ...(document.needsStampPage ? { stampPage: await readFileAsDataUrl(chosen.stampPage!) } : {}),
            };
          }),
        );
        const answer = await rpc('cardApply', {
          productType: product!.productType,
          currencyCode: currency!,
          settlementAccountId: settlementAccountId!,
          ...(countryCode ? { countryCode } : {}),
          ...(shipping ? { shippingOptionId: shipping } : {}),
          ...(documents.length ? { documents } : {}),
        });
        await navigate(cardPaths.confirm(answer.cardId));
      },
      (error) => {
        if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) {
          setErrors(error.fieldErrors);
          setErrorsShown((count) => count + 1);
        } else feedback.showError(error);
      },
    );
  };

  const side = (documentType: number, which: keyof DocumentFiles) => (
    <Field key={which} label={t(`cards.apply.side.${which}`)} error={errors[`documents.${documentType}.${which}`] || errors[`documents.0.${which}`]} required>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={`documents.${documentType}.${which}`}
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          className="eng-input"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => setFile(documentType, which, event.target.files?.[0])}
        />
      )}
    </Field>
  );

  return (
    <div className="eng-section card-page add-card">
      <form
        ref={formRef}
        className="eng-form eng-panel card-form add-card__form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={pending || undefined}
      >
        <Field label={t('cards.apply.country')} error={errors.countryCode}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              name="countryCode"
              className="eng-input eng-select"
              value={countryCode ?? ''}
              disabled={!countries}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => setCountryCode(event.target.value || undefined)}
            >
              {!countryCode && <option value="">{t('engine.form.choose')}</option>}
              {(countries ?? []).map((country) => (
                <option key={country.code} value={country.code}>
                  {country.label}
                </option>
              ))}
            </select>
          )}
        </Field>

        <fieldset className="card-choice">
          <legend className="eng-label">{t('cards.apply.kind')}</legend>
          {(['virtual', 'physical'] as const).map((value) => (
            <label key={value} className="card-choice__option">
              <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
              <span>
                <strong>{t(`cards.kind.${value}`)}</strong>
                <span className="eng-help">{t(`cards.apply.kindHelp.${value}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>

        {!info && !infoFailed && <p role="status">{t('cards.loading')}</p>}
        {infoFailed && <p className="eng-empty">{t('cards.loadFailed')}</p>}
        {info && products.length === 0 && <p className="eng-empty">{t('cards.apply.noProducts')}</p>}
        {products.length > 0 && (
          <fieldset
            className="card-choice"
            aria-describedby={errors.productType ? 'product-error' : undefined}
            data-invalid={errors.productType ? true : undefined}
          >
            <legend className="eng-label">{t('cards.apply.product')}</legend>
            {products.map((candidate) => (
              <label key={candidate.productType} className="card-choice__option">
                <input
                  type="radio"
                  name="productType"
                  value={candidate.productType}
                  checked={product?.productType === candidate.productType}
                  onChange={() => setProductType(candidate.productType)}
                />
                <span>
                  <strong>{productName({ productType: candidate.productType, productName: candidate.name }, t)}</strong>
                  <span className="eng-help">
                    {t(`cards.network.${candidate.network}`)} · {t(`cards.subType.${candidate.subType}`)} · {candidate.currencies.join(', ')}
                  </span>
                </span>
              </label>
            ))}
            {errors.productType && (
              <p id="product-error" className="eng-field-errors" role="alert">
                {errors.productType}
              </p>
            )}
          </fieldset>
        )}

        {product && (
          <>
            <Field label={t('cards.apply.currency')} error={errors.currencyCode} required>
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  name="currencyCode"
                  className="eng-input eng-select"
                  value={currency ?? ''}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  onChange={(event) => setCurrencyCode(event.target.value || undefined)}
                >
                  <option value="">{t('engine.form.choose')}</option>
                  {product.currencies.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              )}
            </Field>

            <CardFees caption={t('cards.apply.feesTitle')} currency={product.fees.currency} rows={productFeeRows(product.fees)} />
            <p className="eng-help">{t('cards.apply.feesWhen')}</p>

            {!product.cardIsVirtual && (
              <fieldset
                className="card-choice"
                aria-describedby={errors.shippingOptionId ? 'shipping-error' : undefined}
                data-invalid={errors.shippingOptionId ? true : undefined}
              >
                <legend className="eng-label">{t('cards.apply.shipping')}</legend>
                {product.shippingOptions.map((option) => {
                  const disabled = option.disabledReasons.length > 0;
                  const reasonId = `shipping-${option.id}-reason`;
                  return (
                    <label key={option.id} className="card-choice__option" data-disabled={disabled || undefined}>
                      <input
                        type="radio"
                        name="shippingOptionId"
                        value={option.id}
                        checked={shipping === option.id}
                        disabled={disabled}
                        aria-describedby={reasonId}
                        onChange={() => setShippingOptionId(option.id)}
                      />
                      <span>
                        <strong>
                          {t(`cards.shippingType.${option.type}`)} · {money(option.fee)}
                        </strong>
                        <span id={reasonId} className="eng-help">
                          {disabled ? t('cards.apply.unavailable', { reasons: disabledReasonsText(option, t) }) : deliveryText(option, t, locale)}
                        </span>
                      </span>
                    </label>
                  );
                })}
                {errors.shippingOptionId && (
                  <p id="shipping-error" className="eng-field-errors" role="alert">
                    {errors.shippingOptionId}
                  </p>
                )}
              </fieldset>
            )}

            <Field label={t('cards.apply.settlementAccount')} error={errors.settlementAccountId} help={t('cards.apply.settlementHelp')} required>
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  name="settlementAccountId"
                  className="eng-input eng-select"
                  value={settlementAccountId ?? ''}
                  disabled={!accounts || !currency}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  onChange={(event) => setSettlementAccountId(event.target.value ? Number(event.target.value) : undefined)}
                >
                  <option value="">{t('engine.form.choose')}</option>
                  <AccountOptions accounts={settlementAccounts} />
                </select>
              )}
            </Field>
            {accounts && currency && settlementAccounts.length === 0 && (
              <p className="eng-help">
                {t('cards.apply.noAccount', { currency })} <Link to="/accounts/add-currency">{t('cards.apply.addCurrency')}</Link>
              </p>
            )}

            {product.requiredDocuments.map((document) => (
              <fieldset key={document.documentType} className="card-choice">
                <legend className="eng-label">
                  {t('cards.apply.document', { name: t(`documentTypes.${document.documentType}`, { defaultValue: String(document.documentType) }) })}
                </legend>
                {side(document.documentType, 'front')}
                {document.needsBackSide && side(document.documentType, 'back')}
                {document.needsStampPage && side(document.documentType, 'stampPage')}
              </fieldset>
            ))}
          </>
        )}

        {/* Enabled without a card chosen, so keyboard and screen-reader users find it and hear what is missing. */}
        <CardFormButtons back={cardPaths.list} label={t('cards.apply.submit')} disabled={pending || products.length === 0} />
      </form>
    </div>
  );
}
