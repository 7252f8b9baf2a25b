import type { When } from './when';

/**
 * The screen spec as the engine receives it: `generated/screens/<id>.json`, written by codegen from
 * `screens/<id>.yaml` after validation against `schemas/meta/screen-spec.schema.json`.
 *
 * These types mirror that meta-schema with one difference, which is why they are written here rather than
 * generated from it: every SchemaRef string has been replaced by the resolved JSON Schema object.
 */

/** A JSON Schema object, fully dereferenced (no `$ref`). */
export type JsonSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  [keyword: string]: unknown;
};

/** The shell a screen renders in; the application registers one component per name. */
export type LayoutName = 'external' | 'restricted' | 'clear' | 'main';

/** How a screen is drawn. */
export type ScreenKind = 'form' | 'table' | 'detail' | 'wizard' | 'dashboard' | 'custom';

/** Where a screen's data comes from: a declared method, its params, and the part of the answer to use. */
export interface DataSource {
  /** A declared method; a source names it or a `store`. */
  method?: string;
  /** A value the application keeps in the tab (`EngineOptions.stores`), read as an answer and drawn again when it changes. */
  store?: string;
  params?: Record<string, unknown>;
  /** Dot path into the answer, e.g. `profile`. */
  path?: string;
  /** Request field -> route parameter name. */
  routeParams?: Record<string, string>;
  /** Request field -> query parameter name; a parameter missing from the address is left out. */
  queryParams?: Record<string, string>;
  /** Milliseconds between reloads while the screen is open and visible. */
  refreshEvery?: number;
  /** With `refreshEvery`: reload only while the data (`path` applied) meets this (a job still running); then stop. */
  refreshWhile?: When;
  /** Topics of the application's live events (`EngineOptions.liveEvents`): each event of one reloads the data. */
  refreshOn?: string[];
}

/** What happens after a successful call. */
export interface Success {
  navigate?: string;
  refresh?: boolean;
  /** i18n key of a success notice. */
  notice?: string;
  /** The answer is a file (`{ fileName, mediaType, content }`, content in base64): the browser saves it. */
  saveFile?: boolean;
  /** Dot path of an address in the answer: the browser leaves for it (a partner's page that sends the user back). */
  openUrl?: string;
  /** Dot path of a path of this application in the answer (`/identity/sessions/7`): the router goes there. */
  openPath?: string;
  /** An application action run with the answer after the success, before navigating (a store the application keeps, reloaded). */
  action?: string;
}

/** Request fields a call takes from the address: field -> route (or query) parameter name. */
export interface BoundParams {
  routeParams?: Record<string, string>;
  /** A query parameter missing from the address is left out. */
  queryParams?: Record<string, string>;
}

/** What a form or wizard does on submit. Exactly one of `method` and `action` is set. */
export interface Submit {
  method?: string;
  action?: string;
  wrap?: string;
  label?: string;
  confirm?: string;
  success?: Success;
  /** Request field -> query parameter name, added beside the (wrapped) data; missing ones are left out. */
  queryParams?: Record<string, string>;
  /**
   * Request field -> form fields sent inside it as one object (an object field among them, such as the
   * fields a call answers, gives its own fields); refusals of `<request field>.<name>` are said on the form's field.
   */
  nest?: Record<string, string[]>;
  /** Form fields not sent: they only help fill others (an e-mail a lookup turns into the id the request takes). */
  omit?: string[];
  /**
   * Fields sent beside the `wrap`, not inside it (a one-time check token the wrapped object has no room
   * for); a wizard never keeps them in its draft, and its summary step may ask for them.
   */
  beside?: string[];
  /** Request fields set from a form field chosen by the form's values (the first entry whose `when` holds). */
  assign?: { field: string; from: string; when?: When }[];
  /** Request field -> form field its refusals are said on (the e-mail typed for the hidden id a lookup filled). */
  errorsOn?: Record<string, string>;
  /**
   * The request field that carries an idempotency key: one per intent, the same on a retry after a lost
   * answer. Codegen sets it to `idempotencyKey` for a method declared `moneyMoving`.
   */
  idempotencyKey?: string;
  /** A step before the call saying what will happen; the call is made only on its confirm button. */
  review?: ReviewStep;
  /** Name of the second factor the application registers (`EngineOptions.challenges`) for answers that ask for one. */
  challenge?: string;
  /** A step after the final answer, interpolating it. */
  result?: ResultStep;
  /** The answer counts as done (form emptied, `success` run) only where it holds; else the form keeps its values. */
  doneWhen?: When;
  /** Request field -> route parameter name, added beside the (wrapped) data (the ticket a reply is for). */
  routeParams?: Record<string, string>;
  /** A form's button worded by its values: the first entry whose `when` holds for them replaces `label`. */
  labels?: { when: When; label: string }[];
  /** Send the form as `multipart/form-data`: its files (data URLs) as file parts, the other values as the JSON part `data`. */
  multipart?: boolean;
  /** A refusal with this code asks the person (interpolating the refusal's values) and, on yes, sends the same call again with `params` added. */
  askAgain?: AskAgain;
}

/**
 * A refusal that is a question: the server answers `code` (the same file was sent already), the engine
 * asks `title`/`text` (interpolating the refusal's values and `{{description}}`, the server's words) and,
 * on `confirm`, sends the same call again with `params` added (`{ force: true }`); on `cancel` the form
 * keeps its values.
 */
export interface AskAgain {
  code: string;
  title: string;
  text?: string;
  confirm?: string;
  cancel?: string;
  params: Record<string, unknown>;
  /** How the refusal's values read in the text (`{ date: datetime }`); others as they are. */
  formats?: Record<string, ValueFormat>;
}

/** A step saying what a call will do, before it is made: labelled values of the form and its live answers. */
export interface ReviewStep {
  /** i18n key of the step's title. */
  title: string;
  /** The values shown: fields of the form, then of each live answer (`{ field: total, format: money, currencyField: currencyCode }`). */
  items: Column[];
  /** Objects looked up before the step opens, each put into the values under its `id` (see {@link ReviewLookup}). */
  lookups?: ReviewLookup[];
  /** i18n key of the button that makes the call (default: the engine's "Confirm"). */
  confirm?: string;
  /** i18n key of the button back to the form (default: the engine's "Back"). */
  back?: string;
}

