/**
 * The consent gate in the first bundle: tiny on purpose. It shows the consent banner (plain DOM, no
 * dependency) when the brand has analytics and the customer has not chosen yet; only after consent is the
 * analytics code imported. With Do Not Track on nothing is asked and nothing is recorded.
 */
import { readConsent, rememberConsent } from './consent.ts';

export interface StartAnalyticsOptions {
  analytics: { projectToken: string; host?: string } | undefined;
  projectName: string;
  t: (key: string, values?: Record<string, unknown>) => string;
  personId: () => string | null;
}

function load(options: StartAnalyticsOptions & { analytics: { projectToken: string; host?: string } }): void {
  void import('./analytics-session.ts').then(({ startAnalyticsSession }) =>
    startAnalyticsSession({
      host: options.analytics.host ?? '/analytics',
      projectToken: options.analytics.projectToken,
      personId: options.personId,
      storage: localStorage,
    }),
  );
}

/**
 * Asks for consent if needed, then starts analytics when given.
 *
 * @example
 * startAnalytics({ analytics: brand.analytics, projectName: brand.projectName, t: i18n.t, personId: () => null });
 */
export function startAnalytics(options: StartAnalyticsOptions): void {
  const { analytics } = options;
  if (!analytics) return;
  const state = readConsent(localStorage, Date.now(), navigator.doNotTrack);
  if (state === 'accepted') load({ ...options, analytics });
  if (state !== 'unasked') return;

  const banner = document.createElement('section');
  banner.className = 'consent-banner';
  banner.setAttribute('role', 'region');
  banner.setAttribute('aria-label', options.t('consent.title'));
  const text = document.createElement('p');
  text.textContent = options.t('consent.text', { projectName: options.projectName });
  const choose = (choice: 'accepted' | 'declined') => {
    rememberConsent(localStorage, choice, Date.now());
    banner.remove();
    if (choice === 'accepted') load({ ...options, analytics });
  };
  const button = (label: string, choice: 'accepted' | 'declined', primary: boolean) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = options.t(label);
    element.className = primary ? 'consent-banner__accept' : 'consent-banner__decline';
    element.addEventListener('click', () => choose(choice));
    return element;
  };
  banner.append(text, button('consent.decline', 'declined', false), button('consent.accept', 'accepted', true));
  // Above the page, in the flow: it never covers a button the customer is about to press.
  document.body.prepend(banner);
}
