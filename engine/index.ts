/**
 * The rendering engine: turns screen specs into routes and screens. It knows nothing about the product;
 * the application gives it layouts, guards, a transport, actions and custom components.
 *
 * Everything not exported here is internal and may change.
 */
export { createScreenRoutes, createScreenRouter } from './router/createScreenRoutes';
export { EngineProvider, useEngine } from './provider/EngineProvider';
export { MethodCallError, isMethodCallError } from './errors/MethodCallError';
export { formatMoney, formatNumber, formatDate, formatDateTime } from './format';
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
export { newIdempotencyKey, submissionKeys, type SubmissionKeys } from './flow/idempotency';
export { useAnswerFlow, type FlowOutcome, type FlowRunOptions, type FlowTarget } from './flow/useAnswerFlow';
export type { ChallengeContext, ChallengeHandler, ChallengeState, ChallengeTexts } from './flow/types';
export type {
  ActionContext,
  ActionResult,
  AppAction,
  CustomScreenProps,
  EngineOptions,
  Guard,
  GuardContext,
  LayoutProps,
  NavItem,
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
  ScreenEntry,
  ScreenKind,
  ScreenSpec,
  Submit,
  Success,
  SwitchGridSpec,
  TabGroup,
} from './spec/types';