/**
 * An object a review step looks up so its items can word an id the form holds: the answer of `method`
 * (params `":name"` from the form and its live answers) at `path`; with `where`, the first item of that
 * list whose `field` equals the value. Put into the review's values under `id`; left empty when the call
 * fails or nothing matches.
 *
 * @example
 * ```yaml
 * review:
 *   lookups: [{ id: store, method: storeList, path: stores, where: { field: storeId, equals: ':storeId' } }]
 *   items: [{ field: store.name, label: orders.store }]
 * ```
 */
export interface ReviewLookup {
  id: string;
  method: string;
  params?: Record<string, unknown>;
  path?: string;
  where?: { field: string; equals: unknown };
}

/**
 * A step showing the final answer. `title` and `text` are i18n keys that may name answer values in the key
 * (`orders.{{status}}Title`) and interpolate them in the text; `challenge.method` is the second factor used.
 */
export interface ResultStep {
  title: string;
  text?: string;
  items?: Column[];
  /** Closes by itself after this many milliseconds, where `closeWhen` holds (always without it). */
  closeAfterMs?: number;
  closeWhen?: When;
  /** i18n key of the close button (default: the engine's "Close"). */
  close?: string;
  /** A link to the page of what the call made, `:name` filled from the answer; shown where every name has a value. */
  details?: { label: string; path: string };
  /** i18n key of a button that closes the result and fills the form again with what was sent (a form's submit only). */
  repeat?: string;
  /**
   * A button that calls a declared method (`params` `':name'` from the result's values) and saves its answer,
   * a file (`{ fileName, mediaType, content }`), as the browser's download: a receipt's PDF. Shown where every
   * `':name'` has a value.
   */
  file?: { label: string; method: string; params?: Record<string, unknown> };
  /** A secret value of the answer shown once, with a countdown, hidden (the step closed) after `hideAfterMs`. */
  reveal?: RevealValue;
  /** A list in the answer (one outcome per item acted on), drawn as a small table beside the rows it is about. */
  list?: ResultList;
  /** A page of another site embedded in the step (an https address, or a path on this site, in the answer's `field`). */
  frame?: ResultFrame;
}

/**
 * A page the final answer points at, shown inside the result step in a frame (a partner's form filled in
 * place): `field` is the answer's dot path holding its address, `title` the frame's accessible name.
 */
export interface ResultFrame {
  field: string;
  title: string;
  /** The frame's height in CSS pixels (default 560). */
  height?: number;
  /** i18n key said instead of the frame when the answer has no usable address. */
  missingText?: string;
}

/**
 * The items of a final answer listed by a result step: one per item a bulk or group button acted on, each
 * with its outcome. Where `key` names the item field holding a row's `rowKey` value, the row's values
 * (as the table had them) fill in what the item lacks, so a column may show the row's amount beside the
 * item's outcome; the item's own values win (a new status).
 */
export interface ResultList {
  /** Dot path of the list in the answer. */
  path: string;
  /** The item field whose value is the `rowKey` of the row it is about. */
  key?: string;
  columns: Column[];
  /** i18n key naming the list for screen readers (default: the result's title). */
  label?: string;
}

/**
 * A secret of the final answer a result step shows (a code, a number): `data-fact` is its `field`; announced
 * with the result, with a visible "hidden in N s"; the step closes after `hideAfterMs` and is held by the
 * screen, so a data refresh that hides the form or button that asked does not tear it down.
 */
export interface RevealValue {
  /** Dot path of the answer. */
  field: string;
  /** i18n key of its label. */
  label?: string;
  hideAfterMs: number;
  /** Offers a button that copies the value (said as copied, with `label`). */
  copy?: boolean;
  /** i18n key said instead of the value and the result's `text` when the answer lacks it (a replay of an earlier call); interpolates the answer. */
  missingText?: string;
}

/**
 * A value computed by a method as the form is filled in: asked once the form fields its params name have
 * values that pass the form's schema, after `debounceMs` of quiet; a stale answer is dropped. Shown as a
 * panel of labelled values, a message under a field, and/or copied into form fields (`fill`).
 */
export interface LiveValue {
  id: string;
  method: string;
  /** Request fields; a string `":name"` is the form field `name` (else the route parameter), anything else is sent as written. */
  params?: Record<string, unknown>;
  debounceMs?: number;
  /** Form field -> dot path of the answer, copied into the form when the answer arrives. */
  fill?: Record<string, string>;
  /**
   * Form field -> dot path of the answer, copied into the form once per new answer and only where the
   * answer has a value there; unlike `fill`, the person may change the field afterwards and it stays so.
   */
  suggest?: Record<string, string>;
  /**
   * Form fields of which only the one the person changed last is sent (an amount to send or to receive):
   * the others are left out of this request and of the form's submit, and `fill` never writes into the
   * one being typed.
   */
  either?: string[];
  /**
   * Form fields its `":name"` params read that may be empty: sent when they have a value, left out of the
   * request when not, so the value is asked without them (a choice that only narrows the answer).
   */
  optional?: string[];
  /**
   * Labelled values of the answer, after the field `after` (else above the buttons); `button` copies
   * answer values into fields, as if the person had typed them ("send the maximum").
   */
  panel?: {
    after?: string;
    items: Column[];
    button?: { label: string; fill: Record<string, string> };
    /** Dot path of the part of the answer the items, `title` and `note` read (`products.0.fees`); default the whole. */
    path?: string;
    /** i18n key of the panel's heading, interpolating the answer ("Fees"). */
    title?: string;
    /** i18n key of a line under the values, interpolating the answer ("Charged when you activate it."). */
    note?: string;
  };
  message?: LiveMessage;
}

/** A message under `field` worded from a live answer: the first case whose `when` holds for the answer. */
export interface LiveMessage {
  field: string;
  /** i18n key said while a field the params name fails the form's schema (no call is made). */
  invalid?: string;
  /** i18n key said while the answer is awaited. */
  pending?: string;
  cases: LiveMessageCase[];
}

export interface LiveMessageCase {
  when?: When;
  /** i18n key; interpolates the answer. */
  text: string;
  tone?: 'good' | 'bad' | 'neutral';
  /** Submitting is refused with this message on the field while it is shown. */
  blocksSubmit?: boolean;
}

/**
 * A button: in the screen header, in a section (evaluated against the section's data) or on each row of a
 * table (against the row). `when` shows it only where the values meet the condition; `":name"` in
 * `params` and `{{name}}` in the `confirm` message are filled from the same values, then the route.
 */
