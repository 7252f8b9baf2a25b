import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { enumLabel } from '../../i18n/labels';
import { contextChoices, contextOptionsOf } from '../../schema-form/contextChoices';
import { sourceChoices } from '../../schema-form/optionWidgets';
import type { AskedQuestion } from '../../schema-form/questionSetField';
import { optionSourceOf, useSourceData } from '../../schema-form/sources';
import type { WizardSpec, WizardStep } from '../../spec/types';
import { matchesWhen, type When } from '../../spec/when';
import { DefinitionList } from '../detail/DefinitionList';
import { hubItemTitle } from './hubItemTitle';
import { asksForAnswers } from './steps';

type Item = Record<string, unknown>;

/** One answer of an object field as the summary lists it: its label and its value in words. */
export interface SummaryEntry {
  path: string;
  label: string;
  value: string;
  /** A leaf picked from a dictionary (`ui:options.source`): its raw values, worded once the dictionary loads. */
  /** A `questionSet` answer: its questions' source and the answers by question, said question by question. */
  questions?: { options: NonNullable<ReturnType<typeof optionSourceOf>>; answers: Item };
  source?: { options: NonNullable<ReturnType<typeof optionSourceOf>>; values: readonly unknown[] };
}

const isObject = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answers inside an object field, leaf by leaf, each labelled by its uiSchema `ui:title` (else
 * `fields.<name>`): yes/no worded, lists of values joined, ids picked from the answers (`fromContext`)
 * named as their options are, enum values by `ui:options.enumKey` (`enums.<enumKey>.<value>`); a leaf
 * picked from a dictionary (`ui:options.source`) carries its source, for the summary to word it once the dictionary loads.
 *
 * @example
 * ```ts
 * summaryEntries(t, { name: 'Acme', address: { city: 'Oslo' } }, { name: { 'ui:title': 'co.name' } }, answers, 'shop');
 * // [{ path: 'shop.name', label: 'Name', value: 'Acme' }, { path: 'shop.address.city', label: 'City', value: 'Oslo' }]
 * ```
 */
export function summaryEntries(t: TFunction, value: Item, ui: unknown, answers: Item, path: string, within?: string): SummaryEntry[] {
  return Object.entries(value).flatMap(([name, held]) => {
    const own = isObject(ui) ? ui[name] : undefined;
    const here = `${path}.${name}`;
    const title = isObject(own) && typeof own['ui:title'] === 'string' ? own['ui:title'] : undefined;
    if (isObject(held) && isObject(own) && own['ui:widget'] === 'questionSet') {
      const questions = optionSourceOf(isObject(own['ui:options']) ? own['ui:options'] : {});
      return questions ? [{ path: here, label: title ? t(title) : name, value: '', questions: { options: questions, answers: held } }] : [];
    }
    // A group's leaves are said with the group's title ("Government officials: Answer"), which tells apart
    // groups asking the same fields.
    if (isObject(held)) return summaryEntries(t, held, own, answers, here, title ? t(title) : within);
    const ownLabel = title ? t(title) : t(`fields.${name}`, { defaultValue: name });
    const label = within ? `${within}: ${ownLabel}` : ownLabel;
    const options = isObject(own) && isObject(own['ui:options']) ? contextOptionsOf(own['ui:options']) : undefined;
    const named = options ? contextChoices(t, options, answers, value) : [];
    const uiOptions = isObject(own) && isObject(own['ui:options']) ? own['ui:options'] : {};
    const enumKey = typeof uiOptions.enumKey === 'string' ? uiOptions.enumKey : undefined;
    const word = (one: unknown): string => {
      if (typeof one === 'boolean') return t(one ? 'engine.value.yes' : 'engine.value.no');
      if (enumKey) return enumLabel(t, enumKey, one);
      return named.find((choice) => choice.value === one)?.label ?? String(one);
    };
    const words = Array.isArray(held) ? held.map(word).join(', ') : held === undefined || held === null ? '' : word(held);
    if (words === '') return [];
    // A calling code is shared by several countries (+44): it is said as the code, not as one of them.
    if (isObject(own) && own['ui:widget'] === 'phoneCode' && !Array.isArray(held)) return [{ path: here, label, value: `+${words}` }];
    const source = optionSourceOf(uiOptions);
    const entry: SummaryEntry = { path: here, label, value: words };
    return [source ? { ...entry, source: { options: source, values: Array.isArray(held) ? held : [held] } } : entry];
  });
}

/**
 * An answer's words: a value picked from a dictionary named as the dictionary's options name it (the same
 * cached call the form made), the raw value until it loads or when it fails.
 */
function EntryValue({ entry, answers }: { entry: SummaryEntry; answers: Item }) {
  const { t } = useTranslation();
  const { data } = useSourceData(entry.source?.options, answers);
  if (!entry.source || data === undefined) return <>{entry.value}</>;
  const choices = sourceChoices(t, data, entry.source.options, answers);
  return <>{entry.source.values.map((one) => choices.find((choice) => choice.value === one)?.label ?? String(one)).join(', ')}</>;
}

