/**
 * The rendering engine: turns screen specs into routes and screens. It knows nothing about the product;
 * the application gives it layouts, guards, a transport, actions and custom components.
 *
 * Everything not exported here is internal and may change.
 */
export { createScreenRoutes, createScreenRouter } from './router/createScreenRoutes';
export { EngineProvider, useEngine } from './provider/EngineProvider';
export { MethodCallError, isAnswer, isMethodCallError } from './errors/MethodCallError';
export { formatMoney, formatNumber, formatDate, formatDateTime } from './format';
export { formatDuration } from './format/formatValue';
export { intlLocale } from './i18n/labels';
export { ConfirmDialog, useConfirm, type ConfirmOptions, type ConfirmWording } from './ui/ConfirmDialog';
export { Dialog, type DialogProps } from './ui/Dialog';
export { ActionList } from './actions/ActionBar';
export { TabNav } from './ui/TabNav';
export { CopyButton } from './ui/CopyButton';
export { QrCode } from './ui/QrCode';
export { ItemArt } from './kinds/dashboard/CardsSection';
export type { CardSpec, OnShow, TileArt } from './spec/types';
export { matchesWhen, type When } from './spec/when';
export { ChoiceSelect, type Choice } from './schema-form/optionWidgets';
/*
 * Parts for the screens that stay `kind: custom` (issue 12): a custom screen is assembled from these and
 * names no `eng-*` class itself. Each has TSDoc with an example (index.test.ts checks).
 */
export { SchemaForm, type SchemaFormProps } from './schema-form/SchemaForm';
export { customForm, formSchema } from './schema-form/formSchemas';
export { useServerErrors } from './schema-form/serverErrors';
export { emptySpentValues } from './schema-form/singleUse';
export { useFieldAria } from './schema-form/fieldVisibility';
export { SubmitButton } from './kinds/form/SubmitButton';
export { DataTable, type DataTableProps } from './kinds/table/DataTable';
export { DefinitionList } from './kinds/detail/DefinitionList';
export { Checkbox, Field, FieldGroup, HelpText, inputClassName, type CheckboxProps, type FieldGroupProps, type FieldIds, type FieldProps } from './ui/Field';
export { useCodeField, type CodeField, type CodeFieldOptions } from './ui/CodeInput';
export { MoneyInput, type MoneyInputProps } from './ui/MoneyInput';
export { Button, ButtonLink, ButtonRow, type ButtonLinkProps, type ButtonProps, type ButtonVariant } from './ui/Button';
export { Section } from './ui/Section';
export { NoticeArea, type NoticeAreaProps, type NoticeItem } from './ui/NoticeArea';
export { LoadingIndicator } from './ui/Progress';
export { useMethodData } from './data/useMethodData';
export { useCall, type CallOutcome, type CallTarget } from './actions/useCall';
export { useSubmit, type SubmitOutcome } from './actions/useSubmit';
/* The step flow: flows driven by the server's answer (issue 12 item 1). */
export { newIdempotencyKey, submissionKeys, type SubmissionKeys } from './flow/idempotency';
export { useAnswerFlow, type FlowOutcome, type FlowRunOptions, type FlowTarget } from './flow/useAnswerFlow';
export type { ChallengeContext, ChallengeHandler, ChallengeState, ChallengeTexts } from './flow/types';
export type {
  ActionContext,
  ActionResult,
  AnswerProblem,
  AnswerRules,
  AnswerRulesLoader,
  AppAction,
  CustomScreenProps,
  EngineOptions,
  Guard,
  GuardContext,
  LayoutLoader,
  LayoutProps,
  NavItem,
  ValueStore,
  CallLookup,
  LiveEvents,
  WidgetProps,
} from './provider/types';
export type {
  Action,
  Column,
  DashboardSection,
  DataSource,
  FieldSource,
  LabelSource,
  OptionSource,
  UiOptions,
  JsonSchema,
  LayoutName,
  LiveValue,
  ResultStep,
  ReviewStep,
  ReviewLookup,
  ScreenEntry,
  ScreenKind,
  ScreenSpec,
  Submit,
  Success,
  SwitchGridSpec,
  TabGroup,
} from './spec/types';
