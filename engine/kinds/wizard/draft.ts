import type { WizardSpec } from '../../spec/types';

/** What a wizard keeps in local storage between visits. */
export interface WizardDraft {
  version: string;
  step: number;
  data: Record<string, unknown>;
  savedAt: string;
}

function isDraft(value: unknown): value is WizardDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<WizardDraft>;
  return typeof draft.version === 'string' && typeof draft.step === 'number' && typeof draft.data === 'object' && draft.data !== null;
}

function parseDraft(stored: string): WizardDraft | null {
  try {
    const draft: unknown = JSON.parse(stored);
    return isDraft(draft) ? draft : null;
  } catch {
    return null;
  }
}

/**
 * The draft saved under `key`, if it is of `version`. A draft of another version (the wizard's fields
 * changed since) or one that cannot be read is deleted, so it can never fill the new form with answers to
 * old questions.
 *
 * @example
 * ```ts
 * const draft = readDraft('signup', '3'); // null when absent or of version 2
 * ```
 */
export function readDraft(key: string, version: string): WizardDraft | null {
  try {
    const stored = localStorage.getItem(key);
    if (stored === null) return null;
    const draft = parseDraft(stored);
    if (draft && draft.version === version) return draft;
    localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); a wizard without a draft still works.
  }
  return null;
}

/**
 * Saves a draft. Best effort: a full or blocked storage only means the answers are not kept for later.
 *
 * @example
 * ```ts
 * writeDraft('signup', { version: '3', step: 1, data, savedAt: new Date().toISOString() });
 * ```
 */
export function writeDraft(key: string, draft: WizardDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // See readDraft: no storage, no draft.
  }
}

/**
 * Deletes the draft under `key`.
 *
 * @example
 * ```ts
 * clearDraft('signup');
 * ```
 */
export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // See readDraft.
  }
}

/**
 * The answers that may be stored in a draft: all but the fields a step shows as passwords, which must never
 * sit in local storage.
 *
 * @example
 * ```ts
 * draftableData(wizard, { email: 'a@b.c', password: 'x' }); // { email: 'a@b.c' } when password uses ui:widget password
 * ```
 */
export function draftableData(wizard: WizardSpec, data: Record<string, unknown>): Record<string, unknown> {
  // Fields sent beside the submit's wrap (a one-time check token) are never kept either.
  const secret = new Set<string>(wizard.submit?.beside ?? []);
  for (const step of wizard.steps) {
    for (const [field, ui] of Object.entries(step.uiSchema ?? {})) {
      if (typeof ui === 'object' && ui !== null && (ui as Record<string, unknown>)['ui:widget'] === 'password') {
        secret.add(field);
      }
    }
  }
  return Object.fromEntries(Object.entries(data).filter(([field]) => !secret.has(field)));
}

/**
 * The draft in the answer of a wizard's `draft.load` method (`{ draft }`), if it is of `version`; a draft
 * of another version answers old questions and is ignored.
 *
 * @example
 * ```ts
 * serverDraft({ draft: { version: '3', step: 1, data: {}, savedAt: '2024-05-01T10:00:00Z' } }, '3'); // the draft
 * serverDraft({}, '3'); // null
 * ```
 */
export function serverDraft(answer: unknown, version: string): WizardDraft | null {
  const draft = typeof answer === 'object' && answer !== null ? (answer as { draft?: unknown }).draft : undefined;
  return isDraft(draft) && draft.version === version ? draft : null;
}

/**
 * Which draft a wizard opens with: the server's when it was saved later than the local one (the user went
 * on on another device), else the local one. `fromServer` tells the wizard to say so.
 *
 * @example
 * ```ts
 * pickDraft(local, server); // { draft: server, fromServer: true } when server.savedAt > local.savedAt
 * ```
 */
export function pickDraft(local: WizardDraft | null, server: WizardDraft | null): { draft: WizardDraft | null; fromServer: boolean } {
  if (server && (!local || Date.parse(server.savedAt) > Date.parse(local.savedAt))) return { draft: server, fromServer: true };
  return { draft: local, fromServer: false };
}

/** Where the token naming a wizard's server draft is kept, beside the draft under `key`. */
const tokenKey = (key: string) => `${key}.token`;

/**
 * The token naming the server's copy of the draft under `key` (see `draft.token`), or null.
 *
 * @example
 * ```ts
 * readDraftToken('signup'); // 'q3J…' after a save answered it
 * ```
 */
export function readDraftToken(key: string): string | null {
  try {
    return localStorage.getItem(tokenKey(key));
  } catch {
    return null;
  }
}

/**
 * Keeps (a string) or forgets (null) the token naming the server's copy of the draft under `key`.
 *
 * @example
 * ```ts
 * writeDraftToken('signup', answer.draftToken);
 * writeDraftToken('signup', null); // after the draft was deleted
 * ```
 */
export function writeDraftToken(key: string, token: string | null): void {
  try {
    if (token === null) localStorage.removeItem(tokenKey(key));
    else localStorage.setItem(tokenKey(key), token);
  } catch {
    // See readDraft: no storage, no token; the next save starts a new server draft.
  }
}

/**
 * The token a wizard opens its server draft with: the address's `?<field>=…` (a draft carried to another
 * device), which is then kept, else the one kept from an earlier save; null without `draft.token`.
 *
 * @example
 * ```ts
 * openingDraftToken({ key: 'signup', version: '2', load: 'signupDraftGet', save: 'signupDraftSave', token: 'draftToken' }, '?draftToken=abc'); // 'abc'
 * ```
 */
export function openingDraftToken(draft: WizardSpec['draft'], search: string): string | null {
  if (!draft?.token) return null;
  const given = new URLSearchParams(search).get(draft.token);
  if (given) {
    writeDraftToken(draft.key, given);
    return given;
  }
  return readDraftToken(draft.key);
}
