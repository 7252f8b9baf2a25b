/** A terms version the user is asked to accept (document 000 section 4, Terms). */
export interface PendingTerms {
  id: number;
  version: number;
  title: string;
  url: string;
}

/** The 403 body of a sign-in refused while terms are pending (schemas/api/session-rules.openapi.json TermsRefusal). */
interface TermsRefusal {
  responseCode: 'TE';
  message: string;
  terms: PendingTerms[];
  termsToken: string;
}

/** The terms step waiting for the user, or none. */
export interface TermsStepState {
  terms: PendingTerms[];
  /** Set when recording the acceptance failed; the step stays open. */
  error?: string;
  busy: boolean;
}

/** Holds the terms the user must accept before sign-in completes, for the dialog that shows them. */
export interface TermsStepStore {
  state(): TermsStepState | null;
  /** The user accepted every listed terms version. */
  accept(): Promise<void>;
  /** The user declined: sign-in ends with the server's refusal. */
  decline(): void;
  subscribe(listener: () => void): () => void;
}

const isTermsRefusal = (body: unknown): body is TermsRefusal =>
  typeof body === 'object' &&
  body !== null &&
  (body as TermsRefusal).responseCode === 'TE' &&
  Array.isArray((body as TermsRefusal).terms) &&
  typeof (body as TermsRefusal).termsToken === 'string';

const isLogin = (request: Request) => request.method === 'POST' && new URL(request.url, 'http://localhost').pathname.endsWith('/auth/login');

/**
 * The terms step of sign-in, as a `fetch` for the token service client: when `POST /auth/login` is
 * refused with TE, the terms are shown (the sign-in stays pending meanwhile); once the user accepts,
 * the acceptance is recorded at `POST /auth/terms/accept` with the refusal's one-time token and the
 * same login request is sent again, whose answer the sign-in then sees. Declining hands the sign-in
 * the refusal, whose message says why it stopped. Every other call passes straight through.
 *
 * @example
 * const terms = createTermsStep();
 * const tokenService = createTokenService({ fetch: terms.fetch });
 * <TermsStep store={terms.store} />
 */
export function createTermsStep(options: { fetch?: typeof fetch; baseUrl?: () => string } = {}): { fetch: typeof fetch; store: TermsStepStore } {
  const send = (input: RequestInfo | URL, init?: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);
  let state: TermsStepState | null = null;
  let pending: { refusal: TermsRefusal; settle(accepted: boolean): void } | null = null;
  const listeners = new Set<() => void>();
  const set = (next: TermsStepState | null) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const store: TermsStepStore = {
    state: () => state,
    async accept() {
      if (!pending || !state) return;
      set({ ...state, busy: true, error: undefined });
      const { refusal, settle } = pending;
      try {
        const answer = await send(`${options.baseUrl?.() ?? ''}/auth/terms/accept`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ termsToken: refusal.termsToken, acceptedTerms: refusal.terms.map((terms) => terms.id) }),
        });
        if (!answer.ok) {
          const body = (await answer.json().catch(() => ({}))) as { message?: string };
          // An expired step cannot be retried: the sign-in ends with the server's words and starts over.
          pending = null;
          set(null);
          settle(false);
          if (body.message) refusal.message = body.message;
          return;
        }
      } catch (error) {
        set({ ...state, busy: false, error: error instanceof Error && error.message ? error.message : 'networkError' });
        return;
      }
      pending = null;
      set(null);
      settle(true);
    },
    decline() {
      const current = pending;
      pending = null;
      set(null);
      current?.settle(false);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  const termsFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!isLogin(request)) return send(request);
    const retry = request.clone();
    const answer = await send(request);
    if (answer.status !== 403) return answer;
    const body: unknown = await answer
      .clone()
      .json()
      .catch(() => null);
    if (!isTermsRefusal(body)) return answer;
    const accepted = await new Promise<boolean>((settle) => {
      pending?.settle(false);
      pending = { refusal: body, settle };
      set({ terms: body.terms, busy: false });
    });
    if (accepted) return send(retry);
    return new Response(JSON.stringify({ message: body.message }), { status: 403, headers: { 'Content-Type': 'application/json' } });
  };

  return { fetch: termsFetch, store };
}
