import type { AnswerProblem, AnswerRules } from '../../provider/types';
import type { WizardStep } from '../../spec/types';
import { stepOfPath } from './steps';

type Answers = Record<string, unknown>;

/**
 * The problems that hold a move from the step at `stepIndex`: those on a field this step or an earlier
 * shown one asks for (a later step's field is not answered yet), and, on the step that submits, every one.
 *
 * @example
 * ```ts
 * holdingProblems(problems, shown, 2, false); // the problems of steps 0 to 2
 * ```
 */
export function holdingProblems(problems: readonly AnswerProblem[], shown: readonly WizardStep[], stepIndex: number, submits: boolean): AnswerProblem[] {
  return problems.filter((problem) => {
    if (submits) return true;
    const owner = stepOfPath(shown, problem.field);
    return owner !== -1 && owner <= stepIndex;
  });
}

/**
 * The problems of one item of a hub's list that its sub-form can mend: those below `<list>.<index>.` on a
 * field the sub-form asks for, by their path inside the item (`email`, `members.0.share`).
 *
 * @example
 * ```ts
 * itemProblems([{ field: 'people.1.email', key: 'crew.taken' }], 'people', 1, ['name', 'email']); // [{ path: 'email', … }]
 * ```
 */
export function itemProblems(
  problems: readonly AnswerProblem[],
  list: string,
  index: number,
  fields: readonly string[],
): Array<AnswerProblem & { path: string }> {
  const prefix = `${list}.${index}.`;
  return problems.flatMap((problem) => {
    if (!problem.field.startsWith(prefix)) return [];
    const path = problem.field.slice(prefix.length);
    return fields.includes(path.split('.')[0] ?? '') ? [{ ...problem, path }] : [];
  });
}

/**
 * The answers after a change, as the rules keep them (`tidy`), or as changed without a tidy or when the
 * tidy fails on answers it did not expect (an item half written): nothing typed is lost to it.
 *
 * @example
 * ```ts
 * tidied(rules, before, after);
 * ```
 */
export function tidied(rules: AnswerRules | undefined, before: Answers, after: Answers): Answers {
  if (!rules?.tidy) return after;
  try {
    return rules.tidy(before, after);
  } catch {
    return after;
  }
}