export interface Action {
  id: string;
  label: string;
  method?: string;
  action?: string;
  navigate?: string;
  params?: Record<string, unknown>;
  confirm?: string;
  /**
   * i18n key of what screen readers hear after the label, interpolating the row as shown (default: the row's
   * first column), where the first column alone does not tell rows apart.
   */
  subject?: string;
  /** i18n key of the confirmation's title (default: the engine's); it interpolates like `confirm`. */
  confirmTitle?: string;
  /** i18n key of the confirmation's yes button (default: the engine's "Yes"). */
  confirmYes?: string;
  /** i18n key of the confirmation's no button (default: the engine's "No, go back"). */
  confirmNo?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  when?: When;
  success?: Success;
  /**
   * The request field that carries an idempotency key: a new key per intent, kept while the call goes
   * unanswered (a retry after a lost connection), so the server does the thing once.
   */
  idempotencyKey?: string;
  /** Request field -> query parameter name, added to `params`; missing ones are left out. */
  queryParams?: Record<string, string>;
  /** Name of the second factor the application registers for answers that ask for one. */
  challenge?: string;
  result?: ResultStep;
  /** Id of a form section of the same dashboard that the button fills with its `params` instead of calling anything. */
  fill?: string;
  /**
   * In a table's `bulkActions` and `groups.actions`: the button is shown only while the list's answer
   * (`data.path` applied; a top-level flag such as `mayApprove`) meets this.
   */
  answerWhen?: When;
}

/** How a value is shown in tables, details and cards. */
/**
 * `month`: the month a date falls in, named with its year ("March 2024"); `country`: a country code named in the
 * reader's language; `link`: a web address drawn as a link, worded by the column's `template`; `verbatim`: machine
 * text shown exactly as it is and marked never to be translated (an identifier, JSON, a browser's user agent);
 * `image`: the address of a picture (a path on this site or an http(s) URL) drawn as a small image, its `template`
 * giving the words screen readers hear (none: decorative).
 */
export type ValueFormat =
  'text' | 'money' | 'date' | 'datetime' | 'month' | 'duration' | 'number' | 'badge' | 'country' | 'link' | 'verbatim' | 'progress' | 'image';

/** One column of a table, or one field of a detail. */
export interface Column {
  field: string;
  label?: string;
  format?: ValueFormat;
  /**
   * Words the values with `enums.<enumKey>.<value>` (default: `enums.<field>.<value>`), also where the
   * schema does not list them (an id the product names); an unworded value shows as it is.
   */
  enumKey?: string;
  /**
   * i18n key shown where the value is missing (default: nothing in a table, a dash in a detail); it
   * interpolates the row (`"{{firstName}}'s store"`).
   */
  emptyText?: string;
  /** In a table: draw the column only when a row on the page has a value for it (a rare error, an end date); in a detail: leave the field out where it has none. */
  hideEmpty?: boolean;
  /** i18n key shown where the value is present instead of it, interpolating the row and `{{value}}` (the value as formatted). */
  template?: string;
  currencyField?: string;
  /** For format progress: the row field holding the whole (the value is the part done): a bar and "n of m". */
  totalField?: string;
  sortable?: boolean;
  /** A copy button after the value; copying is announced. The value carries `data-field`. */
  copy?: boolean;
  /** In a table: a long value without spaces (JSON, a key, a hash) breaks anywhere to stay in its cell. */
  wrap?: boolean;
  /** The value drawn as a QR code too (under it), named by this i18n key, which interpolates the row. */
  qr?: string;
  /** Badges: a tone per value (`{ good: [active], bad: [blocked] }`), carried as `data-tone`; other values are neutral. */
  tones?: Partial<Record<BadgeTone, unknown[]>>;
  /** In a tile or a detail: the value is shown only where this holds for the item; in a list's badges: the badge is. */
  when?: When;
  /** In a table or a list: the value drawn without its own sign after + or −, chosen by another field of the row. */
  sign?: ValueSign;
}

/**
 * A sign read from another field of the row (`direction: incoming`): the value is drawn as its magnitude
 * after `+` (in the success colour) or `−`, and screen readers hear the sign too. A row matching neither
 * list is drawn as it is.
 */
export interface ValueSign {
  field: string;
  plus: unknown[];
  minus: unknown[];
}

/**
 * The tone of a badge: what the value means to the reader. `good`: done well; `waiting`: not done yet;
 * `bad`: refused or failed; `info`: undone and given back; `ended`: called off, without harm.
 */
export type BadgeTone = 'good' | 'waiting' | 'bad' | 'info' | 'ended';

/**
 * Where a field's options or label come from: a declared method (a dictionary), called with `params`.
 * A param written `":name"` takes the form's value `name`, so the options follow another field (country
 * to states); while that field is empty nothing is asked and the field waits for it.
 */
export interface FieldSource {
  method: string;
  /** Request fields; `":name"` is the form's value `name`. */
  params?: Record<string, unknown>;
  /** Fields its `":name"` params read that may be empty: sent when they have a value, else left out (the source is still asked). */
  optional?: string[];
  /** Dot path of the list (options) or the object (a label) in the answer. */
  path?: string;
}

/** `ui:options.source`: a dictionary whose items become a select's options (`select`, `country`, `phoneCode`). */
export interface OptionSource extends FieldSource {
  /** The item's field that is the option's value (default `code`; `phoneCode`: `phoneCode`). */
  value?: string;
  /** The item's field that words the option when no translation does (default `name`). */
  label?: string;
  /** i18n prefix: words option `v` with `<labelKey>.<v>` when translated, else the item's `label`. */
  labelKey?: string;
  /**
   * Only the items whose field equals a value or is one of some values; an `equals` written `":name"` is
   * the form's value `name` (no items while it is empty).
   */
  where?: { field: string; equals?: unknown; in?: unknown[] };
  /** The options are the list at this path of the first item `where` keeps (the sizes of the item chosen). */
  within?: string;
  /** Items offered but not to be chosen, each saying why (see {@link OptionDisabled}). */
  disabled?: OptionDisabled;
  /** The item's field holding an i18n key that words it (a dictionary answering `labelKey: fruits.apple`). */
  labelKeyField?: string;
  /**
   * The items at `path` are groups: the options are the list at `groups.within` of each, drawn under the
   * group's heading (a select's `optgroup`), worded by the group's field `groups.labelKeyField` (an i18n key).
   */
  groups?: { within: string; labelKeyField?: string };
}

/**
 * `ui:options.fromContext`: options from a list of the data a form sits beside (a wizard's answers: the
 * people entered on another step), rather than from a call.
 */
export interface ContextOptions {
  /** Dot path of the list in that data. */
  path: string;
  /** The item's field that is the option's value (default `id`). */
  value?: string;
  /** i18n key wording an option, interpolating its item. */
  label: string;
  /** Offered only while the form's values meet it (`{ field: kind, equals: person }`). */
  when?: When;
  /** A field of the form's values whose value (or list of values) is not offered. */
  except?: string;
}

