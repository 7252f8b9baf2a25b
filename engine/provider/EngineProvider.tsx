import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import type { EngineOptions } from './types';

const EngineContext = createContext<EngineOptions | null>(null);

/**
 * Hands the engine options to every screen, and gives the screens one SWR cache of their own. When the
 * user picks another language, every answer on screen is asked for again: texts the backend words itself
 * (in the language the request names) follow the choice without a reload.
 *
 * `createScreenRoutes` already wraps every route in it; use it directly only to render engine parts outside
 * the router (tests, storybook).
 *
 * @example
 * ```tsx
 * <EngineProvider options={options}><MyCustomScreen {...props} /></EngineProvider>
 * ```
 */
export function EngineProvider({ options, children }: { options: EngineOptions; children: ReactNode }) {
  // One cache per provider, created once: tests stay isolated and a remount does not leak stale answers.
  const [swrConfig] = useState<SWRConfiguration>(() => {
    const cache = new Map();
    return {
      provider: () => cache,
      // Screens show their own error state with a retry button; silent retries would hide failures.
      shouldRetryOnError: false,
      revalidateOnFocus: false,
      // A screen that opens always asks again (showing the cached answer meanwhile): custom screens change
      // data through calls the engine never sees, and a list must not show what was true before them.
      dedupingInterval: 0,
    };
  });
  return (
    <EngineContext value={options}>
      <SWRConfig value={swrConfig}>
        <AskAgainInNewLanguage />
        {children}
      </SWRConfig>
    </EngineContext>
  );
}

/** Revalidates every cached answer when the language changes, so the backend's words come in the new one. */
function AskAgainInNewLanguage(): null {
  const { i18n } = useTranslation();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const askAgain = () => void mutate(() => true);
    i18n.on('languageChanged', askAgain);
    return () => i18n.off('languageChanged', askAgain);
  }, [i18n, mutate]);
  return null;
}

/**
 * The options given to `createScreenRoutes`, for custom screens and widgets that need `callMethod` or the
 * application actions.
 *
 * @example
 * ```tsx
 * function ProfilePhoto() {
 *   const { callMethod } = useEngine();
 *   ...
 * }
 * ```
 */
export function useEngine(): EngineOptions {
  const options = use(EngineContext);
  if (!options) {
    throw new Error(
      'useEngine() was called outside the engine. Render the component through createScreenRoutes(), or wrap it in <EngineProvider options={...}>.',
    );
  }
  return options;
}

/**
 * The engine options inside the engine, else null: for parts that also work on their own, outside any
 * screen (a copy button, which then says "copied" itself).
 *
 * @example
 * ```tsx
 * const notify = useEngineIfAny()?.notify;
 * ```
 */
export function useEngineIfAny(): EngineOptions | null {
  return use(EngineContext);
}
