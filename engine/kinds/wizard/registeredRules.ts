/**
 * The answer rules a wizard names among those the application registers (`EngineOptions.answerRules`),
 * fetching those registered as `{ load }`. Apart from the wizard's other code: the router fetches them with
 * the screen's spec, in every application's first load.
 */
import type { AnswerRules, AnswerRulesLoader } from '../../provider/types';
import type { ScreenSpec, WizardSpec } from '../../spec/types';

type Registered = Record<string, AnswerRules | AnswerRulesLoader> | undefined;

/** Rules registered as `{ load }`, once fetched (or being fetched): each is fetched once. */
const fetched = new WeakMap<AnswerRulesLoader, Promise<AnswerRules>>();
const ready = new WeakMap<AnswerRulesLoader, AnswerRules>();

/**
 * What the application registers under the name a wizard gives (`answerRules`): rules, or rules to fetch.
 * A name it does not register is a mistake of the build, said with the name.
 */
function registeredRules(wizard: WizardSpec, registered: Registered): AnswerRules | AnswerRulesLoader | undefined {
  if (!wizard.answerRules) return undefined;
  const rules = registered?.[wizard.answerRules];
  if (!rules)
    throw new Error(`The wizard names the answer rules '${wizard.answerRules}', which the application does not register (EngineOptions.answerRules).`);
  return rules;
}

const isLoader = (rules: AnswerRules | AnswerRulesLoader): rules is AnswerRulesLoader => 'load' in rules;

function fetchRules(loader: AnswerRulesLoader): Promise<AnswerRules> {
  let pending = fetched.get(loader);
  if (!pending) {
    pending = loader.load().then((rules) => {
      ready.set(loader, rules);
      return rules;
    });
    // A failed fetch is tried again next time.
    pending.catch(() => fetched.delete(loader));
    fetched.set(loader, pending);
  }
  return pending;
}

/**
 * The rules a wizard names (`answerRules`) among those the application registers, or `'fetching'` while
 * rules registered as `{ load }` have not arrived (see {@link fetchWizardRules}).
 *
 * @example
 * ```ts
 * wizardRules(wizard, { crew: crewRules }); // crewRules for `answerRules: crew`
 * ```
 */
export function wizardRules(wizard: WizardSpec, registered: Registered): AnswerRules | undefined | 'fetching' {
  const rules = registeredRules(wizard, registered);
  if (!rules || !isLoader(rules)) return rules;
  return ready.get(rules) ?? 'fetching';
}

/**
 * Fetches the answer rules a screen's wizard names when they are registered as `{ load }`, so that the
 * wizard opens with them (the screen's route waits for it with the spec); nothing for other screens.
 *
 * @example
 * ```ts
 * await fetchWizardRules(spec, options.answerRules); // the crew rules, fetched once
 * ```
 */
export async function fetchWizardRules(spec: ScreenSpec, registered: Registered): Promise<AnswerRules | undefined> {
  if (spec.kind !== 'wizard' || !spec.wizard) return undefined;
  const rules = registeredRules(spec.wizard, registered);
  return rules && isLoader(rules) ? fetchRules(rules) : rules;
}
