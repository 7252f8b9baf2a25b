import type { ComponentType, ReactNode } from 'react';
import type { WidgetProps as RjsfWidgetProps } from '@rjsf/utils';
import type { ChallengeHandler } from '../flow/types';
import type { LayoutName, ScreenEntry, ScreenSpec } from '../spec/types';

/** What a guard sees of the navigation it decides on. */
export interface GuardContext {
  pathname: string;
  search: string;
  params: Record<string, string | undefined>;
}

/** Returns a path to redirect to, or `null` to let the screen open. */
export type Guard = (ctx: GuardContext) => string | null | Promise<string | null>;

/** What an application action (`submit.action` or an action's `action`) receives besides its input. */
export interface ActionContext {
  /** Id of the screen the action runs on. */
  screenId: string;
  /** Route parameters of the screen. */
  params: Record<string, string | undefined>;
  /** Client-side navigation. */
  navigate: (path: string) => void;
  /** The application's transport, for actions that call methods themselves. */
  callMethod: EngineOptions['callMethod'];
}

/**
 * The result of an application action: nothing, or where to go next (wins over `success.navigate`), and
 * an answer that the flow reads as a method's (its `challenge`, `result`, `doneWhen` and notice).
 */
export type ActionResult = void | { navigate?: string; answer?: unknown };

/** An application action a spec names (`submit.action`, a button's `action`): it gets the input and the screen's context. */
export type AppAction = (input: Record<string, unknown>, ctx: ActionContext) => Promise<ActionResult>;

/**
 * One entry of the main navigation, built from the specs that have `nav`. Labels are translated;
 * `placement` is `primary` unless the spec says `more`; `bar` marks the entries of the phone's bottom bar.
 */
export interface NavItem {
  id: string;
  route: string;
  label: string;
  order: number;
  icon?: string;
  placement: 'primary' | 'more';
  bar: boolean;
}

/** What an application shell receives. `screen.title` is translated. */
export interface LayoutProps {
  screen: { id: string; title: string; layout: LayoutName };
  navItems: NavItem[];
  children: ReactNode;
}

/** What a `kind: custom` component receives. */
export interface CustomScreenProps {
  /** The full spec of the screen. */
  spec: ScreenSpec;
  /** `custom.props` from the spec, or `{}`. */
  props: Record<string, unknown>;
  /** Route parameters. */
  params: Record<string, string | undefined>;
}

/** Props of an rjsf widget the application registers for `ui:widget`. */
export type WidgetProps = RjsfWidgetProps;

/**
 * A value the application keeps in the tab (a sign-in under way), which a spec's data source names as
 * `store`: read like a method's answer, and drawn again whenever it changes. `current` answers the same
 * object until the value changes (as `useSyncExternalStore` needs).
 *
 * @example
 * ```ts
 * let value: Record<string, unknown> | null = null;
 * const listeners = new Set<() => void>();
 * const pendingOrder: ValueStore = { current: () => value, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) };
 * createScreenRouter({ …, stores: { pendingOrder } });
 * ```
 */
export interface ValueStore {
  current(): unknown;
  subscribe(listener: () => void): () => void;
}

/**
 * A shell fetched the first time a screen in it opens (see `EngineOptions.layouts`).
 *
 * @example
 * ```ts
 * const main: LayoutLoader = { load: async () => (await import('./MainLayout')).MainLayout };
 * ```
 */
export interface LayoutLoader {
  load: () => Promise<ComponentType<LayoutProps>>;
}

/** How a call is sent: `multipart`, as a form with its files as parts. */
export interface CallOptions {
  multipart?: boolean;
}

