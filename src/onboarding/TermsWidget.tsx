import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import './onboarding.css';

/**
 * `ui:widget: termsToAccept` for an array of term keys: one required checkbox per term the brand
 * asks to accept (termsToAccept), each linking to the brand's page for it (opened in a new tab so
 * the form keeps what was typed). Draws its own legend and errors, as the engine leaves arrays to
 * their widget.
 */
export function TermsWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, rawErrors } = props;
  const { t } = useTranslation();
  const { brand } = useApp();
  const accepted: string[] = Array.isArray(value) ? value : [];
  const errors = [...new Set(rawErrors ?? [])];
  const errorId = `${id}__error`;
  const toggle = (key: string, checked: boolean) => {
    const next = checked ? [...accepted.filter((item) => item !== key), key] : accepted.filter((item) => item !== key);
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <fieldset className={`eng-fieldset onboarding-terms${errors.length ? ' eng-field--invalid' : ''}`} aria-describedby={errors.length ? errorId : undefined}>
      <legend className="eng-label">
        {t('fields.acceptedTerms')}
        <span className="eng-required" aria-hidden="true">
          {' *'}
        </span>
      </legend>
      {brand.termsToAccept.map((term) => {
        const boxId = `${id}_${term.key}`;
        return (
          <div key={term.key} className="eng-checkbox-row">
            <input
              type="checkbox"
              id={boxId}
              className="eng-checkbox"
              checked={accepted.includes(term.key)}
              disabled={disabled || readonly}
              required
              aria-invalid={errors.length ? true : undefined}
              onChange={(event) => toggle(term.key, event.target.checked)}
            />
            <label htmlFor={boxId}>
              {t('onboarding.register.acceptTerm')}{' '}
              <a href={term.url} target="_blank" rel="noopener noreferrer">
                {t(`onboarding.terms.${term.key}`)}
              </a>
            </label>
          </div>
        );
      })}
      {errors.length > 0 && (
        <ul id={errorId} className="eng-field-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
