import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentInstruction } from '../../generated/entities.ts';
import type { CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { useLoaded } from '../app/use-loaded.ts';
import { CopyButton } from './CopyButton.tsx';
import './accounts.css';

/** The details of an instruction in the order a payer's bank asks for them; absent ones are left out. */
const DETAILS = ['beneficiaryName', 'iban', 'bankAccountNumber', 'sortCode', 'routingNumber', 'swift', 'bankName', 'bankAddress', 'reference'] as const;
/** Details a payer types in, which get a copy button. */
const COPYABLE = new Set<string>(['beneficiaryName', 'iban', 'bankAccountNumber', 'sortCode', 'routingNumber', 'swift', 'reference']);

/**
 * `/accounts/:accountId/instructions` (document 001 section 7, payment instructions and set-viewed):
 * the bank details payers use to fund the account, each with a copy button; opening the screen marks
 * the instruction viewed.
 */
export function PaymentInstructionsScreen({ params }: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc } = useApp();
  const accountId = Number(params.accountId);
  const { data, failed } = useLoaded(() => rpc('paymentInstructions', { accountId }));
  const instruction: PaymentInstruction | undefined = data?.instructions[0];

  useEffect(() => {
    if (instruction && !instruction.viewed) rpc('paymentInstructionsSetViewed', { instructionId: instruction.id }).catch(() => undefined);
  }, [instruction, rpc]);

  return (
    <div className="eng-section">
      {!data && !failed && <p role="status">{t('accounts.loading')}</p>}
      {data && !instruction && <p className="eng-empty">{t('accounts.noInstructions')}</p>}
      {instruction && (
        <section className="eng-panel" aria-labelledby="instruction-title" data-instruction={instruction.id}>
          <h2 id="instruction-title">
            {t('accounts.instructionsFor', { currency: instruction.currencyCode, rail: t(`enums.rail.${instruction.rail}`) })}
          </h2>
          <p>{t('accounts.instructionsHelp', { currency: instruction.currencyCode })}</p>
          <dl className="accounts-details">
            {DETAILS.filter((field) => instruction[field]).map((field) => (
              <div key={field}>
                <dt>{t(`accounts.details.${field}`)}</dt>
                <dd>
                  <span className={COPYABLE.has(field) ? 'accounts-copyable' : undefined} data-field={field}>
                    {instruction[field]}
                  </span>
                  {COPYABLE.has(field) && <CopyButton text={String(instruction[field])} label={t(`accounts.details.${field}`)} />}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <Link className="eng-section__link" to="/accounts">
        {t('accounts.backToAccounts')}
      </Link>
    </div>
  );
}