/** Everything the engine needs from the application. */
export interface EngineOptions {
  screens: ScreenEntry[];
  /**
   * Application shells; each renders `props.children`. A shell given as `{ load }` is fetched with the first
   * screen that uses it (the router waits for both), so its code stays out of the other shells' pages.
   */
  layouts: Record<LayoutName, ComponentType<LayoutProps> | LayoutLoader>;
  guards: Record<string, Guard>;
  /**
   * Calls a declared method; rejects with `MethodCallError` for declared errors (its `values`: the
   * refusal's other fields). With `{ multipart: true }` (a submit's `multipart`) the params' files, base64
   * data URLs, go as file parts and the rest as the JSON part `data` of a `multipart/form-data` body.
   */
  callMethod: (method: string, params: Record<string, unknown>, options?: CallOptions) => Promise<unknown>;
  /** Application actions, named in specs as `submit.action` or an action's `action`. */
  actions?: Record<string, AppAction>;
  /** Components for `kind: custom`. */
  components?: Record<string, ComponentType<CustomScreenProps>>;
  /** rjsf widgets by name, usable in uiSchema `ui:widget`. */
  widgets?: Record<string, ComponentType<WidgetProps>>;
  /** Errors that are not field errors; the application shows its popup. */
  onError?: (error: unknown) => void;
  /** Success notices, by i18n key, with the values the message interpolates (the call's answer). */
  notify?: (messageKey: string, values?: Record<string, unknown>) => void;
  /**
   * What the application knows before any call and a spec may test (a brand's settings, e.g.
   * `{ registration: { personal: true } }`): a `choices` section's `when` reads these values, its
   * `emptyText` interpolates them.
   */
  facts?: Record<string, unknown>;
  /**
   * Facts that change while the application runs (say, what kind of user is signed in): an object whose
   * fields are laid over `facts` where the navigation tests `nav.when`, read again whenever it tells.
   */
  liveFacts?: ValueStore;
  /** Replaces the engine's catch-all 404. */
  notFound?: ComponentType;
  /**
   * Fetches a file the server makes (a table's `export.url`) with the application's credentials, reporting
   * progress as parts arrive (`total` 0 when unknown). Without it, such exports page through the method.
   */
  downloadFile?: (url: string, options: { signal: AbortSignal; onProgress: (loaded: number, total: number) => void }) => Promise<Blob>;
  /**
   * Second factors, named in specs as `submit.challenge` (or an action's `challenge`): how to tell an
   * answer that asks for one, and how to confirm, resend, poll and cancel it. The engine draws the steps.
   */
  challenges?: Record<string, ChallengeHandler>;
  /** Values the application keeps in the tab, named by a data source's `store` (listed in screens/registry.json). */
  stores?: Record<string, ValueStore>;
  /**
   * Checks of one value the schema cannot say (a check digit), named by a field check's `fails` (listed in
   * screens/registry.json): true when the value is acceptable. The application shares them with its server.
   */
  valueChecks?: Record<string, (value: unknown) => boolean>;
  /**
   * Rules over a wizard's whole answers that a schema cannot say (a sum across a list, an item another list
   * must name), named by a wizard's `answerRules` (listed in screens/registry.json). The application shares
   * them with its server, so the browser refuses on the field what the server would. Rules given as
   * `{ load }` are fetched with the first wizard that names them, before it opens (no other screen carries them).
   */
  answerRules?: Record<string, AnswerRules | AnswerRulesLoader>;
  /**
   * Asks the server what became of a call sent with an idempotency key whose answer never came (the
   * network failed). With it, a flow whose call fails without an answer says so in its own words, looks
   * the call up, and goes on with the answer the server kept (the call was taken) or offers to send it
   * again with the same key (it was not); without it, the failure goes to `onError`.
   */
  lookUpCall?: (idempotencyKey: string, method: string) => Promise<CallLookup>;
  /**
   * Events the server pushes to the open page (a live channel), by topic: a data source with `refreshOn`
   * listing a topic loads again at each of its events, so a state changed elsewhere shows without reload.
   */
  liveEvents?: LiveEvents;
}

/**
 * The application's live events: `subscribe(topic, onEvent)` calls `onEvent` at each event of the topic
 * until the function it answers is called.
 *
 * @example
 * ```ts
 * const liveEvents: LiveEvents = { subscribe: (topic, onEvent) => channel.on(topic, onEvent) };
 * ```
 */
export interface LiveEvents {
  subscribe(topic: string, onEvent: () => void): () => void;
}

/**
 * What the server says about a call looked up by its idempotency key: `answered` with the answer it gave,
 * `pending` while it is still being processed, `none` when nothing was taken with that key (sending it
 * again with the same key is safe).
 */
export type CallLookup = { outcome: 'answered'; answer: unknown } | { outcome: 'pending' } | { outcome: 'none' };

/** One refusal of an answer rule: the field's dot path in the answers (`teams.0.members`), an i18n key and what it interpolates. */
export interface AnswerProblem {
  field: string;
  key: string;
  values?: Record<string, string | number>;
}

/**
 * Answer rules fetched the first time a wizard naming them opens (see `EngineOptions.answerRules`).
 *
 * @example
 * ```ts
 * const crew: AnswerRulesLoader = { load: async () => (await import('./crew-rules')).crewRules };
 * ```
 */
export interface AnswerRulesLoader {
  load: () => Promise<AnswerRules>;
}

/**
 * A wizard's rules over its whole answers (`EngineOptions.answerRules`).
 *
 * @example
 * ```ts
 * const crew: AnswerRules = {
 *   check: (answers) => (Array.isArray(answers.captains) && answers.captains.length > 0 ? [] : [{ field: 'captains', key: 'crew.oneCaptain' }]),
 *   tidy: (before, after) => after,
 * };
 * ```
 */
export interface AnswerRules {
  /**
   * The problems of the answers so far (partial while the wizard is under way; a list not reached yet is
   * absent). May ask the server (whether a name is taken): the answer may be a promise.
   */
  check: (answers: Record<string, unknown>) => readonly AnswerProblem[] | Promise<readonly AnswerProblem[]>;
  /**
   * The answers as they are kept after an edit, from the answers before it and after it: what another
   * answer makes void is dropped, what it implies is filled. Called on every change, with a hub's open item
   * in its list, so the item's form shows what the tidy filled.
   */
  tidy?: (before: Record<string, unknown>, after: Record<string, unknown>) => Record<string, unknown>;
}
