import type { AccountRecoveryStatusResponse } from '../../generated/methods.ts';

/** The steps of /account-recovery (document 000 section 2), in order. */
export const RECOVERY_STEPS = ['email', 'status', 'reset', 'password', 'success'] as const;
export type RecoveryStep = (typeof RECOVERY_STEPS)[number];

export type RecoveryTask = AccountRecoveryStatusResponse;

const KEY = 'accountRecovery.task';

/**
 * The recovery under way in this tab, kept in sessionStorage so a reload on the status or code step
 * carries on; the code itself is never stored.
 *
 * @example
 * keepRecoveryTask(sessionStorage, task);
 * keptRecoveryTask(sessionStorage)?.taskId;
 */
export function keepRecoveryTask(storage: Storage, task: RecoveryTask | null): void {
  if (task) storage.setItem(KEY, JSON.stringify(task));
  else storage.removeItem(KEY);
}

export function keptRecoveryTask(storage: Storage): RecoveryTask | null {
  try {
    const task = JSON.parse(storage.getItem(KEY) ?? 'null') as RecoveryTask | null;
    return task && typeof task.taskId === 'string' ? task : null;
  } catch {
    return null;
  }
}

/**
 * The step to show for the path's step and what this tab knows: a step that needs a task (or a
 * checked code) the tab does not have falls back to the step that gets it.
 *
 * @example
 * stepToShow('password', { task, codeChecked: false }); // 'reset'
 */
export function stepToShow(requested: string | undefined, known: { task: RecoveryTask | null; codeChecked: boolean }): RecoveryStep {
  const step = (RECOVERY_STEPS as readonly string[]).includes(requested ?? '') ? (requested as RecoveryStep) : 'email';
  if (step === 'email' || step === 'success') return step;
  if (!known.task) return 'email';
  if (step === 'password' && !known.codeChecked) return 'reset';
  return step;
}

/**
 * What the steps hand each other within this page load and never store: the code that passed the
 * check (for the password step), whether the visitor chose the lost-e-mail form, and the field errors
 * a later step met that the step it goes back to must show (a code refused when saving the password).
 * The engine mounts each step's path afresh, so this lives outside the component.
 */
export const recoveryMemory: { checked: { taskId: string; code: string } | null; lostEmail: boolean; refused: Record<string, string> | null } = {
  checked: null,
  lostEmail: false,
  refused: null,
};
