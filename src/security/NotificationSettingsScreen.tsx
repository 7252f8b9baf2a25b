import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScreenProps } from '../../engine/index.ts';
import type { NotificationSetting } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { useLoaded } from '../app/use-loaded.ts';

const CHANNELS = ['email', 'sms', 'push'] as const;
const GROUPS = ['security', 'transactions', 'marketing'] as const;

/** The settings of one group as rows of topics with a value per channel. */
function topicsOf(settings: NotificationSetting[], group: string): { topic: string; values: Map<string, boolean> }[] {
  const topics = new Map<string, Map<string, boolean>>();
  for (const setting of settings.filter((candidate) => candidate.group === group)) {
    const [topic = '', channel = ''] = setting.identified.split('.');
    if (!topics.has(topic)) topics.set(topic, new Map());
    topics.get(topic)!.set(channel, setting.value);
  }
  return [...topics].map(([topic, values]) => ({ topic, values }));
}

/**
 * Notification settings (document 001 sections 3 and 7): what the customer is told about, grouped
 * (security, transactions, marketing), by e-mail, SMS and push. Each switch saves at once.
 */
export function NotificationSettingsScreen(_props: CustomScreenProps) {
  const { t } = useTranslation();
  const { rpc, feedback } = useApp();
  const { data } = useLoaded(() => rpc('notificationSettingsGet', {}));
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState<string | null>(null);

  const set = async (identified: string, value: boolean) => {
    setSaving(identified);
    setChanged((current) => ({ ...current, [identified]: value }));
    try {
      const { setting } = await rpc('notificationSettingsSet', { identified, value });
      setChanged((current) => ({ ...current, [identified]: setting.value }));
      feedback.notify('security.notifications.saved');
    } catch (error) {
      setChanged((current) => ({ ...current, [identified]: !value }));
      feedback.showError(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="eng-section">
      {data &&
        GROUPS.map((group) => (
          <section key={group} className="eng-panel" aria-labelledby={`notifications-${group}`}>
            <h2 id={`notifications-${group}`}>{t(`enums.group.${group}`)}</h2>
            <table className="security-matrix">
              <caption className="eng-visually-hidden">{t(`enums.group.${group}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('security.notifications.topic')}</th>
                  {CHANNELS.map((channel) => (
                    <th key={channel} scope="col">
                      {t(`security.notifications.channels.${channel}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {topicsOf(data.settings, group).map(({ topic, values }) => (
                  <tr key={topic}>
                    <th scope="row">{t(`security.notifications.topics.${topic}`)}</th>
                    {CHANNELS.map((channel) => {
                      const identified = `${topic}.${channel}`;
                      const value = changed[identified] ?? values.get(channel) ?? false;
                      return (
                        <td key={channel}>
                          <input
                            type="checkbox"
                            name={identified}
                            checked={value}
                            disabled={saving === identified}
                            aria-label={t('security.notifications.switch', {
                              topic: t(`security.notifications.topics.${topic}`),
                              channel: t(`security.notifications.channels.${channel}`),
                            })}
                            onChange={(event) => void set(identified, event.target.checked)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
    </div>
  );
}
