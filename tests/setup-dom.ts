import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Screens load their parts lazily; on a busy 2-core machine the first render of a form can take more than
// testing-library's default second to appear. `findBy…` waits up to five before it calls the screen wrong.
configure({ asyncUtilTimeout: 5_000 });

// The page's address when the worker's environment was made. The unit project runs its files in one shared
// environment per worker (`isolate: false` in vitest.config.ts) and this file runs again before each of them, so
// the first address is kept on the environment's global, not in this module.
const FIRST_URL = Symbol.for('tests.setup-dom.firstUrl');
const start = globalThis as typeof globalThis & { [FIRST_URL]?: string };
start[FIRST_URL] ??= location.href;

// Nothing a test changes in the environment may reach the next test, nor the next file's tests: timers, globals,
// env, storage and the page's address are put back.
afterEach(() => {
  cleanup();
  // happy-dom follows a clicked link's href (a download link's blob: URL too): relative URLs would then fail.
  if (location.href !== start[FIRST_URL]) (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(start[FIRST_URL]!);
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
