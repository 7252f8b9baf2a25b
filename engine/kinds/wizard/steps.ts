import type { JsonSchema, WizardSpec, WizardStep } from '../../spec/types';
import { matchesWhen } from '../../spec/when';

/** Whether a step asks for answers of its own (a form or a hub), as opposed to a summary or sections. */
export const asksForAnswers = (step: WizardStep): boolean => (step.kind ?? 'fields') === 'fields' || step.kind === 'hub';

/** Whether a step sends fields of its own: one that asks for answers, or a summary asking for fields sent beside the submit's wrap. */
const sendsFields = (step: WizardStep): boolean => asksForAnswers(step) || (step.kind === 'summary' && Boolean(step.fields?.length));

/**
 * The steps shown for these answers: those whose `when` holds and whose `showIf` schema the answers meet
 * (`schemaHolds` tests a JSON Schema, see `useSchemaTest`).
 *
 * @example
 * ```ts
 * visibleSteps(wizard, { hasPartner: false }, test); // without the step `when: { field: hasPartner, equals: true }`
 * ```
 */
export function visibleSteps(
  wizard: WizardSpec,
  data: Record<string, unknown>,
  schemaHolds: (schema: NonNullable<WizardStep['showIf']>, data: Record<string, unknown>) => boolean,
): WizardStep[] {
  return wizard.steps.filter((step) => matchesWhen(step.when, data) && (!step.showIf || schemaHolds(step.showIf, data)));
}

/**
 * The answers of the shown steps, up to and including `lastStepId` when given: what a step's `save` or
 * the final submit sends. Answers to steps hidden by a later change are left out.
 *
 * @example
 * ```ts
 * answersOf(shown, { name: 'Ada', partnerName: 'Bo' }); // { name: 'Ada' } when the partner step is hidden
 * ```
 */
export function answersOf(shown: readonly WizardStep[], data: Record<string, unknown>, lastStepId?: string): Record<string, unknown> {
  const end = lastStepId === undefined ? shown.length : shown.findIndex((step) => step.id === lastStepId) + 1;
  const answers: Record<string, unknown> = {};
  for (const step of shown.slice(0, end)) {
    if (!sendsFields(step)) continue;
    for (const field of step.fields ?? []) if (data[field] !== undefined) answers[field] = data[field];
  }
  return answers;
}

/**
 * The shown step that asks for the field a server error names (`people.0.name` names `people`), or -1.
 *
 * @example
 * ```ts
 * stepOfPath(shown, 'people.0.name'); // the index of the hub of people
 * ```
 */
export function stepOfPath(shown: readonly WizardStep[], path: string): number {
  const field = path.split('.')[0] ?? '';
  return shown.findIndex((step) => sendsFields(step) && (step.fields ?? []).includes(field));
}

/**
 * The id of the step to open on: the draft's, else the first `startAt` entry whose condition the loaded
 * answer meets, else the first step.
 *
 * @example
 * ```ts
 * startStep(wizard, shown, null, { certification: {...} }); // 'documents' with startAt [{ step: documents, when: { field: certification, present: true } }]
 * ```
 */
export function startStep(wizard: WizardSpec, shown: readonly WizardStep[], draftStep: number | null, loaded: unknown): string {
  const first = shown[0]?.id ?? wizard.steps[0]?.id ?? '';
  if (draftStep !== null) {
    const drafted = wizard.steps[draftStep];
    return drafted && shown.includes(drafted) ? drafted.id : first;
  }
  const start = (wizard.startAt ?? []).find((entry) => matchesWhen(entry.when, loaded ?? {}));
  return start && shown.some((step) => step.id === start.step) ? start.step : first;
}

/**
 * A step's answers with every yes/no question not yet touched answered "no": a checkbox left alone is
 * unchecked, which is an answer, and a required one must not be refused as missing.
 *
 * @example
 * ```ts
 * withUncheckedBoxes({ properties: { usCitizen: { type: 'boolean' } } }, {}); // { usCitizen: false }
 * ```
 */
export function withUncheckedBoxes(schema: JsonSchema, data: Record<string, unknown>): Record<string, unknown> {
  const filled = { ...data };
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    if (property.type === 'boolean' && filled[field] === undefined) filled[field] = false;
  }
  return filled;
}
