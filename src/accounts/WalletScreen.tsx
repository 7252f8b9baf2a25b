import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useFormCall } from '../security/shared.tsx';
import { CopyButton } from './CopyButton.tsx';
import { useAccounts } from './use-accounts.ts';
import './accounts.css';

/** The crypto currencies a wallet can be created in (walletCreate's request). */
const CRYPTO_CURRENCIES = ['BTC', 'USDT'] as const;
type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

/** The address as a QR code (SVG, drawn on white so any phone camera reads it). */
function AddressQr({ address, label }: { address: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toString(address, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((text) => live && setSvg(text), () => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [address]);
  return <div className="accounts-wallet__qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/**
 * `/accounts/wallet` (document 001 section 7, create wallet): the customer's crypto deposit address
 * per currency, created on first request, with a copy button and a QR code. Money sent to the address
 * arrives in the wallet's account.
 */
export function WalletScreen(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc } = useApp();
  const [search] = useSearchParams();
  const initial = CRYPTO_CURRENCIES.find((code) => code === search.get('currency')) ?? 'BTC';
  const [currency, setCurrency] = useState<CryptoCurrency>(initial);
  const [shown, setShown] = useState<{ address: string; currencyCode: string } | null>(null);
  const { accounts, reload } = useAccounts();
  const create = useFormCall();
  const selectId = useId();
  const existing = accounts?.find((account) => account.currencyCode === currency && account.walletAddress && account.accountStatusId === 1);
  const wallet = shown?.currencyCode === currency ? shown : existing ? { address: existing.walletAddress!, currencyCode: currency } : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let answer: { address: string; currencyCode: string } | undefined;
    if (await create.run(async () => (answer = await rpc('walletCreate', { currencyCode: currency })))) {
      setShown(answer!);
      await reload();
    }
  };

  return (
    <div className="eng-section">
      <section className="eng-panel" aria-labelledby="wallet-choose">
        <h2 id="wallet-choose">{t('accounts.walletChoose')}</h2>
        <form className="accounts-wallet__form" onSubmit={(event) => void submit(event)} noValidate>
          <div className={`eng-field${create.fieldErrors.currencyCode ? ' eng-field--invalid' : ''}`}>
            <label className="eng-label" htmlFor={selectId}>
              {t('fields.currencyCode')}
            </label>
            <select
              id={selectId}
              className="eng-input eng-select"
              value={currency}
              aria-invalid={Boolean(create.fieldErrors.currencyCode) || undefined}
              aria-describedby={create.fieldErrors.currencyCode ? `${selectId}-error` : undefined}
              onChange={(event) => setCurrency(event.target.value as CryptoCurrency)}
            >
              {CRYPTO_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {t(`accounts.cryptoNames.${code}`)}
                </option>
              ))}
            </select>
            {create.fieldErrors.currencyCode && (
              <p id={`${selectId}-error`} className="eng-field-errors" role="alert">
                {create.fieldErrors.currencyCode}
              </p>
            )}
          </div>
          {!wallet && (
            <button type="submit" className="eng-button eng-button--primary" disabled={create.pending || accounts === undefined}>
              {t('accounts.walletCreate')}
            </button>
          )}
        </form>
      </section>
      {wallet && (
        <section className="eng-panel" aria-labelledby="wallet-address" data-wallet={wallet.currencyCode}>
          <h2 id="wallet-address">{t('accounts.walletAddressTitle', { currency: wallet.currencyCode })}</h2>
          <p>{t(`accounts.walletHelp.${wallet.currencyCode}`)}</p>
          <dl className="accounts-details">
            <div>
              <dt>{t('accounts.details.walletAddress')}</dt>
              <dd>
                <span className="accounts-copyable" data-field="address">
                  {wallet.address}
                </span>
                <CopyButton text={wallet.address} label={t('accounts.details.walletAddress')} />
              </dd>
            </div>
          </dl>
          <AddressQr address={wallet.address} label={t('accounts.walletQr', { currency: wallet.currencyCode })} />
        </section>
      )}
      <Link className="eng-section__link" to="/accounts">
        {t('accounts.backToAccounts')}
      </Link>
    </div>
  );
}
