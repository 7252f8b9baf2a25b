import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WizardSpec, WizardStep } from '../../spec/types';
import { matchesWhen, type When } from '../../spec/when';
import { DefinitionList } from '../detail/DefinitionList';
import { asksForAnswers } from './steps';

type Item = Record<string, unknown>;

/** The items of a hub's list as the hub names them. */
function HubItems({ step, items }: { step: WizardStep; items: unknown }) {
  const { t } = useTranslation();
  const list = Array.isArray(items) ? (items as Item[]) : [];
  if (!step.hub || list.length === 0) return <p className="eng-empty">{t(step.hub?.emptyText ?? 'engine.value.empty')}</p>;
  return (
    <ul className="eng-hub__items">
      {list.map((item, index) => (
        <li key={index} className="eng-hub__item" data-item={index}>
          {t(step.hub?.itemTitle ?? '', { ...item, number: index + 1 })}
        </li>
      ))}
    </ul>
  );
}

/**
 * The fields of a step the answers show: a field whose `ui:options.when` does not hold for them was not
 * asked (and is not sent), so the summary leaves it out too.
 */
function shownFields(step: WizardStep, data: Item): string[] {
  const uiSchema = (step.uiSchema ?? {}) as Record<string, { 'ui:options'?: { when?: When } } | undefined>;
  return (step.fields ?? []).filter((field) => matchesWhen(uiSchema[field]?.['ui:options']?.when, data));
}

function StepAnswers({ wizard, step, data, onEdit }: { wizard: WizardSpec; step: WizardStep; data: Item; onEdit: (stepId: string) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const title = t(step.title);
  return (
    <section className="eng-summary__step" aria-labelledby={headingId} data-step={step.id}>
      <div className="eng-summary__head">
        <h3 id={headingId}>{title}</h3>
        <button type="button" className="eng-button eng-button--link" aria-label={`${t('engine.wizard.edit')}: ${title}`} onClick={() => onEdit(step.id)}>
          {t('engine.wizard.edit')}
        </button>
      </div>
      {step.kind === 'hub' ? (
        <HubItems step={step} items={data[step.fields?.[0] ?? '']} />
      ) : (
        <DefinitionList data={data} fields={shownFields(step, data).map((field) => ({ field }))} entity={wizard.schema} />
      )}
    </section>
  );
}

/**
 * A summary step: the answers of every shown step before it, step by step, each with an "Edit" button
 * that goes back to that step (the answers stay). A field its step shows only `when` some answers hold is
 * listed only where they do.
 *
 * @example
 * ```tsx
 * <SummaryStep wizard={wizard} steps={shownBefore} data={answers} onEdit={goToStep} />
 * ```
 */
export function SummaryStep({
  wizard,
  steps,
  data,
  onEdit,
}: {
  wizard: WizardSpec;
  steps: readonly WizardStep[];
  data: Item;
  onEdit: (stepId: string) => void;
}) {
  return (
    <div className="eng-summary">
      {steps.filter(asksForAnswers).map((step) => (
        <StepAnswers key={step.id} wizard={wizard} step={step} data={data} onEdit={onEdit} />
      ))}
    </div>
  );
}
