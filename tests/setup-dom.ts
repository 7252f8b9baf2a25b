import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Screens load their parts lazily; on a busy 2-core machine the first render of a form can take more than
// testing-library's default second to appear. `findBy…` waits up to five before it calls the screen wrong.
configure({ asyncUtilTimeout: 5_000 });

// The unit project runs its files in one shared module graph per worker (`isolate: false` in vitest.config.ts):
// nothing a test changes in the environment may reach the next file's tests.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
