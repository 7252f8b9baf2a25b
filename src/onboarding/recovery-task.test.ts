import { describe, expect, it } from 'vitest';
import { keepRecoveryTask, keptRecoveryTask, stepToShow, type RecoveryTask } from './recovery-task.ts';

const task: RecoveryTask = { taskId: 't-1', channel: 'email', verificationStatus: 'codeSent', isRetryable: false, codeExpiresInSeconds: 900 };

describe('account recovery steps', () => {
  it.each([
    [undefined, null, false, 'email'],
    ['nonsense', task, false, 'email'],
    ['status', null, false, 'email'],
    ['status', task, false, 'status'],
    ['reset', task, false, 'reset'],
    ['password', task, false, 'reset'],
    ['password', task, true, 'password'],
    ['success', null, false, 'success'],
  ] as const)('%s with task %o, code checked %s shows %s', (requested, known, codeChecked, shown) => {
    expect(stepToShow(requested, { task: known, codeChecked })).toBe(shown);
  });

  it('keeps the task across reloads of the tab, and forgets it', () => {
    keepRecoveryTask(sessionStorage, task);
    expect(keptRecoveryTask(sessionStorage)).toEqual(task);
    keepRecoveryTask(sessionStorage, null);
    expect(keptRecoveryTask(sessionStorage)).toBeNull();
    sessionStorage.setItem('accountRecovery.task', '{broken');
    expect(keptRecoveryTask(sessionStorage)).toBeNull();
  });
});
