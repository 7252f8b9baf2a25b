import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { localeTexts, requestLanguage, type Language, type Texts } from './texts.ts';

const languages = new AsyncLocalStorage<Language>();

/**
 * Remembers each request's language (its Accept-Language, the application sending the customer's
 * choice) for whatever the request does later, after the commit included: the e-mails and SMS it
 * sends are worded in it (see {@link messageTexts}). The product stores no preferred language per
 * customer, so the language of the request that causes a message is the customer's language.
 *
 * @example
 * rememberRequestLanguage(app); // before the routes are registered
 */
export function rememberRequestLanguage(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    languages.run(requestLanguage(request.headers['accept-language']), done);
  });
}

/** The language of the request being served, English outside a request (a scheduler, a test's direct call). */
export const currentLanguage = (): Language => languages.getStore() ?? 'en';

/**
 * The texts of the current request's language, for a message it sends (locales/<language>/messages.json).
 *
 * @example
 * const t = messageTexts();
 * await messages.sendSms({ to, text: t('messages.loginSms.text', { code, id }), purpose: 'loginSms' });
 */
export const messageTexts = (): Texts => localeTexts(currentLanguage());

/**
 * The texts of the current request's language, for an answer outside the RPC envelope (the token
 * service's `message`).
 *
 * @example
 * return reply.code(403).send({ message: requestTexts()('server.signin.wrongCredentials') });
 */
export const requestTexts = messageTexts;

/**
 * Runs `work` as if a request in `language` were served: for tests and for work started outside a request.
 *
 * @example
 * await inLanguage('ru', () => requestRecoveryByEmail(db, messages, 'Paxum', 'anna@example.com'));
 */
export const inLanguage = <T>(language: Language, work: () => T): T => languages.run(language, work);