/**
 * `source.disabled`: an item is shown but cannot be chosen while its `field` holds something (true, a
 * non-empty list or text). Its reason is said with it: each value worded by `<reasonKey>.<value>` (a
 * list joined by spaces), given to the i18n key `text` as `{{reasons}}` ("Not available: {{reasons}}").
 */
export interface OptionDisabled {
  field: string;
  reasonKey?: string;
  text?: string;
}

/**
 * `ui:options.files` of a `fileSet` field: one file picker of each entry, shown for every item of the
 * source, or only where the item meets `when` (and then required).
 */
export interface FileSetFile {
  /** The entry's property holding the file (a data-URL string). */
  field: string;
  /** i18n key of the picker's label (default `fields.<field>`, else the schema title). */
  label?: string;
  /** Shown, and required, only for the source items meeting it (read against the item). */
  when?: When;
}

/** `ui:options.labelFrom`: a field's label and help worded from data (a dictionary entry). */
export interface LabelSource extends FieldSource {
  /** i18n key of the label, interpolating the object at `path` ("{{name}} ({{shortName}})"). */
  label?: string;
  /** i18n key of the help under the field, interpolating the same object. */
  help?: string;
}

/**
 * `ui:options.fieldsFrom`: an object field whose fields a call answers, as a list at `path` of items
 * `{ name, schema, required }` (each `schema` a JSON Schema of one value); the field is left out while
 * the list is empty or not answered yet.
 */
export type FieldListSource = FieldSource;

/** The engine's own `ui:options` of a field, besides those a widget reads (`accept`, `enumKey`, `rows`…). */
export interface UiOptions {
  /** Shown, and required if the schema requires it, only where the form's values meet it; hidden, its value is not sent. */
  when?: When;
  source?: OptionSource;
  labelFrom?: LabelSource;
  fieldsFrom?: FieldListSource;
  /** `money`: the currency shown after the amount. */
  currency?: string;
  /** `money`: the field holding the currency (wins over `currency` once filled). */
  currencyField?: string;
  /** `phoneCode`: the dictionary item's field holding the country code (default `code`). */
  countryField?: string;
  /** `select`: only the enum values the list at this path of `EngineOptions.facts` holds (what a brand offers). */
  offeredIn?: string;
  /** In a form: messages said on the field, before any call, where their `when` holds (see {@link FieldCheck}). */
  checks?: FieldCheck[];
  /** `textPerChoice`: the dot path of the form's values whose chosen values each get a text. */
  choicesOf?: string;
  /** `textPerChoice`: text areas rather than one-line boxes. */
  multiline?: boolean;
  /** `radios`, `select` and `checkboxes` from a source: i18n key wording an option, interpolating its item (`optionValues` formatted). */
  optionLabel?: string;
  /** `radios`: i18n key of a second line under an option, interpolating its item (or `{ value }` for an enum). */
  optionText?: string;
  /** Item fields formatted before `optionLabel` and `optionText` read them (`{ field: fee, format: money, currencyField: currency }`). */
  optionValues?: Column[];
  /** Options from a source or enum: while nothing offered is chosen, the first option that may be chosen is. */
  chooseFirst?: boolean;
  /** Options from a source or enum: while nothing offered is chosen and only one option may be chosen, it is. */
  chooseOnly?: boolean;
  /** `false`: the field only narrows other fields' options (a filter); its value is never sent. */
  sent?: boolean;
  /** A value one send uses up (a one-time token): emptied when the server refuses the form on another field. */
  singleUse?: boolean;
  /** `fileSet`: the item field copied into each entry, naming which item it answers (`documentType`). */
  key?: string;
  /** `fileSet`: i18n key of each item's group, interpolating the item ("Document: $t(types.{{type}})"). */
  itemTitle?: string;
  /** `fileSet`: the file pickers of each entry. */
  files?: FileSetFile[];
  /** `flagList`: the yes/no field of each entry its checkbox sets (default `on`); `key` names the entry. */
  flag?: string;
  /** `flagList`: i18n prefix wording each entry's `key` value (`<labelKey>.<value>`). */
  labelKey?: string;
  [option: string]: unknown;
}

/**
 * A form field's own check (`ui:options.checks`): where `when` holds for the form's values, with each live
 * value's answer under `live.<id>`, the field says `message` and the form refuses to submit; the live
 * values that send the field are not asked meanwhile. `message` interpolates `values`, each formatted as a
 * column formats it (money in the reader's locale and the currency at `currencyField`). The first check
 * that holds speaks.
 */
export interface FieldCheck {
  /** The check speaks where this holds (and `fails` refuses the value, when both are given). */
  when?: When;
  /** An application value check (EngineOptions.valueChecks) by name: the check speaks where the field has a value it refuses. */
  fails?: string;
  /** i18n key. */
  message: string;
  /** Interpolation name -> the value (dot paths into the form's values and `live.<id>`) and how it is formatted. */
  values?: Record<string, Pick<Column, 'field' | 'format' | 'currencyField'>>;
}

/** A row of pressed buttons above a table, each sending one value of a request field, kept in the address. */
export interface QuickFilters {
  field: string;
  /** The first is pressed when the address names none. */
  options: string[];
  /** i18n key naming the row of buttons. */
  label: string;
  /** i18n prefix wording the buttons (default: `enums.<field>`). */
  labels?: string;
  /** value -> i18n key said instead of the table's emptyText while that button is pressed. */
  emptyText?: Record<string, string>;
  /** The option that sends nothing for the field (all). */
  any?: string;
  /** The option that sends nothing and opens the folded filters (a period of one's own, set there). */
  unfold?: string;
}

/**
 * Rows drawn as a list of lines instead of a grid: each part names the field of a column, whose label and
 * format it uses. `title` falls back to `text` where the row has none.
 */
export interface RowListSpec {
  title: string;
  text?: string;
  value: string;
  /** Badge columns drawn under the value, each only where its column's `when` holds for the row. */
  badges?: string[];
  /** Small values beside the text (a time, a place), one field or several. */
  meta?: string | string[];
}

/** A line over a table counting something the answer says; `count` is a dot path to a number or a list. */
export interface TableSummary {
  label: string;
  count: string;
}

/** A link under an empty list, to where its first item is made. */
export interface EmptyAction {
  label: string;
  to: string;
}

