import { useTranslation } from 'react-i18next';
import type { WizardStep } from '../../spec/types';

/**
 * The steps of a wizard as an ordered list: done steps are marked, the current one has
 * `aria-current="step"`. On narrow screens only the numbers show, with the current title beside them.
 *
 * @example
 * ```tsx
 * <StepIndicator steps={wizard.steps} current={1} />
 * ```
 */
export function StepIndicator({ steps, current }: { steps: readonly WizardStep[]; current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="eng-steps" aria-label={t('engine.wizard.steps')}>
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step.id} className={`eng-steps__item eng-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="eng-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="eng-steps__title">{t(step.title)}</span>
            {state === 'done' && <span className="eng-visually-hidden">{` (${t('engine.wizard.done')})`}</span>}
          </li>
        );
      })}
    </ol>
  );
}
