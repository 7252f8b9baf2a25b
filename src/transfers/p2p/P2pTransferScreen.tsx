import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmitResult } from '../../../generated/entities.ts';
import type { RpcMethods } from '../../../generated/methods.ts';
import { formatMoney, isMethodCallError, useConfirm, type CustomScreenProps, intlLocale } from '../../../engine/index.ts';
import { useApp } from '../../app/app-context.tsx';
import { useLoaded } from '../../app/use-loaded.ts';
import { accountLabel } from '../../accounts/format.ts';
import { selectableAccounts } from '../../accounts/AccountSelectWidget.tsx';
import { useAccounts } from '../../accounts/use-accounts.ts';
import { TransferApproval } from '../TransferApproval.tsx';
import { newIdempotencyKey } from '../idempotency.ts';
import { useTransferSubmit } from '../use-transfer-submit.ts';
import { Field } from '../../app/Field.tsx';
import { emailRule, feeWanted, payeeState, type PayeeState } from './payee.ts';
import './p2p.css';

type Template = RpcMethods['paymentTemplateList']['response']['templates'][number];
type Recent = RpcMethods['recentTransfers']['response']['transfers'][number];
type Waiting = RpcMethods['p2pPendingList']['response']['transfers'][number];

/** How long typing must pause before the payee is checked or the fee asked. */
const CHECK_DELAY_MS = 350;
/** Recent p2p payees shown as quick picks (document 001 section 9). */
const RECENT_P2P = 3;

/**
 * Person to person by e-mail (document 001 sections 3 to 9): the account to send from (its currency
 * is the transfer's), the amount with its fee (asked only above zero), the recipient's e-mail checked
 * as it is typed (registered, will be invited, a user of the same business, on the payout blacklist,
 * or not an e-mail yet), note, reference, and saving it all as a template. The last three payees and
 * the saved templates fill the form in one click. Submitting sends `p2pTransfer` with an idempotency
 * key (the same one when the same submission is retried), then the confirmation dialog takes over.
 */