export interface FormSpec {
  schema: JsonSchema;
  fields: string[];
  uiSchema?: Record<string, unknown>;
  data?: DataSource;
  submit: Submit;
  /** Values computed by methods as the form is filled in. */
  live?: LiveValue[];
  /** Field -> query parameter: the field starts with the address's value (a link that fills the form in). */
  queryDefaults?: Record<string, string>;
  /** Buttons beside the submit that call a method with some of the form's values (send a new code). */
  buttons?: FormButton[];
}

/**
 * A button of a form besides its submit: calls `method` with `params` (`':name'` is the form's value
 * `name`), says `success.notice`; a refusal's field errors show on the form's fields. With `cooldown` it
 * waits before it may be pressed again.
 */
export interface FormButton {
  id: string;
  /** i18n key. */
  label: string;
  method: string;
  params?: Record<string, unknown>;
  success?: Pick<Success, 'notice'>;
  cooldown?: {
    /** Seconds to wait when the answer does not say. */
    seconds: number;
    /** Dot path of the answer's seconds to wait. */
    answer?: string;
    /** Refusal codes (`responseCode`) that also start the wait (asked too soon). */
    refusals?: string[];
    /** i18n key of the label while waiting, with `{{seconds}}` left. */
    label: string;
  };
}

/**
 * A table's filter form. `search`: one of `fields` drawn as a search box above everything, always open;
 * `folded`: the other fields folded under a disclosure until opened. `emptyText`: said instead of the
 * table's when filters are applied and nothing matches. `answerWhen`: field -> condition on the list's
 * answer; the field is offered only while it holds (else it is hidden and sent empty).
 */
export interface TableFilterSpec {
  schema: JsonSchema;
  fields: string[];
  uiSchema?: Record<string, unknown>;
  emptyText?: string;
  answerWhen?: Record<string, When>;
  search?: string;
  folded?: boolean;
}

export interface TableSpec {
  data: DataSource;
  /** Buttons on every row, each shown where its `when` holds for the row. */
  rowActions?: Action[];
  entity: JsonSchema;
  rows: string;
  /** Required unless `paging.cursor`: a list paged by cursor knows no total. */
  total?: string;
  columns: Column[];
  pageSize?: number;
  /** `sizeParam: false`: the server pages at its own size (`pageSize` then says how many rows it sends). */
  /**
   * `cursor`: paged by an opaque cursor (the answer's `next` is sent back as the request field `param`)
   * instead of page numbers: previous and next buttons, no page count.
   */
  /**
   * `loadMore`: each next page is added under the rows shown by a Load more button, offered while the page size
   * times the pages shown is at most the total.
   */
  paging?: { pageParam?: string; sizeParam?: string | false; firstPage?: 0 | 1; cursor?: { param: string; next: string }; loadMore?: boolean };
  sorting?: {
    byParam?: string;
    directionParam?: string;
    default?: { field: string; direction: 'asc' | 'desc' };
  };
  /**
   * `emptyText`: said instead of the table's when filters are applied and nothing matches. `answerWhen`:
   * field -> condition on the list's answer; the field is offered only while it holds (else it is hidden
   * and sent empty).
   */
  filters?: TableFilterSpec;
  /** `url`: a server path that answers the CSV for the filters (query parameters), fetched with `EngineOptions.downloadFile`. */
  export?: { csv?: boolean; fileName?: string; url?: string };
  emptyText?: string;
  rowLink?: string;
  /** One row of quick filter buttons, or several (period, direction, status), each its own request field. */
  quickFilters?: QuickFilters | QuickFilters[];
  summary?: TableSummary;
  /** Shown under the empty list's text when no filter is applied. */
  emptyAction?: EmptyAction;
  /** Row field drawn as the row's `data-key`; with `bulkActions`, what `':selected'` sends. */
  rowKey?: string;
  /**
   * Buttons acting on the rows people select (boxes on each row of the page): each enabled when every
   * selected row meets its `when`; `':selected'` in params is the selected rows' `rowKey` values; its label
   * and question interpolate `{{count}}`.
   */
  bulkActions?: Action[];
  /** Row field holding a date or date-time: a heading (Today, Yesterday, the date) starts each day (rows come sorted by it). */
  groupByDay?: string;
  /** The rows as a list of lines (a feed) instead of a grid. */
  list?: RowListSpec;
  /** Rows of the page that share a value of a field, listed above the table with buttons acting on each whole group. */
  groups?: RowGroups;
  /** Lines above the table, each said while the list's answer (`data.path` applied) meets its `when`. */
  notes?: TableNote[];
}

/**
 * Groups of the page's rows by the value of `field` (rows without one belong to none; `where` keeps only
 * some rows): each group is listed with `label` and its `actions`, which read the group as values: its
 * first row's fields plus `count` (how many rows of the page it holds). A group button's result list is
 * matched to the group's rows.
 */
export interface RowGroups {
  field: string;
  /** Only rows meeting this are grouped. */
  where?: When;
  /** i18n key of the heading over the groups. */
  title: string;
  /** i18n key naming one group, interpolating its first row and `{{count}}`. */
  label: string;
  /** Row field saying how many items a row stands for (a summary row); `count` adds it up, a row without it counting one. */
  countField?: string;
  actions: Action[];
}

/** A line above a table said while the list's answer meets `when` (what the reader may do here). */
export interface TableNote {
  /** i18n key; interpolates the answer. */
  text: string;
  when?: When;
}

export interface DetailSpec {
  data: DataSource;
  entity: JsonSchema;
  fields: Column[];
  /** Leave out fields without a value instead of showing a dash. */
  hideEmpty?: boolean;
  /** The item's steps under the fields, oldest first, each worded and dated. */
  timeline?: TimelineSpec;
}

/** Where a detail's steps are in its data and how each is worded (`<labels>.<event>`) and toned. */
export interface TimelineSpec {
  path: string;
  event: string;
  at: string;
  labels: string;
  title?: string;
  tones?: Column['tones'];
  /** Each step's field holding a text said under it as it is (a reason the server worded). */
  note?: string;
}

/** How a wizard step draws: a form, a list edited item by item, the answers so far, or dashboard sections. */
export type WizardStepKind = 'fields' | 'hub' | 'summary' | 'sections';

/** For a hub step: the sub-form of one item and how items are listed. */
export interface WizardHub {
  /** Properties of the item schema the sub-form asks for. */
  fields: string[];
  /** The item field a new item gets a new unique id in, so other answers can name it. */
  idField?: string;
  uiSchema?: Record<string, unknown>;
  /** i18n key naming an item, interpolating it and `{{number}}` (1-based). */
  itemTitle: string;
  addLabel?: string;
  emptyText?: string;
}

