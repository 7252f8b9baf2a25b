import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCall } from '../../actions/useCall';
import { unwrapFieldErrors, useSubmit } from '../../actions/useSubmit';
import { getPath } from '../../data/paths';
import { useMethodData } from '../../data/useMethodData';
import { isMethodCallError } from '../../errors/MethodCallError';
import { useEngine } from '../../provider/EngineProvider';
import type { KindProps } from '../../router/kinds';
import { wizardHubItemSchema, wizardStepSchema } from '../../schema-form/formSchemas';
import { pickFields } from '../../schema-form/narrowSchema';
import { SchemaForm } from '../../schema-form/SchemaForm';
import { useServerErrors } from '../../schema-form/serverErrors';
import { emptySpentValues } from '../../schema-form/singleUse';
import type { AnswerProblem, AnswerRules } from '../../provider/types';
import type { JsonSchema, ScreenSpec, WizardSpec, WizardStep } from '../../spec/types';
import { useConfirm } from '../../ui/ConfirmDialog';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingIndicator } from '../../ui/Progress';
import { SubmitButton } from '../form/SubmitButton';
import { specPart } from '../specPart';
import { clearDraft, draftableData, openingDraftToken, pickDraft, readDraft, serverDraft, writeDraft, writeDraftToken, type WizardDraft } from './draft';
import { holdingProblems, itemProblems, tidied } from './answerRules';
import { fetchWizardRules, wizardRules } from './registeredRules';
import { HubStep } from './HubStep';
import { StepIndicator } from './StepIndicator';
import { answersOf, asksForAnswers, startStep, stepOfPath, visibleSteps, withUncheckedBoxes } from './steps';
import { SummaryStep } from './SummaryStep';
import { useSchemaTest } from './useSchemaTest';
import { specSource } from '../../spec/source';

/**
 * A step of dashboard sections: few wizards have one, and the dashboard's parts (tables, charts, editable
 * sections) are most of a wizard's code, so they come when such a step is shown.
 */
const Section = lazy(() => import('../dashboard/DashboardScreen').then((module) => ({ default: module.Section })));

type Answers = Record<string, unknown>;

/** Problems as the forms show them: their messages by field, two on one field said one after the other. */
function problemMessages(problems: ReadonlyArray<AnswerProblem & { path?: string }>, t: (key: string, values?: Record<string, unknown>) => string) {
  const messages: Record<string, string> = {};
  for (const problem of problems) {
    const at = problem.path ?? problem.field;
    const text = t(problem.key, problem.values);
    messages[at] = messages[at] ? `${messages[at]} ${text}` : text;
  }
  return messages;
}

/** Every field a step asks for: what the answers may hold, and all a loaded answer may start them with. */
const askedFields = (wizard: WizardSpec) => wizard.steps.flatMap((step) => (asksForAnswers(step) ? (step.fields ?? []) : []));

/**
 * `kind: wizard`: answers collected over steps.
 * - **Steps** of kind `fields` (a form of the step's fields, validated with the schema before Next), `hub`
 *   (a list edited item by item in a sub-form, each item validated by its schema), `summary` (the answers so
 *   far with an "Edit" button back to each step) and `sections` (dashboard sections: details, buttons, forms).
 * - **Conditions**: a step shows only when the answers meet its `when` and its `showIf` JSON Schema; the
 *   indicator and "Step x of y" count the shown steps; a hidden step's answers are not sent.
 * - **Calls**: a step's `save` is called on Next with the answers of the shown steps up to it; `submit`
 *   sends all of them from the last answering step. A server field error takes the user to the step that
 *   asks for the field and shows it there. Back never validates and keeps every answer.
 * - **Start**: the answers start from `data` (refused: with one of `refused.codes` its notice and link, else
 *   `failure.navigate`, else a retry); `startAt` opens on a later step when the loaded answer says
 *   so. A draft (`draft.key`, `draft.version`; on the server too with `draft.load`/`draft.save`) keeps the
 *   answers and the step; the server's wins when saved later, with a notice.
 *
 * @example
 * ```yaml
 * kind: wizard
 * wizard:
 *   schema: entities/business.schema.json
 *   steps:
 *     - { id: company, title: business.steps.company, fields: [legalName, registrationNumber] }
 *     - { id: owners, title: business.steps.owners, kind: hub, fields: [owners],
 *         hub: { fields: [name, share], itemTitle: business.owner } }
 *     - { id: review, title: business.steps.review, kind: summary }
 *   draft: { key: business-registration, version: '1' }
 *   submit: { method: businessRegister, success: { navigate: /home } }
 * ```
 */
