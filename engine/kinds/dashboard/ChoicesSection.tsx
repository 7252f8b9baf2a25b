import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEngine } from '../../provider/EngineProvider';
import type { ChoiceLink } from '../../spec/types';
import { matchesWhen } from '../../spec/when';

/**
 * A `choices` section: a large link per way on (its name, a line on what it leads to), only those whose
 * `when` holds for the application's facts (a brand's settings); `emptyText`, interpolating the facts,
 * where none does.
 *
 * @example
 * ```yaml
 * - id: kinds
 *   kind: choices
 *   choices:
 *     - { to: /join/person, label: join.person, text: join.personText, when: { field: joining.person, equals: true } }
 *   emptyText: join.closed          # "{{projectName}} does not take new members here."
 * ```
 */
export function ChoicesSection({ choices, emptyText }: { choices: readonly ChoiceLink[]; emptyText: string | undefined }) {
  const { t } = useTranslation();
  const { facts = {} } = useEngine();
  const offered = choices.filter((choice) => matchesWhen(choice.when, facts));
  if (offered.length === 0) return <p className="eng-empty">{t(emptyText ?? 'engine.table.empty', facts)}</p>;
  return (
    <ul className="eng-choices">
      {offered.map((choice) => (
        <li key={choice.to}>
          <Link className="eng-choice" to={choice.to}>
            <span className="eng-choice__label">{t(choice.label)}</span>
            {choice.text && <span className="eng-choice__text">{t(choice.text)}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