/** A call a step makes on Next with the answers of the shown steps up to it. */
export interface WizardSave {
  method: string;
  wrap?: string;
  queryParams?: Record<string, string>;
  /** i18n key of the step's Next button. */
  label?: string;
  success?: Success;
}

export interface WizardStep {
  id: string;
  title: string;
  /** Default `fields`. */
  kind?: WizardStepKind;
  /**
   * For kinds `fields` and `hub` (a hub names exactly one, a list of objects); a `summary` may name fields
   * of `submit.beside`, asked under the answers.
   */
  fields?: string[];
  /** Set by codegen on a summary asking for fields: their schema, from the submit method's request. */
  schema?: JsonSchema;
  uiSchema?: Record<string, unknown>;
  description?: string;
  /** Shown only when the answers so far meet it. */
  when?: When;
  /** Shown only when the answers so far are valid against this JSON Schema (`if`/`then`/`else`, `const`...). */
  showIf?: JsonSchema;
  save?: WizardSave;
  hub?: WizardHub;
  /** For kind `sections`. */
  sections?: DashboardSection[];
}

/** Where a wizard's draft is kept: local storage under `key`, or the server when `load` and `save` name methods. */
export interface WizardDraftSpec {
  key: string;
  version: string;
  load?: string;
  save?: string;
  /** A method taking the token (or nothing) that deletes the server's draft: called on "clear" and after the submit. */
  delete?: string;
  /**
   * The request and answer field of a token naming the server's draft (people without a session): `save`
   * answers it, and it goes with every later `save`, with `load` (not called without one) and `delete`. Kept
   * in local storage beside the draft; an address with `?<token>=…` opens that draft on another device.
   */
  token?: string;
}

export interface WizardSpec {
  schema: JsonSchema;
  steps: WizardStep[];
  /** The answers start from this answer (`path` applied). */
  data?: DataSource;
  /** i18n key of a line above the steps, interpolating the whole answer of `data`. */
  intro?: string;
  /** Open on the first of these steps whose condition the answer of `data` meets. */
  startAt?: { step: string; when: When }[];
  draft?: WizardDraftSpec;
  /** Values the answers always hold (a format version), sent with every save and the submit, never asked. */
  fixed?: Record<string, unknown>;
  /**
   * Rules over the whole answers the application registers (`EngineOptions.answerRules`): checked on Next
   * (the problems of this step and earlier ones hold it), on saving a hub's item (its own problems keep it
   * open, said on its fields) and before the submit; their `tidy` runs on every change.
   */
  answerRules?: string;
  /** Sends every answer at the end; absent when the steps save as they go. */
  submit?: Submit;
  /** When `data` is refused: the error goes to `onError` and the user to `navigate` (a link no longer valid). */
  failure?: { navigate: string };
  /**
   * When `data` is refused with one of `codes` (a screen that is not for this customer): the `notice` (an
   * i18n key) and an optional `link`, instead of a retry.
   */
  refused?: { codes: string[]; notice: string; link?: { to: string; label: string } };
}

/** How a `cards` section draws each item as a tile: its heading, lines, value, art and actions. */
export interface CardSpec {
  /** The item's heading: a field name, or a column (`{ field: alias, emptyText: … }`). */
  title: string | Column;
  subtitle?: string | Column;
  /** The big value; a column may carry `when`. */
  value?: string | Column;
  format?: 'text' | 'money' | 'number';
  currencyField?: string;
  footnotes?: Column[];
  /** Field whose value tells the items apart: each tile carries it as `data-key`. */
  key?: string;
  /** Badges under the value (or the art): `format: badge` is implied; each may carry `when`, `tones`, `template`. */
  badges?: Column[];
  /** The tile drawn as a picture in the brand's colours. */
  art?: TileArt;
  /** Buttons and links on each item, each shown where its `when` holds for the item. */
  actions?: Action[];
  /** The item's own list (a property holding a list of objects), a line per entry. */
  list?: TileList;
  /** A form on each item where its `when` holds, starting from the item's values. */
  form?: TileForm;
}

/**
 * The item's own list drawn in its tile: a line per entry of the property `field`, each column formatted
 * (badges as badges, missing values left out unless their `emptyText` says something); `emptyText` where the
 * list is empty. `label` names the list for screen readers, interpolating the item.
 */
export interface TileList {
  field: string;
  label?: string;
  columns: Column[];
  emptyText?: string;
}

/**
 * A form on each item of a `cards` section where `when` holds for the item: its fields start from the
 * item's values (a hidden id the call needs), it validates with the schema, and after a success every
 * section reloads, so an item done no longer shows it.
 */
export interface TileForm extends Pick<FormSpec, 'schema' | 'fields' | 'uiSchema' | 'submit'> {
  when?: When;
}

/** For a `cards` section: the items sharing the value of `field` drawn under one heading, worded from the group's first item. */
export interface ItemGroups {
  field: string;
  /** i18n key of the heading, interpolating the group's first item. */
  title: string;
  /** i18n key of a line under the heading, interpolating the same item. */
  text?: string;
}

/**
 * The picture of an item (a membership card, a ticket): a panel in the brand's primary colour (a gradient
 * of the theme's `--color-primary`), holding the tile's title and value and these lines.
 */
export interface TileArt {
  /** A large monospaced line (a masked number); `emptyText` where there is none. */
  number?: string | Column;
  /** A small label in the top corner. */
  corner?: string | Column;
  /** A word-mark in the bottom corner (a network, a maker), set bold like a logo. */
  mark?: string | Column;
  /** Small labelled values along the bottom. */
  footer?: Column[];
  /** Where this holds, the art is drawn in greys (a closed item). */
  muted?: When;
  /** Where this holds, the darker variant of the gradient. */
  alternate?: When;
}

/** A call made once for each item a section shows that meets `when` (marking a notice read, say). */
export interface OnShow {
  /** A declared method; an `onShow` names it or an `action`. */
  method?: string;
  /** An application action (`EngineOptions.actions`) run instead, whose `navigate` the router follows. */
  action?: string;
  /** `':name'` is the item's value, else the route parameter. */
  params?: Record<string, unknown>;
  when?: When;
}

/**
 * For a dashboard section of kind `switches`: a grid of switches from a list whose rows each name one
 * switch as `'<row>.<column>'` in `key` and hold whether it is on in `value`.
 */
