import { createContext, type ReactNode } from 'react';

/** A live message under a field: already translated, with its tone. */
export interface LiveNote {
  text: string;
  tone: 'good' | 'bad' | 'neutral';
}

/**
 * What the live values of a form draw inside it, by the name of a top-level field: the message under it
 * (`null` while there is none: the live region stays, so screen readers hear the next one) and the panels
 * after it; and the values of their answers. The form's field template reads it.
 */
export interface LiveFields {
  messages: Readonly<Record<string, LiveNote | null>>;
  panels: Readonly<Record<string, ReactNode>>;
  /** The fields of every answer, merged: a `ui:title` may name them (`"Amount ({{currencyCode}})"`). */
  values: Readonly<Record<string, unknown>>;
}

export const LiveFieldsContext = createContext<LiveFields>({ messages: {}, panels: {}, values: {} });