export function P2pTransferScreen(_props: CustomScreenProps) {
  const { t, i18n } = useTranslation();
  const { rpc, feedback } = useApp();
  const locale = intlLocale(i18n.language);
  const { accounts, reload: reloadAccounts } = useAccounts();
  const { submit: submitTransfer, pending, errors, setErrors, result, closeResult } = useTransferSubmit('p2pTransfer');
  const { confirm, dialog } = useConfirm();
  const templates = useLoaded(() => rpc('paymentTemplateList', {}));
  const recent = useLoaded(() => rpc('recentTransfers', { types: ['p2p'], permission: '3d', limit: RECENT_P2P }));
  const waiting = useLoaded(() => rpc('p2pPendingList', {}));

  const [accountId, setAccountId] = useState<number>();
  const [amount, setAmount] = useState('');
  const [toEmail, setToEmail] = useState('');
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [saveTemplate, setSaveTemplate] = useState(false);
  const [templateName, setTemplateName] = useState('');
  const [payee, setPayee] = useState<PayeeState>({ kind: 'empty' });
  const [fee, setFee] = useState<{ fee: string; total: string; currencyCode: string }>();

  const sources = useMemo(() => (accounts ? selectableAccounts(accounts, { types: [1001, 4001, 4002] }) : []), [accounts]);
  const from = sources.find((account) => account.accountId === accountId);
  const money = (value: string, currency: string) => formatMoney(value, currency, i18n.language);

  // The first account is chosen for the customer once the accounts arrive.
  useEffect(() => {
    if (accountId === undefined && sources.length > 0) setAccountId(sources[0]!.accountId);
  }, [sources, accountId]);

  // The payee is checked once the e-mail passes the rule of section 5; otherwise nothing is asked.
  useEffect(() => {
    const rule = emailRule(toEmail);
    if (rule !== 'check') {
      setPayee({ kind: rule });
      return;
    }
    setPayee({ kind: 'checking' });
    let current = true;
    const timer = setTimeout(() => {
      rpc('checkPayee', { email: toEmail.trim() })
        .then((check) => current && setPayee(payeeState(check)))
        .catch((error) => {
          if (!current) return;
          if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) setPayee({ kind: 'invalid' });
          else feedback.showError(error);
        });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [toEmail, rpc, feedback]);

  // The fee needs the account and an amount above zero (section 5).
  useEffect(() => {
    setFee(undefined);
    if (!from || !feeWanted(amount)) return;
    let current = true;
    const timer = setTimeout(() => {
      rpc('p2pFee', { amount: amount.trim(), accountId: from.accountId })
        .then((answer) => current && setFee(answer))
        .catch((error) => {
          if (!current) return;
          if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) setErrors((previous) => ({ ...previous, ...error.fieldErrors }));
          else feedback.showError(error);
        });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [from, amount, rpc, feedback, setErrors]);

  const edit = (field: string, set: (value: string) => void) => (value: string) => {
    set(value);
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: '' }));
  };

  const fillFromTemplate = (template: Template) => {
    if (template.accountId && sources.some((account) => account.accountId === template.accountId)) setAccountId(template.accountId);
    setToEmail(template.toEmail);
    setAmount(template.amount ?? '');
    setNote(template.note ?? '');
    setReference(template.reference ?? '');
    setSaveTemplate(false);
    setTemplateName('');
    setErrors({});
  };

  const fillFromRecent = (entry: Recent) => {
    if (sources.some((account) => account.accountId === entry.accountId)) setAccountId(entry.accountId);
    setToEmail(entry.email);
    setErrors({});
  };

  const removeTemplate = async (template: Template) => {
    if (!(await confirm('p2p.templates.confirmDelete', { values: { name: template.name }, yesKey: 'p2p.templates.delete', noKey: 'p2p.cancel', tone: 'danger' }))) return;
    try {
      await rpc('paymentTemplateDelete', { id: template.id });
      feedback.notify('p2p.templates.deleted');
      await templates.reload();
    } catch (error) {
      feedback.showError(error);
    }
  };

  const takeBack = async (entry: Waiting) => {
    const amountText = money(entry.amount, entry.currencyCode);
    if (!(await confirm('p2p.waiting.confirmCancel', { values: { amount: amountText, email: entry.toEmail }, yesKey: 'p2p.waiting.cancel', noKey: 'p2p.cancel', tone: 'danger' }))) return;
    try {
      await rpc('p2pPendingCancel', { idempotencyKey: newIdempotencyKey(), trxid: entry.operationId });
      feedback.notify('p2p.waiting.canceled');
      await Promise.all([waiting.reload(), reloadAccounts()]);
    } catch (error) {
      feedback.showError(error);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!from) missing.accountId = t('p2p.chooseAccount');
    if (!feeWanted(amount)) missing.amount = t('p2p.enterAmount');
    if (emailRule(toEmail) !== 'check') missing.toEmail = t('p2p.enterEmail');
    else if (payee.kind === 'blacklisted') missing.toEmail = t('p2p.payee.blacklisted');
    if (saveTemplate && !templateName.trim()) missing.templateName = t('p2p.nameTemplate');
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    const values = {
      accountId: from!.accountId,
      amount: amount.trim(),
      currency: from!.currencyCode,
      toEmail: toEmail.trim(),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(reference.trim() ? { reference: reference.trim() } : {}),
      ...(saveTemplate && templateName.trim() ? { templateName: templateName.trim() } : {}),
    };
    const answer = await submitTransfer(values);
    if (answer && values.templateName) void templates.reload();
  };

  const finished = (status: SubmitResult['status']) => {
    if (status !== 'completed' && status !== 'awaitingPayee' && status !== 'awaitingApproval') return;
    setAmount('');
    setToEmail('');
    setNote('');
    setReference('');
    setSaveTemplate(false);
    setTemplateName('');
    setFee(undefined);
    void reloadAccounts();
    void recent.reload();
    void waiting.reload();
  };

  const payeeNotice = () => {
    switch (payee.kind) {
      case 'invalid':
        return <p className="p2p__payee p2p__payee--bad">{t('p2p.payee.invalid')}</p>;
      case 'checking':
        return <p className="p2p__payee">{t('p2p.payee.checking')}</p>;
      case 'exists':
        return <p className="p2p__payee p2p__payee--good">{t(payee.isEmployee ? 'p2p.payee.employee' : 'p2p.payee.exists')}</p>;
      case 'invite':
        return <p className="p2p__payee">{t('p2p.payee.invite')}</p>;
      case 'blacklisted':
        return <p className="p2p__payee p2p__payee--bad">{t('p2p.payee.blacklisted')}</p>;
      default:
        return null;
    }
  };

  const recentList = recent.data?.transfers ?? [];
  const templateList = templates.data?.templates ?? [];

  return (
    <div className="eng-section p2p">
      {recentList.length > 0 && (
        <section className="p2p__picks" aria-labelledby="p2p-recent-title">
          <h2 id="p2p-recent-title" className="p2p__heading">
            {t('p2p.recent.title')}
          </h2>
          <ul className="p2p__chips">
            {recentList.map((entry) => (
              <li key={entry.email}>
                <button type="button" className="eng-button eng-button--secondary p2p__chip" data-recent={entry.email} onClick={() => fillFromRecent(entry)}>
                  <span className="p2p__chip-name">{entry.name ?? entry.email}</span>
                  {entry.name && <span className="p2p__chip-meta">{entry.email}</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <form className="eng-form p2p__form" onSubmit={(event) => void submit(event)} noValidate aria-busy={pending || undefined}>
        <Field label={t('p2p.fromAccount')} error={errors.accountId} required>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              name="accountId"
              className="eng-input eng-select"
              value={accountId ?? ''}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              disabled={!accounts}
              onChange={(event) => setAccountId(event.target.value === '' ? undefined : Number(event.target.value))}
            >
              <option value="">{t('engine.form.choose')}</option>
              {sources.map((account) => (
                <option key={account.accountId} value={String(account.accountId)}>
                  {accountLabel(account, t, locale)}
                </option>
              ))}
            </select>
          )}
        </Field>

        <div className="p2p__row">
          <Field label={from ? t('p2p.amountIn', { currency: from.currencyCode }) : t('p2p.amount')} error={errors.amount || errors.currency} required>
            {({ id, describedBy, invalid }) => (
              <input id={id} name="amount" className="eng-input" inputMode="decimal" autoComplete="off" value={amount} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => edit('amount', setAmount)(event.target.value.trim())} />
            )}
          </Field>
          <dl className="eng-details p2p__facts" aria-live="polite">
            <div className="eng-details__item">
              <dt>{t('p2p.fee')}</dt>
              <dd data-fact="fee">{fee ? money(fee.fee, fee.currencyCode) : '—'}</dd>
            </div>
            <div className="eng-details__item">
              <dt>{t('p2p.total')}</dt>
              <dd data-fact="total">{fee ? money(fee.total, fee.currencyCode) : '—'}</dd>
            </div>
          </dl>
        </div>

        <Field label={t('p2p.toEmail')} error={errors.toEmail} required help={<span aria-live="polite">{payeeNotice()}</span>}>
          {({ id, describedBy, invalid }) => (
            <input id={id} name="toEmail" type="email" inputMode="email" className="eng-input" autoComplete="email" spellCheck={false} value={toEmail} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => edit('toEmail', setToEmail)(event.target.value)} />
          )}
        </Field>

        <div className="p2p__row">
          <Field label={t('p2p.note')} error={errors.note}>
            {({ id, describedBy, invalid }) => (
              <input id={id} name="note" className="eng-input" maxLength={255} value={note} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => edit('note', setNote)(event.target.value)} />
            )}
          </Field>
          <Field label={t('p2p.reference')} error={errors.reference}>
            {({ id, describedBy, invalid }) => (
              <input id={id} name="reference" className="eng-input" maxLength={100} value={reference} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => edit('reference', setReference)(event.target.value)} />
            )}
          </Field>
        </div>

        <fieldset className="eng-fieldset p2p__template">
          <legend className="eng-legend">{t('p2p.templates.saveTitle')}</legend>
          <label className="eng-checkbox-row">
            <input type="checkbox" className="eng-checkbox" name="saveTemplate" checked={saveTemplate} onChange={(event) => setSaveTemplate(event.target.checked)} />
            <span>{t('p2p.templates.save')}</span>
          </label>
          {saveTemplate && (
            <Field label={t('p2p.templates.name')} error={errors.templateName} required>
              {({ id, describedBy, invalid }) => (
                <input id={id} name="templateName" className="eng-input" maxLength={60} value={templateName} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => edit('templateName', setTemplateName)(event.target.value)} />
              )}
            </Field>
          )}
        </fieldset>

        {errors[''] && (
          <p className="eng-form-errors" role="alert">
            {errors['']}
          </p>
        )}
        <div className="eng-form__buttons">
          <button type="submit" className="eng-button eng-button--primary" disabled={pending} aria-busy={pending || undefined}>
            {t('p2p.submit')}
          </button>
        </div>
      </form>

      <section className="p2p__templates" aria-labelledby="p2p-templates-title">
        <h2 id="p2p-templates-title" className="p2p__heading">
          {t('p2p.templates.title')}
        </h2>
        {templates.data && templateList.length === 0 && <p className="eng-empty">{t('p2p.templates.empty')}</p>}
        {templateList.length > 0 && (
          <ul className="p2p__template-list">
            {templateList.map((template) => (
              <li key={template.id} data-template={template.name}>
                <span className="p2p__template-main">
                  <span className="p2p__chip-name">{template.name}</span>
                  <span className="p2p__chip-meta">
                    {template.toEmail}
                    {template.amount && template.currencyCode ? ` · ${money(template.amount, template.currencyCode)}` : ''}
                  </span>
                </span>
                <span className="p2p__template-actions">
                  <button type="button" className="eng-button eng-button--secondary" onClick={() => fillFromTemplate(template)}>
                    {t('p2p.templates.use')}
                    <span className="eng-visually-hidden"> {template.name}</span>
                  </button>
                  <button type="button" className="eng-button eng-button--secondary" onClick={() => void removeTemplate(template)}>
                    {t('p2p.templates.delete')}
                    <span className="eng-visually-hidden"> {template.name}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {(waiting.data?.transfers.length ?? 0) > 0 && (
        <section className="p2p__templates" aria-labelledby="p2p-waiting-title">
          <h2 id="p2p-waiting-title" className="p2p__heading">
            {t('p2p.waiting.title')}
          </h2>
          <p className="eng-help">{t('p2p.waiting.help')}</p>
          <ul className="p2p__template-list">
            {waiting.data!.transfers.map((entry) => (
              <li key={entry.operationId} data-waiting={entry.toEmail}>
                <span className="p2p__template-main">
                  <span className="p2p__chip-name">{money(entry.amount, entry.currencyCode)}</span>
                  <span className="p2p__chip-meta">
                    {entry.toEmail}
                    {entry.note ? ` · ${entry.note}` : ''}
                  </span>
                </span>
                <button type="button" className="eng-button eng-button--secondary" onClick={() => void takeBack(entry)}>
                  {t('p2p.waiting.cancel')}
                  <span className="eng-visually-hidden"> {entry.toEmail}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <TransferApproval result={result} onClose={closeResult} onFinished={finished} />
      {dialog}
    </div>
  );
}