export interface SwitchGridSpec {
  /** Row field naming the switch, `'<row>.<column>'`. */
  key: string;
  /** Row field holding whether the switch is on; sent with the new state. */
  value: string;
  /** The column parts, in order. */
  columns: string[];
  /** i18n prefixes: `<rowLabels>.<row>` and `<columnLabels>.<column>` name the rows and columns. */
  rowLabels: string;
  columnLabels: string;
  /** i18n key of the header above the row names. */
  rowHeader: string;
  /** i18n key naming one switch for screen readers, with `{{row}}` and `{{column}}`. */
  switchLabel: string;
  /** The call a change makes: `params` filled from the switch's row (`':key'`), plus `value` set to the new state. */
  switch: { method: string; params?: Record<string, unknown>; success?: Success };
}

/**
 * For a dashboard section of kind `editable`: its rows (`rows` of its data, drawn with `columns`) are
 * changed in place, each in an editor under it, and every change is sent in one call.
 */
export interface EditableRows {
  /** Row field naming a row in the change list (its id). */
  key: string;
  /** The editor of one row: these fields of `schema` (one row's schema), drawn with `uiSchema`. */
  form: { schema: JsonSchema; fields: string[]; uiSchema?: Record<string, unknown> };
  /** Rows the server keeps as removed, which may be restored: drawn struck through, with Restore. */
  removedWhen?: When;
  /** Only rows meeting this may be edited or removed (one already done may not). */
  editableWhen?: When;
  /** i18n key naming a row in its buttons and its editor, interpolating the row and `{{number}}`. */
  itemTitle: string;
  /** i18n key of the button adding a row (default: the engine's "Add"); offered only with `save.changes.add`. */
  addLabel?: string;
  /** The one call that sends every change. */
  save: {
    method: string;
    /** Request fields beside the changes: `':name'` reads the section's data, else the route parameter. */
    params?: Record<string, unknown>;
    /** i18n key of the send button (default: the engine's "Save changes"). */
    label?: string;
    /**
     * The request field of each list: `add` the added rows (the editor's fields), `update` the edited ones
     * (their key and the editor's fields), `remove` and `restore` their keys. A list left out is never offered.
     */
    changes: { add?: string; update?: string; remove?: string; restore?: string };
    /** A refusal path `<errorsByKey>.<key>.<field>` names the row by its key (`items.7.amount`), beside `<list>.<index>.<field>`. */
    errorsByKey?: string;
    success?: Success;
  };
}

/** For a dashboard section of kind `thread`: the rows drawn as a conversation. */
export interface ThreadSpec {
  /** i18n key naming the conversation. */
  label: string;
  author: string;
  time: string;
  body: string;
  /** The items the person looking wrote: on the other side, with `mineAuthor` (an i18n key) as author. */
  mine: When;
  mineAuthor: string;
  /** Lines under an item's text, left out where empty. */
  footnotes?: Column[];
}

/** One way on from a `choices` section: a large link with a line on what it leads to. */
export interface ChoiceLink {
  to: string;
  /** i18n key of the choice's name. */
  label: string;
  /** i18n key of the line under it. */
  text?: string;
  /** Offered only where the application's facts (`EngineOptions.facts`) meet it. */
  when?: When;
}

/** One part of a `kind: dashboard` screen: its `kind` says what it draws, from its own `data`. */
export interface DashboardSection {
  id: string;
  /** i18n key; it interpolates the section's data (`{{subject}}`) once loaded. */
  title?: string;
  /** i18n key of a line under the section's title. */
  description?: string;
  kind: 'cards' | 'table' | 'detail' | 'chart' | 'form' | 'switches' | 'choices' | 'text' | 'thread' | 'editable';
  /** For kind editable: rows changed in place (added, edited, removed, restored) and sent as one change list. */
  editable?: EditableRows;
  /** For kind choices: the ways on, each offered where its `when` holds for the application's facts; `emptyText` (interpolating the facts) where none is. */
  choices?: ChoiceLink[];
  /**
   * For kind text: `paragraphs`, an empty line in a value starts a new paragraph; `heading`, with `rows`,
   * the row field heading each row's part; `lang`, the language the text is written in whatever the interface's.
   */
  text?: { paragraphs?: boolean; heading?: string; lang?: string };
  /** For kind thread: how the rows read as a conversation. */
  thread?: ThreadSpec;
  /** For kind table: row field drawn as the row's `data-key`. */
  rowKey?: string;
  /**
   * i18n key of what the section says when the server refuses its data (a missing or someone else's item,
   * a broken link), instead of the engine's general "could not be loaded" and its Try again; a call that
   * got no answer still offers to try again.
   */
  errorText?: string;
  /** The id of the dashboard's tab the section is on; without it, the section shows under every tab. */
  tab?: string;
  /** `full`: the whole row of a grid dashboard on wide screens, instead of sharing it with the next section. */
  width?: 'auto' | 'full';
  data?: DataSource;
  /** Only the rows of the list that meet this condition (one group of a list shared by several sections). */
  rowsWhere?: When;
  /** Shown only while the address's query parameters (strings) meet this condition (`?variant=business`). */
  queryWhen?: When;
  /** Shown only when its data (`data.path` applied) meets this condition. */
  when?: When;
  /** For kind switches: the grid. */
  switches?: SwitchGridSpec;
  /** For kind form: the form, which starts empty again after each success (from the section's data with `startFromData`). */
  form?: Omit<FormSpec, 'data'> & {
    /** The form starts from the section's `data` (`path` applied; its fields picked), and again from the reloaded data after each success. */
    startFromData?: boolean;
    /** Fields whose values stay when the form starts again after a success (the accounts of the next transfer). */
    keepOnDone?: string[];
  };
  /** Buttons under the section, evaluated against its data (`data.path` applied). */
  actions?: Action[];
  /** For kind table: buttons on every row. */
  rowActions?: Action[];
  entity?: JsonSchema;
  rows?: string;
  total?: string;
  columns?: Column[];
  card?: CardSpec;
  /** For kind cards: items sharing a value drawn together under a heading. */
  groupBy?: ItemGroups;
  link?: { to: string; label: string };
  emptyText?: string;
  /** Buttons under the empty text when the section has no items: the call to action of an empty list. */
  emptyActions?: Action[];
  /** A call made once for each item shown (a detail's data counts as one) that meets its `when`. */
  onShow?: OnShow;
  /** For kind table: path with :field placeholders to open on row click. */
  rowLink?: string;
  /** For kind table: the rows as a list of lines (see {@link TableSpec.list}). */
  list?: RowListSpec;
  /** For kind table: a heading (Today, Yesterday, the date) starts each day of this row field. */
  groupByDay?: string;
  /** For kind table: a search box above the rows whose text is sent as a field of the section's call (see {@link SectionSearch}). */
  search?: SectionSearch;
  /** While its data loads (see {@link SectionLoading}). */
  loading?: SectionLoading;
}