export function WizardScreen({ spec }: KindProps) {
  const wizard = specPart(spec, 'wizard');
  if (wizard.steps.length === 0) {
    throw new Error(`${specSource(spec)} has a wizard without steps. Add at least one step.`);
  }
  const loaded = useMethodData(wizard.data);
  const { search } = useLocation();
  const [token] = useState(() => openingDraftToken(wizard.draft, search));
  // With a token field, the server's draft is asked for only by the token naming it.
  const loadsDraft = Boolean(wizard.draft?.load) && (!wizard.draft?.token || token !== null);
  const drafted = useMethodData(
    loadsDraft && wizard.draft?.load ? { method: wizard.draft.load, params: wizard.draft.token ? { [wizard.draft.token]: token } : undefined } : undefined,
  );
  const rules = useAnswerRules(spec, wizard);
  if (loaded.error && wizard.refused && isMethodCallError(loaded.error) && wizard.refused.codes.includes(loaded.error.code)) {
    return <NotForThisCustomer refused={wizard.refused} />;
  }
  if (loaded.error && wizard.failure) return <Refused error={loaded.error} to={wizard.failure.navigate} />;
  if (loaded.error) return <ErrorState onRetry={() => void loaded.mutate()} />;
  // A draft that cannot be fetched is no reason to keep the user from starting: the local one serves.
  const draftPending = loadsDraft && drafted.data === undefined && !drafted.error;
  if ((wizard.data && loaded.data === undefined) || draftPending || rules === 'fetching') return <LoadingIndicator />;
  return <WizardBody spec={spec} wizard={wizard} rules={rules} loaded={loaded.data} serverDraftAnswer={drafted.data} openingToken={token} />;
}

/**
 * The answer rules the wizard names, `'fetching'` while rules registered as `{ load }` are on their way (the
 * screen's route normally fetched them with the spec). A fetch that fails reaches the route's error page.
 */
function useAnswerRules(spec: ScreenSpec, wizard: WizardSpec): AnswerRules | undefined | 'fetching' {
  const { answerRules } = useEngine();
  const rules = wizardRules(wizard, answerRules);
  const [, arrived] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (rules !== 'fetching') return;
    let live = true;
    fetchWizardRules(spec, answerRules).then(
      () => live && arrived((count) => count + 1),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [rules, spec, answerRules]);
  if (failure) throw failure.error;
  return rules;
}

/** A wizard whose answers were refused with one of `refused.codes`: says so, with the way on, and offers no retry. */
function NotForThisCustomer({ refused }: { refused: NonNullable<WizardSpec['refused']> }) {
  const { t } = useTranslation();
  return (
    <div className="eng-notice eng-notice--info" role="status">
      <p>{t(refused.notice)}</p>
      {refused.link && (
        <Link className="eng-button eng-button--primary" to={refused.link.to}>
          {t(refused.link.label)}
        </Link>
      )}
    </div>
  );
}

/** A wizard whose answers were refused (`failure`): says why through `onError`, then goes elsewhere. */
function Refused({ error, to }: { error: unknown; to: string }) {
  const { onError } = useEngine();
  const navigate = useNavigate();
  useEffect(() => {
    onError?.(error);
    void navigate(to, { replace: true });
  }, [error, to, onError, navigate]);
  return <LoadingIndicator />;
}

