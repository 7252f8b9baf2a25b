import { useTranslation } from 'react-i18next';
import { Checkbox, FieldGroup, type WidgetProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';

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
  const errors = rawErrors ?? [];
  const toggle = (key: string, checked: boolean) => {
    const next = checked ? [...accepted.filter((item) => item !== key), key] : accepted.filter((item) => item !== key);
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <FieldGroup legend={t('fields.acceptedTerms')} required errors={errors}>
      {brand.termsToAccept.map((term) => (
        <Checkbox
          key={term.key}
          id={`${id}_${term.key}`}
          label={
            <>
              {t('onboarding.register.acceptTerm')}{' '}
              <a href={term.url} target="_blank" rel="noopener noreferrer">
                {t(`onboarding.terms.${term.key}`)}
              </a>
            </>
          }
          checked={accepted.includes(term.key)}
          disabled={disabled || readonly}
          required
          invalid={errors.length > 0}
          onChange={(checked) => toggle(term.key, checked)}
        />
      ))}
    </FieldGroup>
  );
}
