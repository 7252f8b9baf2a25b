import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Screens load their parts lazily; on a busy 2-core machine the first render of a form can take more than
// testing-library's default second to appear. `findBy…` waits up to five before it calls the screen wrong.
configure({ asyncUtilTimeout: 5_000 });

// Nothing a test changes in the environment may reach the next test: timers, globals, env and storage are put back.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
