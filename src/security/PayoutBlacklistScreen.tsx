import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlacklistEntry } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { useConfirm, type CustomScreenProps } from '../../engine/index.ts';
import { SecurityLinks, TextField, useDateTime, useFormCall } from './shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';

type BlockType = BlacklistEntry['blockType'];
const BLOCK_TYPES: BlockType[] = ['all', 'p2p', 'invoices', 'massPayouts'];

/**
 * The payout blacklist (document 001 sections 6 to 8): recipients the customer refuses to pay, each
 * for the kind of payout they choose. Adding one says 'User {email} was added to the blacklist';
 * deleting asks first.
 */
export function PayoutBlacklistScreen(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const formatDateTime = useDateTime();
  const { data, reload } = useLoaded(() => rpc('blacklistList', {}));
  const add = useFormCall();
  const removal = useFormCall();
  const { confirm, dialog } = useConfirm();
  const [email, setEmail] = useState('');
  const [blockType, setBlockType] = useState<BlockType>('all');
  const [added, setAdded] = useState<string | null>(null);
  const selectId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAdded(null);
    let addedEmail = '';
    const ok = await add.run(async () => {
      addedEmail = (await rpc('blacklistAdd', { email: email.trim(), blockType })).entry.email;
    });
    if (ok) {
      setAdded(addedEmail);
      setEmail('');
      await reload();
    }
  };

  const remove = async (entry: BlacklistEntry) => {
    if (!(await confirm('security.blacklist.confirmDelete', { values: { email: entry.email }, yesKey: 'security.common.confirmDelete', noKey: 'security.common.cancel', tone: 'danger' }))) return;
    if (await removal.run(() => rpc('blacklistDelete', { email: entry.email }))) {
      setAdded(null);
      feedback.notify('security.blacklist.deleted');
      await reload();
    }
  };

  return (
    <div className="eng-section">
      <SecurityLinks />
      <section className="eng-panel" aria-labelledby="blacklist-add-title">
        <h2 id="blacklist-add-title">{t('security.blacklist.addTitle')}</h2>
        <p>{t('security.blacklist.help')}</p>
        <form className="security-form security-form--inline" onSubmit={submit} noValidate>
          <TextField name="email" type="email" inputMode="email" label={t('security.blacklist.email')} value={email} onChange={setEmail} error={add.fieldErrors.email} required />
          <div className={`eng-field${add.fieldErrors.blockType ? ' eng-field--invalid' : ''}`}>
            <label className="eng-label" htmlFor={selectId}>
              {t('fields.blockType')}
            </label>
            <select id={selectId} name="blockType" className="eng-input" value={blockType} onChange={(event) => setBlockType(event.target.value as BlockType)}>
              {BLOCK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`enums.blockType.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="security-form__buttons">
            <button type="submit" className="eng-button eng-button--primary" disabled={add.pending || email.trim() === ''}>
              {t('security.blacklist.add')}
            </button>
          </div>
        </form>
        <div role="status" aria-live="polite">
          {added && <p className="eng-notice">{t('security.blacklist.addedMessage', { email: added })}</p>}
        </div>
      </section>

      <section className="eng-panel" aria-labelledby="blacklist-list-title">
        <h2 id="blacklist-list-title">{t('security.blacklist.listTitle')}</h2>
        {data && data.entries.length === 0 && <p className="eng-empty">{t('security.blacklist.empty')}</p>}
        {data && data.entries.length > 0 && (
          <ul className="security-list">
            {data.entries.map((entry) => (
              <li key={entry.email} data-entry={entry.email}>
                <span className="security-list__main">
                  <span>{entry.email}</span>
                  <span className="security-list__meta">
                    {t(`enums.blockType.${entry.blockType}`)}
                    {entry.created ? ` · ${t('security.common.added', { date: formatDateTime(entry.created) })}` : ''}
                  </span>
                </span>
                <button
                  type="button"
                  className="eng-button eng-button--secondary"
                  disabled={removal.pending}
                  onClick={() => void remove(entry)}
                >
                  {t('security.common.delete')}
                  <span className="eng-visually-hidden"> {entry.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {dialog}
    </div>
  );
}
