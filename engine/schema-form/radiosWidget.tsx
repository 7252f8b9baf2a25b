import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { enumLabel } from '../i18n/labels';
import type { UiOptions } from '../spec/types';
import { useFieldAria } from './fieldVisibility';
import { optionSourceOf, useSettledChoice, useWordedSourceChoices, type Choice } from './optionWidgets';

/**
 * The choices of an enum (or a yes/no) field, worded by `enums.<field or enumKey>.<value>`; a second line
 * by `ui:options.optionText`, interpolating `{{value}}`.
 */
function useEnumChoices(props: WidgetProps): Choice[] {
  const { t } = useTranslation();
  const options = props.options as UiOptions;
  const enumKey = typeof options.enumKey === 'string' ? options.enumKey : props.name;
  return (props.options.enumOptions ?? []).flatMap(({ value }) => {
    const raw: unknown = value;
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return [];
    return [{ value: raw, label: enumLabel(t, enumKey, raw), ...(options.optionText ? { text: t(options.optionText, { value: String(raw) }) } : {}) }];
  });
}

/**
 * `ui:widget: radios`: the options as a group of radio buttons, each with its words and an optional second
 * line (`optionText`: a delivery time, what a choice means). The options are those of `ui:options.source`
 * (a method's list, which may follow other fields and mark items `disabled` with a reason, said in place
 * of the second line and tied to the button with `aria-describedby`), else the schema's enum or yes/no.
 * The field template draws the group as a `fieldset` whose legend is the field's label, described by the
 * field's errors (a radio button takes no `aria-invalid`). `chooseFirst` and
 * `chooseOnly` choose an option by themselves; a value no longer offered is cleared; `emptyText` is said
 * where there is nothing to choose.
 *
 * @example
 * ```yaml
 * deliveryId:
 *   ui:widget: radios
 *   ui:options:
 *     source: { method: deliveryOptions, params: { storeId: ':storeId' }, path: options, value: id,
 *               disabled: { field: blockedBy, reasonKey: delivery.blocked, text: delivery.unavailable } }
 *     optionLabel: delivery.option          # "$t(delivery.kind.{{kind}}) · {{price}}"
 *     optionText: delivery.days             # "{{minDays}}–{{maxDays}} days"
 *     optionValues: [{ field: price, format: money, currencyField: currency }]
 *     chooseFirst: true
 * ```
 */
export function RadiosWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors, uiSchema } = props;
  const { t } = useTranslation();
  const options = props.options as UiOptions;
  const fromSource = useWordedSourceChoices(props);
  const fromEnum = useEnumChoices(props);
  const choices = optionSourceOf(props.options) ? fromSource : fromEnum;
  useSettledChoice(props, choices);
  const aria = useFieldAria(id, rawErrors, uiSchema);
  if (choices === null) {
    return (
      <p className="eng-help" role="status">
        {t('engine.loading')}
      </p>
    );
  }
  if (choices.length === 0) return <p className="eng-help">{t(typeof options.emptyText === 'string' ? options.emptyText : 'engine.form.noOptions')}</p>;
  return (
    <div className="eng-radios">
      {choices.map((choice, index) => {
        // The first button carries the field's id, which error focusing and the field's errors look for.
        const optionId = index === 0 ? id : `${id}-${index}`;
        const words = choice.reason ?? choice.text;
        const described = [words ? `${optionId}__text` : null, aria['aria-describedby'] ?? null].filter(Boolean).join(' ');
        return (
          <label key={String(choice.value)} className="eng-radio" htmlFor={optionId} data-disabled={choice.disabled || undefined}>
            <input
              type="radio"
              id={optionId}
              name={htmlName || id}
              className="eng-radio__input"
              value={String(choice.value)}
              checked={value !== undefined && value !== null && String(value) === String(choice.value)}
              disabled={disabled || readonly || choice.disabled}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
              autoFocus={autofocus && index === 0}
              aria-labelledby={`${optionId}__label`}
              aria-describedby={described || undefined}
              onChange={() => onChange(choice.value)}
              onBlur={() => onBlur(id, value)}
              onFocus={() => onFocus(id, value)}
            />
            <span className="eng-radio__words">
              <span id={`${optionId}__label`} className="eng-radio__label">
                {choice.label}
              </span>
              {words && (
                <span id={`${optionId}__text`} className="eng-help">
                  {words}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </div>
  );
}
