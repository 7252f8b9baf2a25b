import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';

/**
 * `ui:widget: registrationType`: a select of the registration types the brand offers
 * (registrationPersonalTypes), labelled `enums.registrationType.<value>`. The schema lists every type
 * any brand may offer; the server refuses a type this brand does not.
 */
export function RegistrationTypeWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors } = props;
  const { t } = useTranslation();
  const { brand } = useApp();
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <select
      id={id}
      name={id}
      className="eng-input eng-select"
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled || readonly}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}__error` : undefined}
      onChange={(event) => onChange(event.target.value || undefined)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    >
      <option value="">{t('engine.form.choose')}</option>
      {brand.registrationPersonalTypes.map((type) => (
        <option key={type} value={type}>
          {t(`enums.registrationType.${type}`)}
        </option>
      ))}
    </select>
  );
}