/**
 * A question set's answers (`ui:widget: questionSet`), question by question as the form asked them: the
 * question and its answer (yes/no, or the option chosen), then the follow-up fields it asked.
 */
function QuestionAnswers({ entry, answers }: { entry: SummaryEntry; answers: Item }) {
  const { t } = useTranslation();
  const { data } = useSourceData(entry.questions?.options, answers);
  const asked = Array.isArray(data) ? data.filter((question): question is AskedQuestion => isObject(question) && typeof question.key === 'string') : [];
  return (
    <>
      {asked.flatMap((question) => {
        const answer = entry.questions?.answers[question.key];
        if (!isObject(answer) || answer.value === undefined) return [];
        const option = question.options?.find((choice) => choice.value === answer.value);
        const said =
          typeof answer.value === 'boolean' ? t(answer.value ? 'engine.value.yes' : 'engine.value.no') : option ? t(option.labelKey) : String(answer.value);
        const followUps = (question.followUp?.fields ?? []).filter((field) => answer[field.name] !== undefined && answer[field.name] !== '');
        return [
          <div key={question.key} className="eng-details__item">
            <dt>{t(question.labelKey)}</dt>
            <dd data-field={`${entry.path}.${question.key}`}>{said}</dd>
          </div>,
          ...followUps.map((field) => (
            <div key={`${question.key}.${field.name}`} className="eng-details__item">
              <dt>{t(field.labelKey)}</dt>
              <dd data-field={`${entry.path}.${question.key}.${field.name}`}>{String(answer[field.name])}</dd>
            </div>
          )),
        ];
      })}
    </>
  );
}

/** The entries of a summary as a definition list's items. */
function Entries({ entries, answers }: { entries: SummaryEntry[]; answers: Item }) {
  return (
    <>
      {entries.map((entry) =>
        entry.questions ? (
          <QuestionAnswers key={entry.path} entry={entry} answers={answers} />
        ) : (
          <div key={entry.path} className="eng-details__item">
            <dt>{entry.label}</dt>
            <dd data-field={entry.path}>
              <EntryValue entry={entry} answers={answers} />
            </dd>
          </div>
        ),
      )}
    </>
  );
}

/** An object field's answers, leaf by leaf (see {@link summaryEntries}). */
function ObjectAnswers({ step, data }: { step: WizardStep; data: Item }) {
  const { t } = useTranslation();
  const entries = shownFields(step, data).flatMap((field) => {
    const value = data[field];
    return isObject(value) ? summaryEntries(t, value, step.uiSchema?.[field], data, field) : [];
  });
  return (
    <dl className="eng-details">
      <Entries entries={entries} answers={data} />
    </dl>
  );
}

/** A field step's answers: lists picked from other answers named, objects leaf by leaf, the rest as a detail shows them. */
function FieldAnswers({ wizard, step, data }: { wizard: WizardSpec; step: WizardStep; data: Item }) {
  const { t } = useTranslation();
  const fields = shownFields(step, data);
  const plain = fields.filter((field) => !isObject(data[field]) && !contextOptionsOf(optionsOf(step.uiSchema?.[field])));
  const picked = fields.filter((field) => !isObject(data[field]) && contextOptionsOf(optionsOf(step.uiSchema?.[field])));
  return (
    <>
      {fields.some((field) => isObject(data[field])) && <ObjectAnswers step={step} data={data} />}
      {picked.length > 0 && (
        <dl className="eng-details">
          <Entries entries={summaryEntries(t, Object.fromEntries(picked.map((field) => [field, data[field]])), step.uiSchema, data, step.id)} answers={data} />
        </dl>
      )}
      {plain.length > 0 && <DefinitionList data={data} fields={plain.map((field) => ({ field }))} entity={wizard.schema} />}
    </>
  );
}

const optionsOf = (ui: unknown): Item => (isObject(ui) && isObject(ui['ui:options']) ? ui['ui:options'] : {});

/** The items of a hub's list as the hub names them. */
function HubItems({ step, items, answers }: { step: WizardStep; items: unknown; answers: Item }) {
  const { t } = useTranslation();
  const list = Array.isArray(items) ? (items as Item[]) : [];
  const hub = step.hub;
  if (!hub || list.length === 0) return <p className="eng-empty">{t(hub?.emptyText ?? 'engine.value.empty')}</p>;
  return (
    <ul className="eng-hub__items">
      {list.map((item, index) => (
        <li key={index} className="eng-hub__item" data-item={index}>
          {hubItemTitle(t, hub, item, index, answers)}
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
        <HubItems step={step} items={data[step.fields?.[0] ?? '']} answers={data} />
      ) : (
        <FieldAnswers wizard={wizard} step={step} data={data} />
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