function WizardBody({
  spec,
  wizard,
  rules,
  loaded,
  serverDraftAnswer,
  openingToken,
}: {
  spec: ScreenSpec;
  wizard: WizardSpec;
  rules: AnswerRules | undefined;
  loaded: unknown;
  serverDraftAnswer: unknown;
  openingToken: string | null;
}) {
  const { t } = useTranslation();
  const { callMethod } = useEngine();
  const conditions = useMemo(() => wizard.steps.flatMap((step) => (step.showIf ? [step.showIf] : [])), [wizard]);
  const schemaHolds = useSchemaTest(conditions);
  const [opening] = useState(() => {
    const local = wizard.draft ? readDraft(wizard.draft.key, wizard.draft.version) : null;
    const server = wizard.draft?.load ? serverDraft(serverDraftAnswer, wizard.draft.version) : null;
    return pickDraft(local, server);
  });
  const [data, setData] = useState<Answers>(() => ({
    ...(opening.draft?.data ?? pickFields(getPath(loaded, wizard.data?.path), askedFields(wizard))),
    ...wizard.fixed,
  }));
  const draftToken = useRef(openingToken);
  const shown = useMemo(() => visibleSteps(wizard, data, schemaHolds), [wizard, data, schemaHolds]);
  const [stepId, setStepId] = useState(() => startStep(wizard, visibleSteps(wizard, data, schemaHolds), opening.draft?.step ?? null, loaded));
  const [hasDraft, setHasDraft] = useState(opening.draft !== null);
  // Bumped to remount the step's form after "clear draft", so no field keeps a stale value or error.
  const [generation, setGeneration] = useState(0);
  const [listError, setListError] = useState<string | null>(null);
  const [hubEditing, setHubEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);
  const serverErrors = useServerErrors();
  const { call, succeed, fail } = useCall(spec);
  const { submitData, pending, dialog: submitDialog } = useSubmit(spec, wizard.submit ?? {});
  const { confirm, dialog: clearDialog } = useConfirm();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const found = shown.findIndex((candidate) => candidate.id === stepId);
  const stepIndex = Math.max(found, 0);
  const step = (shown[stepIndex] ?? wizard.steps[0]) as WizardStep;
  const kind = step.kind ?? 'fields';
  const lastIndex = shown.length - 1;
  // The last step that asks or sums up carries the submit; steps of sections after it only show.
  const submitIndex = wizard.submit ? shown.findLastIndex((candidate) => candidate.kind !== 'sections') : -1;
  const isSubmitStep = stepIndex === submitIndex;
  const stepSchema = useMemo(() => wizardStepSchema(wizard, step), [wizard, step]);
  const stepErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(serverErrors.messages).filter(([path]) => {
          const owner = stepOfPath(shown, path);
          return owner === stepIndex || (owner === -1 && (isSubmitStep || Boolean(step.save)));
        }),
      ),
    [serverErrors.messages, shown, stepIndex, isSubmitStep, step.save],
  );

  // After Next or Back the step's heading takes the focus, so a screen reader announces the new step.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [stepId]);

  const save = useCallback(
    (nextData: Answers, nextStepId: string) => {
      if (!wizard.draft) return;
      const draft: WizardDraft = {
        version: wizard.draft.version,
        step: wizard.steps.findIndex((candidate) => candidate.id === nextStepId),
        data: draftableData(wizard, nextData),
        savedAt: new Date().toISOString(),
      };
      writeDraft(wizard.draft.key, draft);
      setHasDraft(true);
      return draft;
    },
    [wizard],
  );

  const goTo = (nextStepId: string, nextData: Answers) => {
    moved.current = true;
    setListError(null);
    setStepId(nextStepId);
    const draft = save(nextData, nextStepId);
    // The server keeps the draft for another device; a failure there only costs that, the local one stays.
    if (draft && wizard.draft?.save) saveOnServer(draft).catch(() => undefined);
  };

  /** Sends the draft to the server, with the token naming its copy there; keeps the token it answers. */
  const saveOnServer = async (draft: WizardDraft) => {
    const tokenField = wizard.draft?.token;
    const held = draftToken.current;
    const answer = await callMethod(wizard.draft?.save ?? '', { draft, ...(tokenField && held ? { [tokenField]: held } : {}) });
    const given = tokenField ? getPath(answer, tokenField) : undefined;
    if (wizard.draft && typeof given === 'string' && given !== held) {
      draftToken.current = given;
      writeDraftToken(wizard.draft.key, given);
    }
  };

  /** Forgets the draft here and, with `draft.delete`, on the server (best effort: it expires there anyway). */
  const forgetDraft = () => {
    if (!wizard.draft) return;
    clearDraft(wizard.draft.key);
    const tokenField = wizard.draft.token;
    const held = draftToken.current;
    if (wizard.draft.delete && (!tokenField || held)) {
      callMethod(wizard.draft.delete, tokenField ? { [tokenField]: held } : {}).catch(() => undefined);
    }
    draftToken.current = null;
    writeDraftToken(wizard.draft.key, null);
  };

  const change = (changed: Answers) => {
    const next = tidied(rules, data, changed);
    setData(next);
    serverErrors.track(next);
    save(next, step.id);
  };

  const onStepChange = (stepData: Answers) => {
    // The step's form knows only its own fields; a field it cleared must disappear from the answers too.
    const fields = step.fields ?? [];
    const others = Object.fromEntries(Object.entries(data).filter(([field]) => !fields.includes(field)));
    change({ ...others, ...stepData });
  };

  /** Shows the server's field errors and opens the first shown step that asks for one of their fields. */
  const refused = (fieldErrors: Record<string, string>, all: Answers) => {
    serverErrors.show(fieldErrors, all);
    const first = Object.keys(fieldErrors)
      .map((path) => stepOfPath(shown, path))
      .filter((index) => index >= 0)
      .sort((a, b) => a - b)[0];
    const target = first === undefined ? undefined : shown[first];
    if (target && target.id !== step.id) goTo(target.id, all);
  };

  /**
   * Checks the answer rules before a move: the problems of this step and earlier ones (all of them before
   * the submit) are said on their fields, on the first step that asks for one; true when there are none.
   * A check that fails (a call without an answer) holds nothing: the server checks again.
   */
  const passesRules = async (all: Answers): Promise<boolean> => {
    if (!rules) return true;
    setChecking(true);
    try {
      const problems = holdingProblems(await rules.check(all), visibleSteps(wizard, all, schemaHolds), stepIndex, isSubmitStep);
      if (problems.length === 0) return true;
      refused(problemMessages(problems, t), all);
      return false;
    } catch {
      return true;
    } finally {
      setChecking(false);
    }
  };

  /** Runs the step's `save`; true when the wizard may move on. */
  const saveStep = async (all: Answers): Promise<boolean> => {
    if (!step.save) return true;
    setSaving(true);
    try {
      const outcome = await call(step.save, { ...answersOf(visibleSteps(wizard, all, schemaHolds), all, step.id), ...wizard.fixed });
      await succeed(step.save.success, outcome);
      return true;
    } catch (error) {
      if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) {
        refused(unwrapFieldErrors(error.fieldErrors, step.save.wrap), all);
      } else {
        fail(error);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  const next = async (all: Answers) => {
    if (pending || saving || checking) return;
    setData(all);
    if (!(await passesRules(all))) return;
    if (!(await saveStep(all))) return;
    const nowShown = visibleSteps(wizard, all, schemaHolds);
    const here = nowShown.findIndex((candidate) => candidate.id === step.id);
    if (isSubmitStep) {
      const outcome = await submitData(
        { ...answersOf(nowShown, all), ...wizard.fixed },
        {
          beforeSuccess: forgetDraft,
        },
      );
      // A refusal used up the single-use values (a one-time token): their fields ask for new ones.
      if (outcome.status === 'invalid')
        refused(
          outcome.fieldErrors,
          emptySpentValues(
            all,
            wizard.steps.map((each) => each.uiSchema),
            outcome.fieldErrors,
            setData,
          ),
        );
      else if (outcome.status === 'done' && nowShown[here + 1]) goTo((nowShown[here + 1] as WizardStep).id, all);
      return;
    }
    const following = nowShown[here + 1];
    if (following) goTo(following.id, all);
  };

  const hubField = step.fields?.[0] ?? '';
  const onHubNext = () => {
    const list = wizard.schema.properties?.[hubField] ?? {};
    const items = Array.isArray(data[hubField]) ? (data[hubField] as unknown[]) : [];
    const minItems = typeof list.minItems === 'number' ? list.minItems : 0;
    if (hubEditing) {
      setListError(t('engine.wizard.itemOpen'));
      return;
    }
    if (items.length < minItems) {
      setListError(t('engine.wizard.tooFewItems', { count: minItems }));
      return;
    }
    setListError(null);
    // A hub's step passed with no item leaves an empty list, not a missing one: a schema may require the list.
    void next(Array.isArray(data[hubField]) ? data : { ...data, [hubField]: [] });
  };

  const onClearDraft = async () => {
    if (!wizard.draft || !(await confirm('engine.wizard.clearDraftConfirm'))) return;
    forgetDraft();
    setHasDraft(false);
    const fresh = { ...pickFields(getPath(loaded, wizard.data?.path), askedFields(wizard)), ...wizard.fixed };
    setData(fresh);
    serverErrors.clear();
    moved.current = true;
    setStepId(visibleSteps(wizard, fresh, schemaHolds)[0]?.id ?? step.id);
    setGeneration((current) => current + 1);
  };

  const onBack = () => {
    // An item still open in a hub would be lost: it is saved or cancelled first, as before Next.
    if (kind === 'hub' && hubEditing) {
      setListError(t('engine.wizard.itemOpen'));
      return;
    }
    goTo((shown[stepIndex - 1] as WizardStep).id, data);
  };

  const nextLabel = isSubmitStep ? (wizard.submit?.label ?? 'engine.submit') : (step.save?.label ?? 'engine.next');
  const buttons = (nextButton: 'submit' | 'button' | null, onNext?: () => void) => (
    <div className="eng-form__buttons eng-wizard__buttons">
      {stepIndex > 0 && (
        <button type="button" className="eng-button eng-button--secondary" onClick={onBack}>
          {t('engine.back')}
        </button>
      )}
      {nextButton === 'submit' && <SubmitButton pending={pending || saving || checking}>{t(nextLabel)}</SubmitButton>}
      {nextButton === 'button' && (
        <button type="button" className="eng-button eng-button--primary" disabled={pending || saving || checking} onClick={onNext}>
          {t(nextLabel)}
        </button>
      )}
      {wizard.draft && hasDraft && (
        <button type="button" className="eng-button eng-button--link" onClick={() => void onClearDraft()}>
          {t('engine.wizard.clearDraft')}
        </button>
      )}
    </div>
  );
  const moreToCome = stepIndex < lastIndex || isSubmitStep;
  /** The step's own form over `formData`: a form step's fields, or those a summary asks under the answers. */
  const stepForm = (formData: Answers) => (
    <SchemaForm
      key={`${generation}:${step.id}`}
      idPrefix={`${spec.id}-${step.id}`}
      schema={stepSchema}
      uiSchema={step.uiSchema}
      formData={formData}
      context={data}
      serverErrors={stepErrors}
      onChange={onStepChange}
      onSubmit={(stepData) => void next({ ...data, ...stepData })}
    >
      {buttons(moreToCome ? 'submit' : null)}
    </SchemaForm>
  );

  let body;
  if (kind === 'hub') {
    const itemSchema = wizardHubItemSchema(wizard, step) as JsonSchema;
    const hubErrors = Object.fromEntries(
      Object.entries(stepErrors).flatMap(([path, message]) => (path.startsWith(`${hubField}.`) ? [[path.slice(hubField.length + 1), message]] : [])),
    );
    const otherErrors = Object.entries(stepErrors)
      .filter(([path]) => !path.startsWith(`${hubField}.`))
      .map(([, message]) => message);
    const hubFields = step.hub?.fields ?? [];
    const withItem = (items: Answers[], index: number, item: Answers) => ({
      ...data,
      [hubField]: items.map((each, at) => (at === index ? item : each)).concat(index >= items.length ? [item] : []),
    });
    body = (
      <>
        <HubStep
          key={`${generation}:${step.id}`}
          idPrefix={`${spec.id}-${step.id}`}
          hub={step.hub ?? { fields: [], itemTitle: '' }}
          itemSchema={itemSchema}
          listSchema={wizard.schema.properties?.[hubField] ?? {}}
          items={Array.isArray(data[hubField]) ? (data[hubField] as Answers[]) : []}
          onItemsChange={(items) => {
            setListError(null);
            change({ ...data, [hubField]: items });
          }}
          serverErrors={hubErrors}
          listError={[listError, ...otherErrors].filter(Boolean).join(' ') || null}
          onEditingChange={setHubEditing}
          context={data}
          checkItem={
            rules &&
            (async (items, index) => {
              try {
                return problemMessages(itemProblems(await rules.check({ ...data, [hubField]: items }), hubField, index, hubFields), t);
              } catch {
                return {};
              }
            })
          }
          tidyItem={
            rules?.tidy &&
            ((items, index, before, after) => {
              const kept = tidied(rules, withItem(items, index, before), withItem(items, index, after))[hubField];
              const item: unknown = Array.isArray(kept) ? kept[index] : undefined;
              return typeof item === 'object' && item !== null ? (item as Answers) : after;
            })
          }
        />
        {buttons(moreToCome ? 'button' : null, onHubNext)}
      </>
    );
  } else if (kind === 'summary') {
    const unplaced = Object.entries(stepErrors)
      .filter(([path]) => stepOfPath(shown, path) === -1)
      .map(([, message]) => message);
    body = (
      <>
        <SummaryStep wizard={wizard} steps={shown.slice(0, stepIndex)} data={data} onEdit={(id) => goTo(id, data)} />
        {unplaced.length > 0 && (
          <p className="eng-field-errors" role="alert">
            {unplaced.join(' ')}
          </p>
        )}
        {step.fields?.length
          ? // Fields asked under the answers (sent beside the submit's wrap, never kept in the draft).
            stepForm(pickFields(data, step.fields))
          : buttons(moreToCome ? 'button' : null, () => void next(data))}
      </>
    );
  } else if (kind === 'sections') {
    body = (
      <>
        <div className="eng-dashboard eng-wizard__sections">
          <Suspense fallback={<LoadingIndicator />}>
            {(step.sections ?? []).map((section) => (
              <Section key={section.id} spec={spec} section={section} />
            ))}
          </Suspense>
        </div>
        {buttons(stepIndex < lastIndex ? 'button' : null, () => goTo((shown[stepIndex + 1] as WizardStep).id, data))}
      </>
    );
  } else {
    body = stepForm(withUncheckedBoxes(stepSchema, pickFields(data, step.fields ?? [])));
  }

  const introValues = typeof loaded === 'object' && loaded !== null ? (loaded as Answers) : {};
  return (
    <div className="eng-wizard" data-step={step.id}>
      {wizard.intro && <p className="eng-wizard__intro">{t(wizard.intro, introValues)}</p>}
      <StepIndicator steps={shown} current={stepIndex} />
      {opening.draft && hasDraft && (
        <p className="eng-notice" role="status">
          {t(opening.fromServer ? 'engine.wizard.draftFromServer' : 'engine.wizard.draftRestored')}
        </p>
      )}
      <h2 ref={headingRef} tabIndex={-1} className="eng-wizard__step-title">
        <span className="eng-wizard__step-count">{t('engine.wizard.stepOf', { step: stepIndex + 1, total: shown.length })}</span> {t(step.title)}
      </h2>
      {step.description && <p className="eng-wizard__step-description">{t(step.description)}</p>}
      {body}
      {submitDialog}
      {clearDialog}
    </div>
  );
}
