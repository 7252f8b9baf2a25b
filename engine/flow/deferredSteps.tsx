import { lazy, Suspense, type ComponentProps } from 'react';
import type { ChallengeStep as ChallengeStepPart } from './ChallengeStep';
import type { LostStep as LostStepPart, ResultStep as ResultStepPart, ReviewStep as ReviewStepPart } from './steps';

/*
 * The dialogs of a flow (review, challenge, result, lost answer) show only after the person acted and the
 * server answered, so their code (the definition list and its value formats, the code input, the result
 * table) is fetched the first time one opens, not with every screen that has a form or a button. Each
 * waits for its code in its own Suspense boundary, drawing nothing meanwhile, so the screen stays as it is.
 */
const loadSteps = () => import('./steps');
const Review = lazy(() => loadSteps().then((module) => ({ default: module.ReviewStep })));
const Result = lazy(() => loadSteps().then((module) => ({ default: module.ResultStep })));
const Lost = lazy(() => loadSteps().then((module) => ({ default: module.LostStep })));
const Challenge = lazy(() => import('./ChallengeStep').then((module) => ({ default: module.ChallengeStep })));

/** `ReviewStep` of steps.tsx, its code fetched when it first opens. */
export function ReviewStep(props: ComponentProps<typeof ReviewStepPart>) {
  return (
    <Suspense fallback={null}>
      <Review {...props} />
    </Suspense>
  );
}

/** `ResultStep` of steps.tsx, its code fetched when it first opens. */
export function ResultStep(props: ComponentProps<typeof ResultStepPart>) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}

/** `LostStep` of steps.tsx, its code fetched when it first opens. */
export function LostStep(props: ComponentProps<typeof LostStepPart>) {
  return (
    <Suspense fallback={null}>
      <Lost {...props} />
    </Suspense>
  );
}

/** `ChallengeStep` of ChallengeStep.tsx, its code fetched when it first opens. */
export function ChallengeStep(props: ComponentProps<typeof ChallengeStepPart>) {
  return (
    <Suspense fallback={null}>
      <Challenge {...props} />
    </Suspense>
  );
}