/**
 * A dashboard table's search box: its text, sent with Enter or its button, is the request field `field` of
 * the section's call (left out while empty), and the list loads again from its first page.
 */
export interface SectionSearch {
  /** The request field that takes the text. */
  field: string;
  /** i18n key of the box's label (also its placeholder). */
  label: string;
  /** The most characters the box takes. */
  maxLength?: number;
}

/**
 * What a dashboard section draws while its data loads, so that nothing under it moves when the data
 * arrives: placeholders of its items' final height (cards, row-list lines, chart bars), and its buttons
 * without `when`, unseen.
 */
export interface SectionLoading {
  /** How many placeholders (default: a table's `pageSize` parameter else 5, one card, five bars); 0 for none (a section of buttons). */
  rows?: number;
  /** With `when`: drawn while its data loads (title, placeholders), as though its condition will hold; for the sections most visitors see. */
  likely?: boolean;
}

export interface DashboardSpec {
  sections: DashboardSection[];
  /** `stack`: one section under another on every screen (default `grid`: two abreast on wide screens). */
  layout?: 'grid' | 'stack';
  /** Tabs within the screen (`?tab=<id>` in the address); a section's `tab` puts it on one. */
  tabs?: { id: string; label: string }[];
}

export interface CustomSpec {
  component: string;
  props?: Record<string, unknown>;
  /** What a spec cannot say about the screen; codegen requires it, the engine does not read it. */
  reason?: string;
  /** Forms the component draws with `SchemaForm`, by name; codegen resolves and narrows each schema. */
  forms?: Record<string, CustomForm>;
}

/** A form of a custom screen: the listed fields of a schema, which the component submits itself. */
export type CustomForm = Pick<FormSpec, 'schema' | 'fields' | 'uiSchema'>;

/** A link to another screen: `label` is an i18n key, `to` an application path. */
export interface ScreenLink {
  label: string;
  to: string;
}

/** Screens that belong together, shown as tabs on each of them. `label` names the group for screen readers. */
export interface TabGroup {
  label: string;
  items: ScreenLink[];
}

/**
 * A screen's entry in the main navigation: its place (`order`), label and icon name; `placement: more`
 * puts it in the shell's secondary menu ("More") instead of the primary row; `bar: true` also puts it in
 * the bar phones show at the bottom of the screen.
 */
export interface ScreenNav {
  order: number;
  label?: string;
  icon?: string;
  placement?: 'primary' | 'more';
  bar?: boolean;
  /** The entry is drawn only where the application's facts (`EngineOptions.facts`) meet it (a brand's option). */
  when?: When;
}

/** What one listed value of a route parameter sets on its screen (`ScreenSpec.routeValues`). */
export interface RouteValue {
  /** i18n key of the screen's title at this address (its heading, the document and the shell's title). */
  title?: string;
  /** i18n key of the screen's description at this address. */
  description?: string;
  /** Values the screen reads as route parameters at this address: `{ mediaType: text/csv }`. */
  params?: Record<string, string>;
}

/** A route parameter -> its only values, each with what it sets (`ScreenSpec.routeValues`). */
export type RouteValues = Record<string, Record<string, RouteValue>>;

/** One screen, as codegen writes it to `generated/screens/<id>.json`. */
export interface ScreenSpec {
  id: string;
  route: string;
  layout: LayoutName;
  guard?: string;
  redirect?: string;
  title: string;
  description?: string;
  nav?: ScreenNav;
  kind: ScreenKind;
  form?: FormSpec;
  table?: TableSpec;
  detail?: DetailSpec;
  wizard?: WizardSpec;
  dashboard?: DashboardSpec;
  custom?: CustomSpec;
  actions?: Action[];
  /** Links to related screens, shown after the screen's content (e.g. "Forgot password?" under a form). */
  links?: ScreenLink[];
  /** Sibling screens shown as tabs above the content; codegen fills it from `screens/tab-groups.yaml`. */
  tabs?: TabGroup;
  /**
   * The screen is shown as a modal dialog over its layout rather than as a page (a popup a link opens):
   * closing it (its close button, Escape) goes to `closeTo`.
   */
  dialog?: { closeTo: string };
  /** An address with this query parameter opens `to` (`:<param>` filled) instead of the screen. */
  queryRedirect?: { param: string; to: string; pattern?: string };
  /**
   * Request fields every call of the screen carries, taken from the address: `routeParams` maps a request
   * field to a route parameter (`{ accessKey: key }` on `/shared/:key`). Its data, forms, live values,
   * option lists, buttons and second factors all send it, without naming it each time.
   */
  everyCall?: { routeParams: Record<string, string> };
  /**
   * One route parameter whose values are listed (`{ format: { csv: {…}, pdf: {…} } }` on `/exports/:format`):
   * each listed value is an address of the screen, any other answers the engine's not-found page. A value may
   * set the screen's `title` and `description` there, and `params`, values the screen reads as route
   * parameters (`routeParams`, `":name"` in action params, `everyCall`) as if the address held them.
   */
  routeValues?: RouteValues;
  /** The YAML file the spec came from, e.g. `screens/login.yaml`; named in every error about the spec. */
  source?: string;
}

/**
 * One line of `generated/screens.ts`: what the router needs before the screen is opened, plus `load`, which
 * fetches the full spec lazily so that the first screen does not carry every other screen's spec, and
 * `validators`, which fetches the precompiled validators of its forms.
 */
export interface ScreenEntry {
  id: string;
  route: string;
  layout: LayoutName;
  guard?: string;
  redirect?: string;
  /** Absent only on a screen that redirects. */
  kind?: ScreenKind;
  title: string;
  nav?: ScreenNav;
  /** The spec's `routeValues`: the router draws one route per listed value, and none for other values. */
  routeValues?: RouteValues;
  /** `() => import('./screens/<id>.json')`; a module with the spec as `default`, or the spec itself. */
  load: () => Promise<unknown>;
  /**
   * `() => import('./validators/<id>.ts')`: a module whose `default` maps form schemas (by rjsf's
   * `hashForSchema`) to the validators codegen compiled for them with ajv. Without it, or for a schema it
   * does not have, ajv compiles the schema in the browser, from a chunk fetched only then.
   */
  validators?: () => Promise<unknown>;
}
