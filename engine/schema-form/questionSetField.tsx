import { useTranslation } from 'react-i18next';
import { errorId, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { fieldLabel } from '../i18n/labels';
import type { JsonSchema } from '../spec/types';
import { FieldErrorList } from './FieldErrorList';
import { useVisibleErrors } from './fieldVisibility';
import { formDataOf, optionSourceOf, useSourceData } from './sources';

/** One question a source asks: a yes/no or a choice of `options`, with fields asked after one answer. */
export interface AskedQuestion {
  key: string;
  labelKey: string;
  widget: 'yesNo' | 'radio';
  options?: { value: string | number; labelKey: string }[];
  followUp?: { when: unknown; fields: { name: string; labelKey: string }[] };
}

type Answer = Record<string, unknown>;

const isQuestion = (item: unknown): item is AskedQuestion =>
  typeof item === 'object' && item !== null && typeof (item as AskedQuestion).key === 'string' && typeof (item as AskedQuestion).labelKey === 'string';

/**
 * The answers after one question's answer changed: its follow-up fields are dropped when the new answer
 * no longer asks them, so a "no" never sends the text typed for a "yes".
 *
 * @example
 * ```ts
 * answeredQuestion({ pets: { value: true, text: 'A cat' } }, { key: 'pets', labelKey: 'q.pets', widget: 'yesNo', followUp: { when: true, fields: [{ name: 'text', labelKey: 'q.text' }] } }, { value: false });
 * // { pets: { value: false } }
 * ```
 */
export function answeredQuestion(answers: Record<string, Answer>, question: AskedQuestion, answer: Answer): Record<string, Answer> {
  const asksMore = question.followUp !== undefined && answer.value === question.followUp.when;
  const kept = asksMore ? answer : { value: answer.value };
  return { ...answers, [question.key]: kept };
}

/**
 * `ui:widget: questionSet`: an object of answers keyed by question, the questions being the items of
 * `ui:options.source` (`{ key, labelKey, widget: yesNo | radio, options: [{ value, labelKey }], followUp:
 * { when, fields: [{ name, labelKey }] } }`). A yes/no or a radio group per question, then its follow-up
 * fields while the answer equals `followUp.when`: each a text box, a date where the answer's schema
 * property has `format: date`, a text area where it allows more than 200 characters. The value is
 * `{ <key>: { value, <follow-up field>: … } }`.
 *
 * @example
 * ```yaml
 * extraAnswers:                              # { pets: { value: true, text: 'A cat' } }
 *   ui:widget: questionSet
 *   ui:options: { source: { method: questionnaire, path: questions } }
 * ```
 */
export function QuestionSetField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, onChange, registry, schema, uiSchema, rawErrors, disabled, readonly } = props;
  const { t } = useTranslation();
  const source = optionSourceOf((uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>);
  const { data, waiting, failed } = useSourceData(source, formDataOf(registry.formContext));
  const questions = waiting || failed || !Array.isArray(data) ? [] : data.filter(isQuestion);
  const answers = (typeof formData === 'object' && formData !== null ? formData : {}) as Record<string, Answer>;
  const errors = useVisibleErrors(fieldPathId.$id, rawErrors ?? errorSchema?.__errors);
  const title = uiSchema?.['ui:title'] as string | undefined;
  const answerSchema = (schema as JsonSchema).additionalProperties as JsonSchema | boolean | undefined;
  const propertyOf = (name: string): JsonSchema => {
    const property = typeof answerSchema === 'object' && answerSchema !== null ? answerSchema.properties?.[name] : undefined;
    return property ? (registry.schemaUtils.retrieveSchema(property as RJSFSchema) as JsonSchema) : {};
  };
  const set = (question: AskedQuestion, answer: Answer) => onChange(answeredQuestion(answers, question, answer), fieldPathId.path);
  const locked = disabled || readonly;

  return (
    <fieldset className="eng-fieldset" id={fieldPathId.$id} aria-describedby={errors.length > 0 ? errorId(fieldPathId.$id) : undefined}>
      <legend className="eng-legend">{title ? t(title) : fieldLabel(t, props.name, schema as JsonSchema)}</legend>
      {data === undefined && !waiting && !failed && (
        <p className="eng-help" role="status">
          {t('engine.loading')}
        </p>
      )}
      {questions.map((question) => {
        const id = `${fieldPathId.$id}_${question.key}`;
        const answer = answers[question.key] ?? {};
        const options =
          question.widget === 'yesNo'
            ? [
                { value: true, label: t('engine.value.yes') },
                { value: false, label: t('engine.value.no') },
              ]
            : (question.options ?? []).map((option) => ({ value: option.value, label: t(option.labelKey) }));
        const asksMore = question.followUp !== undefined && answer.value !== undefined && answer.value === question.followUp.when;
        return (
          <fieldset key={question.key} className="eng-fieldset eng-question" id={id}>
            <legend className="eng-legend">{t(question.labelKey)}</legend>
            <div className="eng-radios">
              {options.map((option) => {
                const optionId = `${id}_${String(option.value)}`;
                return (
                  <label key={String(option.value)} className="eng-radio" htmlFor={optionId}>
                    <input
                      type="radio"
                      id={optionId}
                      name={id}
                      className="eng-radio__input"
                      checked={answer.value === option.value}
                      disabled={locked}
                      onChange={() => set(question, { ...answer, value: option.value })}
                    />
                    <span className="eng-radio__words">
                      <span className="eng-radio__label">{option.label}</span>
                    </span>
                  </label>
                );
              })}
            </div>
            {asksMore &&
              question.followUp?.fields.map((field) => {
                const property = propertyOf(field.name);
                const inputId = `${id}_${field.name}`;
                const value = typeof answer[field.name] === 'string' ? (answer[field.name] as string) : '';
                const update = (next: string) => {
                  const { [field.name]: dropped, ...rest } = answer;
                  void dropped;
                  set(question, next === '' ? rest : { ...answer, [field.name]: next });
                };
                return (
                  <div key={field.name} className="eng-field">
                    <label className="eng-label" htmlFor={inputId}>
                      {t(field.labelKey)}
                    </label>
                    {typeof property.maxLength === 'number' && property.maxLength > 200 ? (
                      <textarea
                        id={inputId}
                        className="eng-input eng-textarea"
                        value={value}
                        maxLength={property.maxLength}
                        disabled={locked}
                        onChange={(event) => update(event.target.value)}
                      />
                    ) : (
                      <input
                        id={inputId}
                        className="eng-input"
                        type={property.format === 'date' ? 'date' : 'text'}
                        value={value}
                        maxLength={typeof property.maxLength === 'number' ? property.maxLength : undefined}
                        disabled={locked}
                        onChange={(event) => update(event.target.value)}
                      />
                    )}
                  </div>
                );
              })}
          </fieldset>
        );
      })}
      <FieldErrorList fieldId={fieldPathId.$id} errors={errors} />
    </fieldset>
  );
}
