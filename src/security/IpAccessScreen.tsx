import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpAccessEntry } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { useConfirm, type CustomScreenProps } from '../../engine/index.ts';
import { SecurityLinks, TextField, useDateTime, useFormCall } from './shared.tsx';
import { useLoaded } from '../app/use-loaded.ts';

/** How an entry reads: one address, or 'first – last'. */
export const entryText = (entry: Pick<IpAccessEntry, 'ip' | 'toIp'>) => (entry.toIp ? `${entry.ip} – ${entry.toIp}` : entry.ip);

/**
 * The IP allow-list (document 001 section 7, IP access list, add, delete and mode set): the
 * addresses and ranges sign-ins may come from, and the switch that enforces them at sign-in. The
 * server refuses to turn it on, or delete an entry, when that would shut out the address in use.
 */
export function IpAccessScreen(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const formatDateTime = useDateTime();
  const { data, reload } = useLoaded(() => rpc('ipAccessList', {}));
  const add = useFormCall();
  const mode = useFormCall();
  const { confirm, dialog } = useConfirm();
  const [ip, setIp] = useState('');
  const [toIp, setToIp] = useState('');
  const [deleting, setDeleting] = useState<number | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const ok = await add.run(() => rpc('ipAccessAdd', { ip: ip.trim(), ...(toIp.trim() ? { toIp: toIp.trim() } : {}) }));
    if (ok) {
      setIp('');
      setToIp('');
      feedback.notify('security.ipAccess.added');
      await reload();
    }
  };

  const remove = async (entry: IpAccessEntry) => {
    if (!(await confirm('security.ipAccess.confirmDelete', { values: { entry: entryText(entry) }, yesKey: 'security.common.confirmDelete', noKey: 'security.common.cancel', tone: 'danger' }))) return;
    setDeleting(entry.id);
    const ok = await mode.run(() => rpc('ipAccessDelete', { id: entry.id }));
    setDeleting(null);
    if (ok) {
      feedback.notify('security.ipAccess.deleted');
      await reload();
    }
  };

  const toggle = async (enable: boolean) => {
    if (await mode.run(() => rpc('ipAccessModeSet', { enable }))) {
      feedback.notify(enable ? 'security.ipAccess.enabledNotice' : 'security.ipAccess.disabledNotice');
      await reload();
    }
  };

  const modeError = mode.fieldErrors.enable ?? mode.fieldErrors.id;
  return (
    <div className="eng-section">
      <SecurityLinks />
      <section className="eng-panel" aria-labelledby="ip-mode-title">
        <h2 id="ip-mode-title">{t('security.ipAccess.modeTitle')}</h2>
        <p>{t('security.ipAccess.modeHelp')}</p>
        {data && (
          <>
            <p>
              {t('security.ipAccess.status')}{' '}
              <span className="security-status" data-on={data.enabled}>
                {data.enabled ? t('security.common.on') : t('security.common.off')}
              </span>
            </p>
            <div className="security-form__buttons">
              <button
                type="button"
                className={`eng-button ${data.enabled ? 'eng-button--secondary' : 'eng-button--primary'}`}
                disabled={mode.pending}
                aria-describedby={modeError ? 'ip-mode-error' : undefined}
                onClick={() => void toggle(!data.enabled)}
              >
                {data.enabled ? t('security.ipAccess.disable') : t('security.ipAccess.enable')}
              </button>
            </div>
            {modeError && (
              <p id="ip-mode-error" className="eng-field-errors" role="alert">
                {modeError}
              </p>
            )}
          </>
        )}
      </section>

      <section className="eng-panel" aria-labelledby="ip-add-title">
        <h2 id="ip-add-title">{t('security.ipAccess.addTitle')}</h2>
        <form className="security-form security-form--inline" onSubmit={submit} noValidate>
          <TextField name="ip" label={t('fields.ip')} value={ip} onChange={setIp} error={add.fieldErrors.ip} required help={t('security.ipAccess.ipHelp')} />
          <TextField name="toIp" label={t('fields.toIp')} value={toIp} onChange={setToIp} error={add.fieldErrors.toIp} help={t('security.ipAccess.toIpHelp')} />
          <div className="security-form__buttons">
            <button type="submit" className="eng-button eng-button--primary" disabled={add.pending || ip.trim() === ''}>
              {t('security.ipAccess.add')}
            </button>
          </div>
        </form>
      </section>

      <section className="eng-panel" aria-labelledby="ip-list-title">
        <h2 id="ip-list-title">{t('security.ipAccess.listTitle')}</h2>
        {data && data.entries.length === 0 && <p className="eng-empty">{t('security.ipAccess.empty')}</p>}
        {data && data.entries.length > 0 && (
          <ul className="security-list">
            {data.entries.map((entry) => (
              <li key={entry.id} data-entry={entryText(entry)}>
                <span className="security-list__main">
                  <span className="eng-number">{entryText(entry)}</span>
                  <span className="security-list__meta">{t('security.common.added', { date: formatDateTime(entry.created) })}</span>
                </span>
                <button
                  type="button"
                  className="eng-button eng-button--secondary"
                  disabled={deleting === entry.id}
                  onClick={() => void remove(entry)}
                >
                  {t('security.common.delete')}
                  <span className="eng-visually-hidden"> {entryText(entry)}</span>
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
