import { lazy, type ComponentProps } from 'react';
import type { ScreenSpec } from '../spec/types';
import type { FieldProps } from '@rjsf/utils';
import type { FileSetField as FileSetFieldPart } from './fileSetField';
import type { CountryWidget as CountryWidgetPart } from './optionWidgets';

/*
 * The widgets that draw choices from data or from the platform (a select or radios of a dictionary method's
 * answer, the brand's offer, countries, phone codes) and the engine's fields (file set, flag list,
 * checkboxes, question set, text per choice): most forms have none (the sign-in page's has none), so their code is fetched the first time a form draws one. The route fetches it
 * with the screen when its spec names one (see `usesRichWidgets`), so such a form draws at once; any other
 * waits for it inside the form's Suspense boundary.
 */
export const loadOptionWidgets = () => import('./optionWidgets');
const loadRadios = () => import('./radiosWidget');
const loadFileSet = () => import('./fileSetField');
const loadFlagList = () => import('./flagListField');
const loadCheckboxes = () => import('./checkboxesField');
const loadQuestionSet = () => import('./questionSetField');
const loadTextPerChoice = () => import('./textPerChoiceField');

type WidgetPartProps = ComponentProps<typeof CountryWidgetPart>;
const SourceSelect = lazy(() => loadOptionWidgets().then((module) => ({ default: module.SourceSelectWidget })));
const OfferedSelect = lazy(() => loadOptionWidgets().then((module) => ({ default: module.OfferedSelectWidget })));
const ContextSelect = lazy(() => loadOptionWidgets().then((module) => ({ default: module.ContextSelectWidget })));
const Country = lazy(() => loadOptionWidgets().then((module) => ({ default: module.CountryWidget })));
const PhoneCode = lazy(() => loadOptionWidgets().then((module) => ({ default: module.PhoneCodeWidget })));
const Radios = lazy(() => loadRadios().then((module) => ({ default: module.RadiosWidget })));
const FileSet = lazy(() => loadFileSet().then((module) => ({ default: module.FileSetField })));
const FlagList = lazy(() => loadFlagList().then((module) => ({ default: module.FlagListField })));
const Checkboxes = lazy(() => loadCheckboxes().then((module) => ({ default: module.CheckboxesField })));
const QuestionSet = lazy(() => loadQuestionSet().then((module) => ({ default: module.QuestionSetField })));
const TextPerChoice = lazy(() => loadTextPerChoice().then((module) => ({ default: module.TextPerChoiceField })));

/** A select of a dictionary method's answer (`ui:options.source`), see optionWidgets.tsx. */
export function SourceSelectWidget(props: WidgetPartProps) {
  return <SourceSelect {...props} />;
}

/** A select of the enum values the application's facts offer (`ui:options.offeredIn`), see optionWidgets.tsx. */
export function OfferedSelectWidget(props: WidgetPartProps) {
  return <OfferedSelect {...props} />;
}

/** A select of a list of the data the form sits beside (`ui:options.fromContext`), see optionWidgets.tsx. */
export function ContextSelectWidget(props: WidgetPartProps) {
  return <ContextSelect {...props} />;
}

/** `ui:widget: country`, see optionWidgets.tsx. */
export function CountryWidget(props: WidgetPartProps) {
  return <Country {...props} />;
}

/** `ui:widget: phoneCode`, see optionWidgets.tsx. */
export function PhoneCodeWidget(props: WidgetPartProps) {
  return <PhoneCode {...props} />;
}

/** `ui:widget: radios`, see radiosWidget.tsx. */
export function RadiosWidget(props: WidgetPartProps) {
  return <Radios {...props} />;
}

/** `ui:widget: fileSet`, see fileSetField.tsx. */
export function FileSetField(props: ComponentProps<typeof FileSetFieldPart>) {
  return <FileSet {...props} />;
}

/** `ui:widget: flagList`, see flagListField.tsx. */
export function FlagListField(props: FieldProps) {
  return <FlagList {...props} />;
}

/** `ui:widget: checkboxes`, see checkboxesField.tsx. */
export function CheckboxesField(props: FieldProps) {
  return <Checkboxes {...props} />;
}

/** `ui:widget: questionSet`, see questionSetField.tsx. */
export function QuestionSetField(props: FieldProps) {
  return <QuestionSet {...props} />;
}

/** `ui:widget: textPerChoice`, see textPerChoiceField.tsx. */
export function TextPerChoiceField(props: FieldProps) {
  return <TextPerChoice {...props} />;
}

const RICH_WIDGETS = new Set(['country', 'phoneCode', 'radios', 'fileSet', 'flagList', 'checkboxes', 'questionSet', 'textPerChoice']);
const RICH_OPTIONS = ['source', 'offeredIn'];

/**
 * Whether a spec, at any depth, names one of the widgets or fields above: `ui:widget` country, phoneCode,
 * radios, fileSet, flagList, checkboxes, questionSet or textPerChoice, or `ui:options` with a `source` or
 * `offeredIn`.
 *
 * @example
 * ```ts
 * usesRichWidgets({ form: { uiSchema: { country: { 'ui:widget': 'country' } } } } as ScreenSpec); // true
 * ```
 */
export function usesRichWidgets(spec: ScreenSpec | unknown): boolean {
  if (typeof spec !== 'object' || spec === null) return false;
  return Object.entries(spec).some(([key, value]) => {
    if (key === 'ui:widget' && typeof value === 'string' && RICH_WIDGETS.has(value)) return true;
    if (key === 'ui:options' && typeof value === 'object' && value !== null && RICH_OPTIONS.some((name) => name in value)) return true;
    return usesRichWidgets(value);
  });
}

/**
 * Fetches the code of the widgets above that `spec` names (nothing when it names none).
 *
 * @example
 * ```ts
 * await preloadRichWidgets(spec);
 * ```
 */
export function preloadRichWidgets(spec: ScreenSpec): Promise<unknown> {
  return usesRichWidgets(spec)
    ? Promise.all([loadOptionWidgets(), loadRadios(), loadFileSet(), loadFlagList(), loadCheckboxes(), loadQuestionSet(), loadTextPerChoice()])
    : Promise.resolve();
}
