import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../actions/useSubmit';
import type { KindProps } from '../../router/kinds';
import { wizardStepSchema } from '../../schema-form/formSchemas';
import { pickFields } from '../../schema-form/narrowSchema';
import { SchemaForm } from '../../schema-form/SchemaForm';
import { useServerErrors } from '../../schema-form/serverErrors';
import type { WizardSpec, WizardStep } from '../../spec/types';
import { useConfirm } from '../../ui/ConfirmDialog';
import { SubmitButton } from '../form/SubmitButton';
import { specPart } from '../specPart';
import { clearDraft, draftableData, readDraft, writeDraft } from './draft';
import { StepIndicator } from './StepIndicator';

/** The index of the step that shows the field a server error names, or -1. */
function stepOfPath(wizard: WizardSpec, path: string): number {
  const field = path.split('.')[0] ?? '';
  return wizard.steps.findIndex((step) => step.fields.includes(field));
}

/**
 * `kind: wizard`: one schema split into steps. Each step validates only its own fields before Next; Back
 * never validates. Answers are kept in a local-storage draft (`draft.key`, `draft.version`) after every
 * change, restored on the next visit when the version matches, and dropped on success or on "clear draft"
 * after confirmation. The last step submits everything as `wizard.submit` says; a server field error takes
 * the user to the step that shows the field.
 *
 * @example
 * ```yaml
 * kind: wizard
 * wizard:
 *   schema: entities/business.schema.json
 *   steps: [{ id: company, title: business.steps.company, fields: [legalName, registrationNumber] }, ...]
 *   draft: { key: business-registration, version: '1' }
 *   submit: { method: businessRegister, success: { navigate: /home } }
 * ```
 */
export function WizardScreen({ spec }: KindProps) {
  const wizard = specPart(spec, 'wizard');
  if (wizard.steps.length === 0) {
    throw new Error(`${spec.source ?? `screens/${spec.id}.yaml`} has a wizard without steps. Add at least one step.`);
  }
  const { t } = useTranslation();
  const lastIndex = wizard.steps.length - 1;
  const [restoredDraft] = useState(() => (wizard.draft ? readDraft(wizard.draft.key, wizard.draft.version) : null));
  const [data, setData] = useState<Record<string, unknown>>(restoredDraft?.data ?? {});
  const [stepIndex, setStepIndex] = useState(() => Math.min(Math.max(restoredDraft?.step ?? 0, 0), lastIndex));
  const [hasDraft, setHasDraft] = useState(restoredDraft !== null);
  // Bumped to remount the step's form after "clear draft", so no field keeps a stale value or error.
  const [generation, setGeneration] = useState(0);
  const serverErrors = useServerErrors();
  const { submitData, pending, dialog: submitDialog } = useSubmit(spec, wizard.submit);
  const { confirm, dialog: clearDialog } = useConfirm();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const step = (wizard.steps[stepIndex] ?? wizard.steps[0]) as WizardStep;
  const stepSchema = useMemo(() => wizardStepSchema(wizard, step), [wizard, step]);
  const stepErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(serverErrors.messages).filter(([path]) => {
          const owner = stepOfPath(wizard, path);
          return owner === stepIndex || (owner === -1 && stepIndex === lastIndex);
        }),
      ),
    [serverErrors.messages, wizard, stepIndex, lastIndex],
  );

  // After Next or Back the step's heading takes the focus, so a screen reader announces the new step.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [stepIndex]);

  const save = (nextData: Record<string, unknown>, nextStep: number) => {
    if (!wizard.draft) return;
    writeDraft(wizard.draft.key, {
      version: wizard.draft.version,
      step: nextStep,
      data: draftableData(wizard, nextData),
      savedAt: new Date().toISOString(),
    });
    setHasDraft(true);
  };

  const goTo = (index: number, nextData: Record<string, unknown>) => {
    moved.current = true;
    setStepIndex(index);
    save(nextData, index);
  };

  const onStepChange = (stepData: Record<string, unknown>) => {
    // The step's form knows only its own fields; a field it cleared must disappear from the answers too.
    const others = Object.fromEntries(Object.entries(data).filter(([field]) => !step.fields.includes(field)));
    const next = { ...others, ...stepData };
    setData(next);
    serverErrors.track(next);
    save(next, stepIndex);
  };

  const onStepSubmit = async (stepData: Record<string, unknown>) => {
    const all = { ...data, ...stepData };
    setData(all);
    if (stepIndex < lastIndex) {
      goTo(stepIndex + 1, all);
      return;
    }
    if (pending) return;
    const outcome = await submitData(all, {
      beforeSuccess: () => {
        if (wizard.draft) clearDraft(wizard.draft.key);
      },
    });
    if (outcome.status === 'invalid') {
      serverErrors.show(outcome.fieldErrors, all);
      const first = Object.keys(outcome.fieldErrors).map((path) => stepOfPath(wizard, path)).find((index) => index >= 0);
      if (first !== undefined && first !== stepIndex) goTo(first, all);
    }
  };

  const onClearDraft = async () => {
    if (!wizard.draft || !(await confirm('engine.wizard.clearDraftConfirm'))) return;
    clearDraft(wizard.draft.key);
    setHasDraft(false);
    setData({});
    serverErrors.clear();
    moved.current = true;
    setStepIndex(0);
    setGeneration((current) => current + 1);
  };

  return (
    <div className="eng-wizard">
      <StepIndicator steps={wizard.steps} current={stepIndex} />
      {restoredDraft && hasDraft && (
        <p className="eng-notice" role="status">
          {t('engine.wizard.draftRestored')}
        </p>
      )}
      <h2 ref={headingRef} tabIndex={-1} className="eng-wizard__step-title">
        <span className="eng-wizard__step-count">
          {t('engine.wizard.stepOf', { step: stepIndex + 1, total: wizard.steps.length })}
        </span>{' '}
        {t(step.title)}
      </h2>
      <SchemaForm
        key={`${generation}:${step.id}`}
        idPrefix={`${spec.id}-${step.id}`}
        schema={stepSchema}
        uiSchema={step.uiSchema}
        formData={pickFields(data, step.fields)}
        serverErrors={stepErrors}
        onChange={onStepChange}
        onSubmit={(stepData) => void onStepSubmit(stepData)}
      >
        <div className="eng-form__buttons eng-wizard__buttons">
          {stepIndex > 0 && (
            <button type="button" className="eng-button eng-button--secondary" onClick={() => goTo(stepIndex - 1, data)}>
              {t('engine.back')}
            </button>
          )}
          {stepIndex < lastIndex ? (
            <button type="submit" className="eng-button eng-button--primary">
              {t('engine.next')}
            </button>
          ) : (
            <SubmitButton pending={pending}>{t(wizard.submit.label ?? 'engine.submit')}</SubmitButton>
          )}
          {wizard.draft && hasDraft && (
            <button type="button" className="eng-button eng-button--link" onClick={() => void onClearDraft()}>
              {t('engine.wizard.clearDraft')}
            </button>
          )}
        </div>
      </SchemaForm>
      {submitDialog}
      {clearDialog}
    </div>
  );
}
